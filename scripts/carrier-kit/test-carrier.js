#!/usr/bin/env node
'use strict';
/**
 * npm run carrier:test -- --code qafila
 *
 * Every test about one carrier: its own specs, the shared specs' cases for it (status-map
 * coverage, rate cards, registry), the contract suite against its simulator, its specifics
 * suite if it has one, and the lean e2e through the API. Embedded mode; with
 * LGW_TEST_MODE=services the e2e runs on PostgreSQL and Redis.
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..', '..');
const at = process.argv.indexOf('--code');
const code = at >= 0 ? process.argv[at + 1] : undefined;
if (!code || !/^[a-z][a-z0-9_]*$/.test(code)) {
  process.stderr.write('carrier:test: --code <carrier code> is required\n');
  process.exit(1);
}
if (!fs.existsSync(path.join(ROOT, 'libs', 'carriers', 'src', code))) {
  process.stderr.write(`carrier:test: no libs/carriers/src/${code}\n`);
  process.exit(1);
}
const suites = ['libs/carriers/src', 'test/contract/carriers.contract-spec.ts', 'test/e2e/carriers.e2e-spec.ts'];
if (fs.existsSync(path.join(ROOT, 'test', 'contract', `${code}.contract-spec.ts`))) suites.push(`test/contract/${code}.contract-spec.ts`);

const jest = path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js');
const result = spawnSync(
  process.execPath,
  ['--experimental-vm-modules', '--no-warnings', jest, '--runInBand', '--forceExit', '--testNamePattern', code, ...suites],
  { cwd: ROOT, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
