'use strict';
/**
 * Lets plain `node` run TypeScript benchmarks from source:
 *   node -r ./bench/support/register.js bench/<name>.bench.ts
 * .ts files are compiled on require with @swc/core (same settings as jest.config.js) and
 * @lgw/<lib> imports resolve to libs/<lib>/src as in tsconfig.json. No type checking:
 * run `npm run typecheck` for that.
 */
const Module = require('node:module');
const path = require('node:path');
const fs = require('node:fs');
const { transformSync } = require('@swc/core');
const SWC_OPTIONS = require('../../swc.options');

const ROOT = path.resolve(__dirname, '..', '..');
const ALIAS = /^@lgw\/([a-z-]+)(?:\/(.*))?$/;

if (!globalThis.__lgwBenchRegister) {
  globalThis.__lgwBenchRegister = true;

  const resolveFilename = Module._resolveFilename;
  Module._resolveFilename = function (request, parent, ...rest) {
    const alias = ALIAS.exec(request);
    if (alias) {
      const target = path.join(ROOT, 'libs', alias[1], 'src', alias[2] ?? '');
      return resolveFilename.call(this, target, parent, ...rest);
    }
    return resolveFilename.call(this, request, parent, ...rest);
  };

  require.extensions['.ts'] = function (module, filename) {
    const source = fs.readFileSync(filename, 'utf8');
    const { code } = transformSync(source, { ...SWC_OPTIONS, filename, sourceMaps: 'inline' });
    module._compile(code, filename);
  };

  // Nest providers and TypeORM entities read decorator metadata at load time.
  try {
    require('reflect-metadata');
  } catch {
    // Benchmarks that do not touch Nest can run without it.
  }
}
