/** Unit specs live beside the code; e2e and integration suites live under test/. */
const swc = ['@swc/jest', require('./swc.options')];

const { embeddedOnly, timed } = require('./test/suite-modes');

const SERVICES = process.env.LGW_TEST_MODE === 'services';
const anchored = (suite) => `<rootDir>/${suite.replace(/[.]/g, '\\.')}$`;
// scripts/ci/run-suites.js runs the timed suites apart, one at a time; jest alone runs everything.
const PASS = process.env.LGW_SUITES;
const moduleNameMapper = {
  '^@lgw/([a-z-]+)$': '<rootDir>/libs/$1/src',
  '^@lgw/([a-z-]+)/(.*)$': '<rootDir>/libs/$1/src/$2',
};
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper,
  moduleFileExtensions: ['ts', 'js', 'json'],
  testMatch: ['<rootDir>/{apps,libs}/**/*.spec.ts', '<rootDir>/test/**/*.{e2e,int,contract}-spec.ts'],
  // Suites that need PostgreSQL and Redis run only in `npm run test:services`, which reruns only the
  // suites whose behaviour can differ there (test/suite-modes.js).
  testPathIgnorePatterns: [
    '/node_modules/',
    ...(SERVICES ? Object.keys(embeddedOnly).map(anchored) : ['<rootDir>/test/services/']),
    ...(PASS === 'parallel' ? Object.keys(timed).map(anchored) : []),
  ],
  ...(PASS === 'timed' ? { testMatch: Object.keys(timed).map((suite) => `<rootDir>/${suite}`) } : {}),
  // Long suites first, so parallel workers end together (test/support/sequencer.js).
  testSequencer: '<rootDir>/test/support/sequencer.js',
  // V8's code cache for the modules every test file compiles again (test/support/code-cache-runtime.js).
  runtime: '<rootDir>/test/support/code-cache-runtime.js',
  // Generous: suites boot real processes, PGlite and Chromium, and CI machines may be shared.
  testTimeout: 90000,
  setupFiles: ['reflect-metadata'],
};
