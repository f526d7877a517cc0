#!/usr/bin/env node
'use strict';
/**
 * node scripts/ci/suite-durations.js .ci-results/embedded.json [more.json ...]
 *
 * Writes test/suite-durations.json (seconds per suite, the longest of the runs given) from jest's
 * --json output, for the test sequencer to start long suites first on a machine with no cache.
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
// Suites are named relative to the checkout the results came from (a CI clone or this one).
const relative = (file) => file.replace(/^.*?\/((?:apps|libs|test)\/)/, '$1');
const files = process.argv.slice(2);
if (files.length === 0) {
  process.stderr.write('suite-durations: name one or more jest --json result files\n');
  process.exit(1);
}
const seconds = {};
for (const file of files) {
  const run = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const suite of run.testResults) {
    const name = relative(suite.name.split(path.sep).join('/'));
    const s = Math.round((suite.endTime - suite.startTime) / 100) / 10;
    seconds[name] = Math.max(seconds[name] ?? 0, s);
  }
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => a.localeCompare(b)));
fs.writeFileSync(path.join(ROOT, 'test', 'suite-durations.json'), `${JSON.stringify(sorted, null, 2)}\n`);
process.stdout.write(`suite-durations: ${Object.keys(sorted).length} suites written to test/suite-durations.json\n`);
