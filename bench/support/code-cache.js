'use strict';
/**
 * V8's code cache for the CommonJS modules a test or benchmark process loads through
 * register.js (node 20 has no `module.enableCompileCache`). Each module's compiled code is kept
 * in node_modules/.cache/lgw-register/v8-<version>/, by the hash of its path and source, and
 * handed back to V8 on the next start instead of parsing and compiling it again: the test suites
 * start gateway processes and the CLI hundreds of times over the same few thousand modules.
 * The cache of a module is written once the process has run a while (or at exit), so it also
 * holds the functions compiled lazily during start-up. A module V8 rejects the cache of, or one
 * this cannot compile the way Node does (a dynamic import(), a hashbang), is compiled by Node.
 */
const Module = require('node:module');
const vm = require('node:vm');
const fs = require('node:fs');
const path = require('node:path');
const { createHash } = require('node:crypto');

/** How long after the first module the caches are written: start-up is over by then. */
const WRITE_AFTER_MS = 8_000;

/**
 * The cache files of one folder: a module's, by the hash of its path and source, and writing the
 * caches of scripts compiled without one (shared with test/support/code-cache-runtime.js).
 */
function codeCacheStore(dir) {
  return {
    /** The module's cache file and its contents (undefined when not cached yet). */
    read(filename, source) {
      const key = createHash('sha1').update(filename).update('\0').update(source).digest('hex');
      const file = path.join(dir, key.slice(0, 2), key);
      try {
        return { file, data: fs.readFileSync(file) };
      } catch {
        return { file, data: undefined };
      }
    },
    write(entries) {
      for (const { file, script } of entries) {
        try {
          const data = script.createCachedData();
          fs.mkdirSync(path.dirname(file), { recursive: true });
          // Beside and renamed into place: processes writing the same module never leave half a file.
          const partial = `${file}.${process.pid}.partial`;
          fs.writeFileSync(partial, data);
          fs.renameSync(partial, file);
        } catch {
          // A read-only tree still runs, compiling every time.
        }
      }
    },
  };
}

function enableCodeCache(cacheRoot) {
  const store = codeCacheStore(path.join(cacheRoot, `v8-${process.versions.v8}-${process.arch}`));
  const nodeCompile = Module.prototype._compile;
  /** Scripts compiled without a usable cache, to be written. */
  let unwritten = [];
  let timer;

  const write = () => store.write(unwritten.splice(0));
  process.once('exit', write);

  const requireOf = (mod) => {
    const require = (id) => mod.require(id);
    require.resolve = (request, options) => Module._resolveFilename(request, mod, false, options);
    require.resolve.paths = (request) => Module._resolveLookupPaths(request, mod);
    require.main = process.mainModule;
    require.extensions = Module._extensions;
    require.cache = Module._cache;
    return require;
  };

  Module.prototype._compile = function compileWithCache(content, filename) {
    if (filename.endsWith('.mjs') || content.startsWith('#!') || content.includes('import('))
      return nodeCompile.call(this, content, filename);
    const { file, data: cachedData } = store.read(filename, content);
    let script;
    try {
      script = new vm.Script(Module.wrap(content), { filename, cachedData });
    } catch {
      // Not a CommonJS body (an ES module required as one): Node knows what to do with it.
      return nodeCompile.call(this, content, filename);
    }
    if (cachedData === undefined || script.cachedDataRejected) {
      unwritten.push({ file, script });
      timer ??= setTimeout(() => {
        timer = undefined;
        write();
      }, WRITE_AFTER_MS).unref();
    }
    const wrapper = script.runInThisContext({ displayErrors: true });
    return wrapper.call(this.exports, this.exports, requireOf(this), this, filename, path.dirname(filename));
  };
}

module.exports = { codeCacheStore, enableCodeCache };
