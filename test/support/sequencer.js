'use strict';
/**
 * Longest suites first, so that parallel workers finish together instead of one long suite
 * starting last. The order comes from jest's own timing cache where this machine has one, and
 * otherwise from test/suite-durations.json (seconds per suite, written from a CI run by
 * `node scripts/ci/suite-durations.js`), so a clean clone in CI is ordered well too.
 */
const fs = require('node:fs');
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const ROOT = path.resolve(__dirname, '..', '..');
let recorded = {};
try {
  recorded = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'suite-durations.json'), 'utf8'));
} catch {
  recorded = {};
}

class LongestFirst extends Sequencer {
  sort(tests) {
    const seconds = (test) => {
      const cached = this._getCache(test)[test.path];
      if (cached && cached[1] > 0) return cached[1] / 1000;
      const known = recorded[path.relative(ROOT, test.path).split(path.sep).join('/')];
      if (typeof known === 'number') return known;
      // Unknown: a suite's size stands in (about one second per 2 kB of an end-to-end suite).
      try {
        return fs.statSync(test.path).size / 2000;
      } catch {
        return 0;
      }
    };
    return [...tests].sort((a, b) => seconds(b) - seconds(a));
  }
}

module.exports = LongestFirst;
