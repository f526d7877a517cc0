'use strict';
/**
 * Which test suites are about "every carrier": those that iterate the carrier registry, found
 * by what they iterate rather than kept in a list. A suite qualifies when one of its
 * `describe.each(...)` / `it.each(...)` / `test.each(...)` tables is built from the registry:
 * the table starts from (is, maps, filters or spreads) a name imported from the carriers
 * library (`@lgw/carriers`, the registry and catalogue modules) or from the test helpers that
 * derive from it (`test/support/carriers.ts`, `test/support/pickups.ts`), directly or through a
 * constant of the file computed from one. A table of other cases that merely mentions a carrier
 * (a search by carrier among other searches) does not count. Its cases for one carrier are then
 * the ones whose name contains that carrier's code (the tables put it first: `'%s: ...'`),
 * which is what `npm run carrier:test -- --code X` runs.
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
/** Where suites live: unit specs beside the code, the rest under test/. */
const SEARCHED = ['libs', 'apps', 'test'];
const SUITE = /\.(spec|e2e-spec|int-spec|contract-spec)\.ts$/;
/** Modules whose exports are the registry or lists derived from it. */
const REGISTRY_MODULE = /(^@lgw\/carriers$|(^|\/)carriers\.registry$|(^|\/)carrier-catalogue$|support\/carriers$|support\/pickups$)/;

function walk(dir, found = []) {
  if (!fs.existsSync(dir)) return found;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'fixtures' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, found);
    else if (SUITE.test(entry.name)) found.push(full);
  }
  return found;
}

/** Names a file imports from a registry module. */
function registryImports(source) {
  const names = new Set();
  for (const match of source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g)) {
    if (!REGISTRY_MODULE.test(match[2])) continue;
    for (const part of match[1].split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.add(name);
    }
  }
  return names;
}

const mentions = (text, names) => [...names].some((name) => new RegExp(`\\b${name}\\b`).test(text));

/** The text from `open` (an opening parenthesis) to its matching close. */
function balanced(source, open) {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === '(') depth++;
    else if (source[i] === ')' && --depth === 0) return source.slice(open + 1, i);
  }
  return source.slice(open + 1);
}

/** Source text without the contents of its string literals (a template keeps its `${...}` parts). */
function withoutStrings(text) {
  return text
    .replace(/'(?:\\.|[^'\\])*'/g, "''")
    .replace(/"(?:\\.|[^"\\])*"/g, '""')
    .replace(/`(?:\\.|[^`\\])*`/g, (template) => [...template.matchAll(/\$\{([^}]*)\}/g)].map((m) => m[1]).join(' + ') || "''");
}

/** The name a table starts from: `X`, `X.map(...)`, `[...X, ...]`. */
function leadingName(table) {
  return /^\s*(?:\[\s*\.\.\.\s*)?([A-Za-z_$][\w$]*)/.exec(withoutStrings(table))?.[1];
}

/** True when one of the file's `.each(...)` tables comes from the registry. */
function iteratesRegistry(source) {
  const tainted = registryImports(source);
  if (tainted.size === 0) return false;
  // Constants computed from registry names are registry-derived too (to a fixed point).
  const constants = [...source.matchAll(/(?:^|\n)\s*(?:export\s+)?const\s+([A-Za-z_$][\w$]*)\b[^=]*=\s*/g)].map((m) => ({
    name: m[1],
    // The initialiser up to the end of its statement (a blank line or the next declaration bounds it).
    init: source.slice(m.index + m[0].length).split(/;\s*\n|\n\s*\n/)[0],
  }));
  let grew = true;
  while (grew) {
    grew = false;
    for (const { name, init } of constants) {
      if (!tainted.has(name) && mentions(init, tainted)) {
        tainted.add(name);
        grew = true;
      }
    }
  }
  for (const match of source.matchAll(/\b(?:describe|it|test)\.each\(/g)) {
    const lead = leadingName(balanced(source, match.index + match[0].length - 1));
    if (lead !== undefined && tainted.has(lead)) return true;
  }
  return false;
}

/** Suites (paths relative to the repository) that iterate the registry, sorted. */
function carrierSuites(root = ROOT) {
  return SEARCHED.flatMap((dir) => walk(path.join(root, dir)))
    .filter((file) => iteratesRegistry(fs.readFileSync(file, 'utf8')))
    .map((file) => path.relative(root, file).split(path.sep).join('/'))
    .sort();
}

/**
 * A test-name pattern matching the code as a word of the name, never inside another word; its
 * service codes (`<code>_express_domestic`) count, being named after it.
 */
function codePattern(code) {
  return `(^|[^a-z0-9_])${code}([^a-z0-9]|$)`;
}

module.exports = { carrierSuites, iteratesRegistry, codePattern };

if (require.main === module) process.stdout.write(`${carrierSuites().join('\n')}\n`);
