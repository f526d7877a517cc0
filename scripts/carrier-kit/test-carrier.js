#!/usr/bin/env node
'use strict';
/**
 * npm run carrier:test -- --code qafila [--list]
 *
 * Every test about one carrier, and nothing else:
 *  1. its own folder's specs and its specifics suite (test/contract/<code>.contract-spec.ts),
 *     whole;
 *  2. every suite that iterates the carrier registry (carrier-suites.js finds them by what
 *     their `.each` tables iterate: the contract suite, the "each carrier" e2e suites, the
 *     status-map coverage, the deployment files, the console...), limited to the cases named
 *     after this carrier: in two parallel workers, then those that assert latencies one at a time.
 * Embedded mode; with LGW_TEST_MODE=services the e2e suites run on PostgreSQL and Redis.
 * `--list` prints the two sets of suites without running them.
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { carrierSuites, codePattern } = require('./carrier-suites');

const ROOT = path.resolve(__dirname, '..', '..');
const at = process.argv.indexOf('--code');
const code = at >= 0 ? process.argv[at + 1] : undefined;
if (!code || !/^[a-z][a-z0-9_]*$/.test(code)) {
  process.stderr.write('carrier:test: --code <carrier code> is required\n');
  process.exit(1);
}
const folder = `libs/carriers/src/${code}`;
if (!fs.existsSync(path.join(ROOT, folder))) {
  process.stderr.write(`carrier:test: no ${folder}\n`);
  process.exit(1);
}

const own = [`${folder}/`];
const specifics = `test/contract/${code}.contract-spec.ts`;
if (fs.existsSync(path.join(ROOT, specifics))) own.push(specifics);
const shared = carrierSuites(ROOT).filter((suite) => !suite.startsWith(`${folder}/`));

if (process.argv.includes('--list')) {
  process.stdout.write(`${[...own.map((s) => `own    ${s}`), ...shared.map((s) => `shared ${s}`)].join('\n')}\n`);
  process.exit(0);
}

const jest = path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js');
// Every suite named, timed ones included, whichever pass of `npm test` this runs inside.
const env = { ...process.env };
delete env.LGW_SUITES;
const run = (mode, args) =>
  spawnSync(process.execPath, ['--experimental-vm-modules', '--no-warnings', jest, mode, '--forceExit', ...args], {
    cwd: ROOT,
    env,
    stdio: 'inherit',
  }).status ?? 1;

// Suites that assert latencies run one at a time, as `npm test` runs them (test/suite-modes.js);
// the others in LGW_CARRIER_TEST_WORKERS parallel workers (default 2).
const { timed } = require('../../test/suite-modes');

const isTimed = (suite) => Object.prototype.hasOwnProperty.call(timed, suite);
const workers = `--maxWorkers=${process.env.LGW_CARRIER_TEST_WORKERS || '2'}`;

// Paths are regular expressions to jest: escape the dots and anchor each at the root.
const exact = (suite) => `^${path.join(ROOT, suite).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
process.stdout.write(`carrier:test ${code}: ${own.length} suites of its own, ${shared.length} suites over the registry\n`);
const ownStatus = run('--runInBand', own.map(exact));
const byName = ['--testNamePattern', codePattern(code)];
const parallel = shared.filter((suite) => !isTimed(suite));
const oneAtATime = shared.filter(isTimed);
const parallelStatus = parallel.length > 0 ? run(workers, [...byName, ...parallel.map(exact)]) : 0;
const timedStatus = oneAtATime.length > 0 ? run('--runInBand', [...byName, ...oneAtATime.map(exact)]) : 0;
process.exit(ownStatus || parallelStatus || timedStatus);
