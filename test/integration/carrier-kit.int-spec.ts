import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

// Plain JavaScript of the kit, loaded as CommonJS.
const { carrierSuites, iteratesRegistry } = require('../../scripts/carrier-kit/carrier-suites.js') as {
  carrierSuites(root?: string): string[];
  iteratesRegistry(source: string): boolean;
};

const ROOT = resolve(__dirname, '..', '..');
const CODE = 'qafila';
/** What a rest carrier serving domestic and GCC lanes must declare (shared/status-map.ts, statusContract). */
const GCC_REQUIRED = 15;
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=kit', '-c', 'user.email=kit@example.invalid', ...args], { cwd, encoding: 'utf8' });

describe('carrier suites, found by what they iterate', () => {
  it('counts a suite whose .each table comes from the registry, directly or through a constant', () => {
    expect(iteratesRegistry("import { CARRIER_CODES } from '../support/carriers';\nit.each(CARRIER_CODES)('%s: x', () => {});")).toBe(true);
    expect(
      iteratesRegistry(
        "import { CARRIERS } from '@lgw/carriers';\nconst MINE = CARRIERS.filter((c) => c.descriptor.capabilities.returns);\n" +
          "const CODES = MINE.map((c) => c.descriptor.code);\ndescribe.each(CODES)('%s', () => {});",
      ),
    ).toBe(true);
  });

  it('leaves out a suite that only uses the registry, or iterates something else', () => {
    expect(iteratesRegistry("import { CARRIER_CODES } from '../support/carriers';\nit('x', () => book(CARRIER_CODES[0]));")).toBe(false);
    expect(iteratesRegistry("import { CARRIERS } from '@lgw/carriers';\nit.each([400, 500])('%i', () => CARRIERS);")).toBe(false);
    expect(iteratesRegistry("it.each(['sahm', 'bahr'])('%s', () => {});")).toBe(false);
  });

  it('finds the contract, deployment, console and each-carrier e2e suites, and no other', () => {
    const found = carrierSuites(ROOT);
    for (const suite of [
      'test/contract/carriers.contract-spec.ts',
      'test/integration/deployment-files.int-spec.ts',
      'test/e2e/console.e2e-spec.ts',
      'test/e2e/carriers.e2e-spec.ts',
      'test/e2e/passthrough.e2e-spec.ts',
      'test/e2e/tracking.e2e-spec.ts',
      'test/e2e/shipments.e2e-spec.ts',
      'libs/carriers/src/shared/status-map.coverage.spec.ts',
    ]) {
      expect(found).toContain(suite);
    }
    for (const suite of [
      'test/e2e/rates.e2e-spec.ts',
      'test/integration/carrier-kit.int-spec.ts',
      'libs/kernel/src/carrier/rate-card.spec.ts',
    ]) {
      expect(found).not.toContain(suite);
    }
  });
});

/**
 * The carrier kit on a copy of the repository: the generator adds a throwaway rest carrier,
 * narrowed to the statuses its lanes require, as one folder and its registry line; the recorder
 * records its simulator's answers; and the full carrier suite (`carrier:test`: its own specs and
 * every suite that iterates the registry) passes for it without any other edit.
 */
describe('carrier kit', () => {
  // Generation and the full carrier suite (about 20 suites, a browser among them) on a copy of
  // the repository: minutes, more on a busy machine.
  jest.setTimeout(1_200_000);
  let copy: string;

  beforeAll(() => {
    copy = mkdtempSync(join(tmpdir(), 'lgw-carrier-kit-'));
    const files = git(ROOT, 'ls-files', '--cached', '--others', '--exclude-standard', '-z')
      .split('\0')
      // A worktree links its dependencies (a symlink `node_modules/` does not ignore): the copy links its own.
      .filter((file) => file && file !== 'node_modules');
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
    const made = run('--code', CODE, '--type', 'rest', '--name', 'Qafila Couriers', '--name-ar', 'قافلة', '--statuses', 'minimal');
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
    const imported = `import { QAFILA_CARRIER } from '../${CODE}/${CODE}.carrier';`;
    // The list on one line gains the name in that line; a list of one name per line gains one line.
    if (removed.length === 0) expect(added).toEqual([imported, '  QAFILA_CARRIER,']);
    else
      expect({ removed: removed.length, added }).toEqual({ removed: 1, added: [imported, removed[0].replace('];', ', QAFILA_CARRIER];')] });

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
    // Narrowed to its lanes' contract: the declaration, the status map and the vocabulary alike.
    expect(definition).toContain("statuses: requiredStatuses(['domestic', 'gcc'])");
    const entries = (file: string, pattern: RegExp) =>
      readFileSync(join(folder, file), 'utf8')
        .split('\n')
        .filter((l) => pattern.test(l)).length;
    expect(entries('qafila.status-map.ts', /:\s*(flow|exception)\('/)).toBe(GCC_REQUIRED);
    expect(entries('sandbox/qafila.vocabulary.ts', /^\s+[A-Z_]+: \{ code:/)).toBe(GCC_REQUIRED);
    expect(made.stdout).toContain(`declared only the ${GCC_REQUIRED} statuses its lanes require`);

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

  it('passes the full carrier suite for the new carrier: its specs and every suite over the registry', () => {
    const listed = spawnSync(process.execPath, ['scripts/carrier-kit/test-carrier.js', '--code', CODE, '--list'], {
      cwd: copy,
      encoding: 'utf8',
    });
    expect(listed.status).toBe(0);
    const shared = listed.stdout
      .split('\n')
      .filter((line) => line.startsWith('shared '))
      .map((line) => line.slice('shared '.length));
    expect(shared).toEqual(carrierSuites(copy).filter((suite: string) => !suite.startsWith(`libs/carriers/src/${CODE}/`)));

    const started = Date.now();
    const result = spawnSync(process.execPath, ['scripts/carrier-kit/test-carrier.js', '--code', CODE], {
      cwd: copy,
      encoding: 'utf8',
      env: { ...process.env, FORCE_COLOR: '0' },
      maxBuffer: 256 * 1024 * 1024,
    });
    const output = `${result.stdout}\n${result.stderr}`;
    expect(output).not.toMatch(/FAIL /);
    expect(result.status).toBe(0);
    // Every suite over the registry ran (services-only suites only in services mode) and passed.
    const services = process.env.LGW_TEST_MODE === 'services';
    for (const suite of shared.filter((s: string) => services || !s.startsWith('test/services/'))) {
      expect(`${suite}: ${new RegExp(`PASS ${suite.replace(/[.]/g, '\\.')}`).test(output) ? 'passed' : 'not run'}`).toBe(
        `${suite}: passed`,
      );
    }
    expect(output).toMatch(new RegExp(`PASS libs/carriers/src/${CODE}/sandbox/${CODE}\\.simulator\\.spec\\.ts`));
    const passed = [...output.matchAll(/Tests:.*?(\d+) passed/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    expect(passed).toBeGreaterThanOrEqual(100);
    process.stdout.write(`carrier:test ${CODE}: ${passed} tests passed in ${Math.round((Date.now() - started) / 1000)} s\n`);
  });
});
