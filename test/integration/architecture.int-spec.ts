import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');

function files(dir: string, keep: (path: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path, keep) : keep(path) ? [path] : [];
  });
}

const production = (path: string) => path.endsWith('.ts') && !path.endsWith('.spec.ts') && !path.includes('/fixtures/');

/** DESIGN §1: controllers and processors call the use cases; no use case injects another, no production path is optional. */
describe('wiring rules the import graph cannot see', () => {
  const useCases = files(join(ROOT, 'libs'), (path) => path.endsWith('.use-case.ts'));
  const all = files(join(ROOT, 'libs'), production);

  it('finds the use cases it checks', () => {
    expect(useCases.length).toBeGreaterThan(50);
  });

  it('no use case takes another use case in its constructor', () => {
    const offenders = useCases.filter((path) => {
      const source = readFileSync(path, 'utf8');
      const constructors = [...source.matchAll(/constructor\(([\s\S]*?)\)\s*\{/g)].map((m) => m[1]);
      return constructors.some((params) => /:\s*[A-Za-z]+UseCase\b/.test(params));
    });
    expect(offenders.map((path) => relative(ROOT, path))).toEqual([]);
  });

  it('no production code marks a dependency @Optional()', () => {
    const offenders = all.filter((path) => readFileSync(path, 'utf8').includes('@Optional()'));
    expect(offenders.map((path) => relative(ROOT, path))).toEqual([]);
  });
});
