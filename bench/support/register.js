'use strict';
/**
 * Lets plain `node` run TypeScript benchmarks from source:
 *   node -r ./bench/support/register.js bench/<name>.bench.ts
 * .ts files are compiled on require with @swc/core (same settings as jest.config.js) and
 * @lgw/<lib> imports resolve to libs/<lib>/src as in tsconfig.json. No type checking:
 * run `npm run typecheck` for that.
 * The compiled output is kept in node_modules/.cache/lgw-register, by the hash of the source and
 * the compiler's version and settings: the test suites start gateway processes and the CLI
 * hundreds of times, and each would otherwise compile the same sources again.
 */
const Module = require('node:module');
const path = require('node:path');
const fs = require('node:fs');
const { createHash } = require('node:crypto');
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

  const CACHE = path.join(ROOT, 'node_modules', '.cache', 'lgw-register');
  if (process.env.LGW_CODE_CACHE !== '0') require('./code-cache').enableCodeCache(CACHE);
  const SETTINGS = JSON.stringify([require('@swc/core/package.json').version, SWC_OPTIONS]);
  const compile = (source, filename) => {
    const key = createHash('sha256').update(SETTINGS).update(filename).update(source).digest('hex');
    const cached = path.join(CACHE, key.slice(0, 2), `${key}.js`);
    try {
      return fs.readFileSync(cached, 'utf8');
    } catch {
      // not compiled yet
    }
    const { code } = transformSync(source, { ...SWC_OPTIONS, filename, sourceMaps: 'inline' });
    try {
      // Written beside and renamed into place: processes starting together never read half a file.
      fs.mkdirSync(path.dirname(cached), { recursive: true });
      const partial = `${cached}.${process.pid}.partial`;
      fs.writeFileSync(partial, code);
      fs.renameSync(partial, cached);
    } catch {
      // A read-only tree still runs, compiling every time.
    }
    return code;
  };

  require.extensions['.ts'] = function (module, filename) {
    module._compile(compile(fs.readFileSync(filename, 'utf8'), filename), filename);
  };

  // Nest providers and TypeORM entities read decorator metadata at load time.
  try {
    require('reflect-metadata');
  } catch {
    // Benchmarks that do not touch Nest can run without it.
  }
}
