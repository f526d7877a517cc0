import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..');
const CODE = 'qafila';
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=kit', '-c', 'user.email=kit@example.invalid', ...args], { cwd, encoding: 'utf8' });

/**
 * The carrier kit on a copy of the repository: the generator adds a throwaway rest carrier as
 * one folder and its registry line, the recorder records its simulator's answers, and the
 * carrier suites (unit specs, contract suite, lean e2e) pass for it without any other edit.
 */
describe('carrier kit', () => {
  // Generation and a nested jest run on a copy of the repository: a minute, more on a busy machine.
  jest.setTimeout(300_000);
  let copy: string;

  beforeAll(() => {
    copy = mkdtempSync(join(tmpdir(), 'lgw-carrier-kit-'));
    const files = git(ROOT, 'ls-files', '--cached', '--others', '--exclude-standard', '-z').split('\0').filter(Boolean);
    for (const file of files) {
      const from = join(ROOT, file);
      if (!existsSync(from)) continue; // deleted in the working tree
      mkdirSync(dirname(join(copy, file)), { recursive: true });
      copyFileSync(from, join(copy, file));
    }
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
    git(copy, 'init', '-q');
    git(copy, 'add', '-A');
    git(copy, 'commit', '-q', '-m', 'copy');
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('generates a rest carrier as its folder plus its registry line, and nothing else', () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['scripts/carrier-kit/new-carrier.js', ...args], { cwd: copy, encoding: 'utf8' });
    const made = run('--code', CODE, '--type', 'rest', '--name', 'Qafila Couriers', '--name-ar', 'قافلة');
    expect(made.stderr).toBe('');
    expect(made.status).toBe(0);

    expect(git(copy, 'status', '--porcelain').split('\n').filter(Boolean).sort()).toEqual([
      ' M libs/carriers/src/registry/carriers.registry.ts',
      `?? libs/carriers/src/${CODE}/`,
    ]);
    const diff = git(copy, 'diff', '-U0', 'libs/carriers/src/registry/carriers.registry.ts')
      .split('\n')
      .filter((line) => /^[+-][^+-]/.test(line));
    const removed = diff.filter((line) => line.startsWith('-')).map((line) => line.slice(1));
    const added = diff.filter((line) => line.startsWith('+')).map((line) => line.slice(1));
    expect(removed).toHaveLength(1);
    expect(added).toEqual([`import { QAFILA_CARRIER } from '../${CODE}/${CODE}.carrier';`, removed[0].replace('];', ', QAFILA_CARRIER];')]);

    const folder = join(copy, 'libs/carriers/src', CODE);
    for (const part of [
      'qafila.carrier.ts',
      'qafila.adapter.ts',
      'rate-cards/qafila_express_domestic.json',
      'sandbox/qafila.simulator.ts',
    ]) {
      expect(existsSync(join(folder, part))).toBe(true);
    }
    expect(readdirSync(join(folder, 'fixtures')).length).toBeGreaterThan(0);
    const definition = readFileSync(join(folder, 'qafila.carrier.ts'), 'utf8');
    expect(definition).toContain("name_en: 'Qafila Couriers'");
    expect(definition).toContain("name_ar: 'قافلة");

    expect(run('--code', CODE, '--type', 'rest').status).toBe(1);
    expect(run('--code', 'Bad-Code', '--type', 'rest').status).toBe(1);
  });

  it('records the simulator answers into fixtures, credentials redacted', () => {
    const recorded = spawnSync(
      process.execPath,
      ['-r', './bench/support/register.js', 'scripts/carrier-kit/record-fixtures.ts', '--code', CODE],
      { cwd: copy, encoding: 'utf8' },
    );
    expect(recorded.stderr).toBe('');
    expect(recorded.status).toBe(0);
    const out = join(copy, 'libs/carriers/src', CODE, 'fixtures', 'recorded');
    const files = readdirSync(out);
    expect(files).toEqual(expect.arrayContaining(['booking-request.json', '01-book.json', '02-find-booking.json']));
    const all = files.map((file) => readFileSync(join(out, file), 'utf8')).join('\n');
    expect(all).not.toContain(`${CODE}-sandbox-token`);
    expect(all).toContain('<redacted>');
    const book = JSON.parse(readFileSync(join(out, '01-book.json'), 'utf8'));
    expect(book.response.status).toBe(201);
  });

  it('passes the carrier suites for the new carrier: its specs, the contract suite and the e2e', () => {
    const result = spawnSync(process.execPath, ['scripts/carrier-kit/test-carrier.js', '--code', CODE], {
      cwd: copy,
      encoding: 'utf8',
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    const output = `${result.stdout}\n${result.stderr}`;
    expect(output).toMatch(/PASS test\/contract\/carriers\.contract-spec\.ts/);
    expect(output).toMatch(/PASS test\/e2e\/carriers\.e2e-spec\.ts/);
    expect(output).toMatch(new RegExp(`PASS libs/carriers/src/${CODE}/sandbox/${CODE}\\.simulator\\.spec\\.ts`));
    expect(output).not.toMatch(/FAIL /);
    const passed = Number(/Tests:.*?(\d+) passed/.exec(output)?.[1] ?? 0);
    expect(passed).toBeGreaterThanOrEqual(35);
    expect(result.status).toBe(0);
  });
});
