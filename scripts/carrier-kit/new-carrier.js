#!/usr/bin/env node
'use strict';
/**
 * npm run carrier:new -- --code qafila --type rest [--name "Qafila Couriers"] [--name-ar "قافلة"]
 *                        [--tracking-prefix QFL] [--statuses every|minimal]
 *
 * Generates libs/carriers/src/<code>/ from the reference carrier of the integration type
 * (REFERENCES below): adapter, client, mapper, status map, settings, wire types, definition,
 * rate cards, fixtures, the sandbox simulator with its vocabulary, and their specs, renamed
 * to the new code. Then adds the carrier's line to the registry (the import of its definition
 * and its name in CARRIERS: the one place outside the folder a carrier is named). The new
 * carrier books, tracks and cancels against its simulator and passes every carrier suite as
 * generated; from there, rewrite it after the real carrier's documentation
 * (docs/adding-a-carrier.md).
 *
 * --statuses minimal keeps only the statuses the carrier's lanes require (statusContract in
 * shared/status-map.ts): its status map, its simulator's vocabulary and its declaration then
 * hold exactly those, a starting point for a carrier with few codes (and the proof, in CI,
 * that the documented minimum passes every carrier suite). The default, every, keeps the
 * reference carrier's statuses.
 */
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..', '..');
const CARRIERS_DIR = path.join(ROOT, 'libs', 'carriers', 'src');
const REGISTRY = path.join(CARRIERS_DIR, 'registry', 'carriers.registry.ts');

/**
 * Per integration type: the carrier whose folder the new one starts from, with its brand names
 * and the prefix of the tracking numbers its simulator issues (none: Bahr's are digits only),
 * all of which the copy takes the new carrier's instead of.
 */
const REFERENCES = {
  rest: { code: 'sahm', nameEn: 'Sahm Express', nameAr: 'سهم', trackingPrefix: 'SHM' },
  rest_legacy: { code: 'bahr', nameEn: 'Bahr Freight', nameAr: 'بحر' },
  csv_batch: { code: 'darb', nameEn: 'Darb Logistics', nameAr: 'درب', trackingPrefix: 'DRB' },
};

const ARABIC_LETTER = '\\u0600-\\u06FF';
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `word` where it stands alone (not inside a longer word of the same script). */
const standalone = (word, letters) => new RegExp(`(?<![${letters}])${escapeRegExp(word)}(?![${letters}])`, 'g');

function fail(message) {
  process.stderr.write(`carrier:new: ${message}\n`);
  process.exit(1);
}

function parseArgs(argv) {
  const args = {};
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i];
    if (!key.startsWith('--')) fail(`unexpected argument ${key}`);
    const value = argv[i + 1];
    if (value === undefined || value.startsWith('--')) fail(`${key} needs a value`);
    args[key.slice(2)] = value;
    i++;
  }
  return args;
}

const pascal = (code) => code.replace(/(^|_)([a-z0-9])/g, (_m, _sep, letter) => letter.toUpperCase());
const capitalised = (code) => code[0].toUpperCase() + code.slice(1);

/** Every spelling of the reference code, longest first so PascalCase wins over lower case. */
function renamer(reference, code, names) {
  const pairs = [
    [reference.code.toUpperCase(), code.toUpperCase()],
    [capitalised(reference.code), pascal(code)],
    [reference.code, code],
  ];
  const quoted = (text) => text.replace(/'/g, "\\'");
  return (text, file) => {
    if (file === '') return pairs.reduce((out, [from, to]) => out.split(from).join(to), text);
    let out = text;
    // The reference's brand, in English and Arabic, wherever it is a word of its own (names,
    // labels, messages, docs), not inside another word (Bahr's "البحري" is "by sea").
    const english = file.endsWith('.ts') ? quoted(names.nameEn) : names.nameEn;
    out = out.replace(standalone(reference.nameEn, 'A-Za-z'), english);
    out = out.replace(standalone(reference.nameAr, ARABIC_LETTER), file.endsWith('.ts') ? quoted(names.nameAr) : names.nameAr);
    // The brand alone in prose ("Sahm's codes"), not in identifiers or header names (X-Bahr-User).
    out = out.replace(standalone(capitalised(reference.code), 'A-Za-z0-9_\\-'), english);
    // Its tracking numbers (SHM0123456789), so the copy's cannot be taken for the reference's.
    // Only before digits or a closing quote: base64 label bytes in fixtures stay as they are.
    if (reference.trackingPrefix) {
      const prefix = new RegExp(`(?<![A-Za-z0-9+/])${reference.trackingPrefix}(?=[0-9'"\`$])`, 'g');
      out = out.replace(prefix, names.trackingPrefix);
    }
    for (const [from, to] of pairs) out = out.split(from).join(to);
    return out;
  };
}

function copyTree(from, to, rename) {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, rename(entry.name, ''));
    if (entry.isDirectory()) copyTree(source, target, rename);
    else fs.writeFileSync(target, rename(fs.readFileSync(source, 'utf8'), entry.name));
  }
}

/** The registry line: the definition's import, and its name in CARRIERS. */
function register(code) {
  const constant = `${code.toUpperCase()}_CARRIER`;
  const text = fs.readFileSync(REGISTRY, 'utf8');
  const lines = text.split('\n');
  const lastImport = lines.reduce((last, line, i) => (/^import .* from '\.\.\/[^/]+\/[^/]+\.carrier';$/.test(line) ? i : last), -1);
  if (lastImport < 0) fail('no carrier import found in the registry');
  lines.splice(lastImport + 1, 0, `import { ${constant} } from '../${code}/${code}.carrier';`);
  const joined = lines.join('\n');
  const list = /(export const CARRIERS: readonly CarrierDefinition\[\] = \[)([\s\S]*?)(,?\s*\];)/.exec(joined);
  if (!list) fail('no CARRIERS list found in the registry');
  const multiline = list[2].includes('\n');
  const entries = multiline ? `${list[2].replace(/,?\s*$/, '')},\n  ${constant},\n` : `${list[2]}, ${constant}`;
  const updated = joined.replace(list[0], `${list[1]}${entries}${multiline ? '];' : '];'}`);
  fs.writeFileSync(REGISTRY, updated);
}

/** Loads TypeScript modules of the repository (no type checking), as carrier:record does. */
function requireTs(file) {
  require(path.join(ROOT, 'bench', 'support', 'register.js'));
  return require(file);
}

/**
 * Narrows the copied carrier to the statuses its lanes require: drops the other entries of its
 * status map and vocabulary (one entry per line in every reference) and declares the list.
 */
function keepRequiredStatuses(folder, code, reference) {
  const definition = Object.values(requireTs(path.join(CARRIERS_DIR, reference.code, `${reference.code}.carrier.ts`)))[0];
  const lanes = [...new Set(definition.descriptor.service_levels.flatMap((level) => level.lanes))];
  const { requiredStatuses } = requireTs(path.join(CARRIERS_DIR, 'shared', 'status-map.ts'));
  const required = new Set(requiredStatuses(lanes));
  const filter = (file, statusOf) => {
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    const kept = lines.filter((line) => {
      const status = statusOf(line);
      return status === undefined || required.has(status);
    });
    fs.writeFileSync(file, kept.join('\n'));
    return lines.length - kept.length;
  };
  const mapped = filter(path.join(folder, `${code}.status-map.ts`), (line) => {
    const entry = /:\s*(flow|exception)\('([A-Z_]+)'\),?\s*$/.exec(line);
    if (!entry) return undefined;
    return entry[1] === 'flow' ? entry[2] : `EXCEPTION_${entry[2]}`;
  });
  const spoken = filter(path.join(folder, 'sandbox', `${code}.vocabulary.ts`), (line) => /^\s+([A-Z_]+): \{ code:/.exec(line)?.[1]);
  const file = path.join(folder, `${code}.carrier.ts`);
  const text = fs.readFileSync(file, 'utf8');
  const declared = /statuses: (EVERY_STATUS|DOMESTIC_STATUSES)/.exec(text);
  if (!declared || mapped !== spoken)
    fail(`--statuses minimal: cannot narrow the ${reference.code} reference (${mapped} codes, ${spoken} words)`);
  const lanesText = lanes.map((lane) => `'${lane}'`).join(', ');
  fs.writeFileSync(
    file,
    text
      .replace(declared[0], `statuses: requiredStatuses([${lanesText}])`)
      .replace(
        new RegExp(`import \\{ ${declared[1]} \\} from '../shared/status-map';`),
        "import { requiredStatuses } from '../shared/status-map';",
      ),
  );
  return required.size;
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  const code = args.code;
  const reference = REFERENCES[args.type];
  if (!code || !/^[a-z][a-z0-9_]{1,30}$/.test(code))
    fail('--code must be lowercase letters, digits and _ (2 to 31), starting with a letter');
  if (!reference) fail(`--type must be one of ${Object.keys(REFERENCES).join(', ')}`);
  const statuses = args.statuses ?? 'every';
  if (!['every', 'minimal'].includes(statuses)) fail('--statuses must be every or minimal');
  const folder = path.join(CARRIERS_DIR, code);
  if (fs.existsSync(folder)) fail(`libs/carriers/src/${code} exists already`);
  if (['shared', 'registry', 'rate-cards'].includes(code)) fail(`${code} is a folder of the carriers library`);

  const nameEn = args.name ?? pascal(code);
  const nameAr = args['name-ar'] ?? nameEn;
  const trackingPrefix = args['tracking-prefix'] ?? code.replace(/_/g, '').slice(0, 3).toUpperCase();
  if (!/^[A-Z]{2,5}$/.test(trackingPrefix)) fail('--tracking-prefix must be 2 to 5 capital letters');
  copyTree(path.join(CARRIERS_DIR, reference.code), folder, renamer(reference, code, { nameEn, nameAr, trackingPrefix }));
  const narrowed = statuses === 'minimal' ? keepRequiredStatuses(folder, code, reference) : undefined;
  register(code);

  // Same formatting as the rest of the tree (renamed identifiers change line lengths).
  const prettier = path.join(ROOT, 'node_modules', '.bin', 'prettier');
  if (fs.existsSync(prettier)) {
    execFileSync(prettier, ['--write', '--log-level', 'warn', folder, REGISTRY], { cwd: ROOT, stdio: 'inherit' });
  }

  process.stdout.write(
    [
      `created libs/carriers/src/${code}/ from ${reference.code} (${args.type}) and registered ${code.toUpperCase()}_CARRIER`,
      ...(narrowed ? [`declared only the ${narrowed} statuses its lanes require`] : []),
      `next: npm run carrier:test -- --code ${code}`,
      'then follow docs/adding-a-carrier.md',
      '',
    ].join('\n'),
  );
}

main();
