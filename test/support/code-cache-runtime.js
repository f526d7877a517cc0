'use strict';
/**
 * jest's module runtime with V8's code cache: jest compiles every module again for every test
 * file (a fresh module registry each time), and an end-to-end suite loads a few thousand of
 * them before its gateway starts. Each module's compiled code is kept in
 * node_modules/.cache/lgw-jest-v8/ by the hash of its path and transformed source, handed back
 * to V8 the next time instead of parsing and compiling it again, and written when the test file
 * that first compiled it ends (so it holds the functions that file compiled lazily too).
 * What a module does is unchanged: only how V8 gets its code. LGW_CODE_CACHE=0 turns it off.
 */
const path = require('node:path');
const vm = require('node:vm');
const Runtime = require('jest-runtime').default;
const { codeCacheStore } = require('../../bench/support/code-cache');

const STORE = codeCacheStore(
  path.join(__dirname, '..', '..', 'node_modules', '.cache', 'lgw-jest-v8', `${process.versions.v8}-${process.arch}`),
);
const ENABLED = process.env.LGW_CODE_CACHE !== '0';
const NodeScript = vm.Script;

/** The cache for the script jest is about to construct (set around the synchronous construction). */
let handedOver;
class ScriptWithCache extends NodeScript {
  constructor(code, options) {
    super(code, handedOver === undefined ? options : { ...options, cachedData: handedOver });
  }
}

class CodeCacheRuntime extends Runtime {
  constructor(...args) {
    super(...args);
    /** Scripts compiled without a usable cache in this test file, written at its end. */
    this.lgwUnwritten = [];
  }

  createScriptFromCode(scriptSource, filename) {
    // A module with a dynamic import() keeps jest's own compilation: node 20 loses a script's
    // import callback when its code comes from a cache.
    if (!ENABLED || scriptSource.includes('import(')) return super.createScriptFromCode(scriptSource, filename);
    const { file, data: cached } = STORE.read(filename, scriptSource);
    handedOver = cached;
    vm.Script = ScriptWithCache;
    let script;
    try {
      script = super.createScriptFromCode(scriptSource, filename);
    } finally {
      vm.Script = NodeScript;
      handedOver = undefined;
    }
    if (cached === undefined || script.cachedDataRejected) this.lgwUnwritten.push({ file, script });
    return script;
  }

  teardown() {
    STORE.write(this.lgwUnwritten.splice(0));
    return super.teardown();
  }
}

module.exports = CodeCacheRuntime;
