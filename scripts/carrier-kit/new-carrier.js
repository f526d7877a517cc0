#!/usr/bin/env node
'use strict';
/**
 * npm run carrier:new -- --code qafila --type rest [--name "Qafila Couriers"] [--name-ar "قافلة"]
 *
 * Generates libs/carriers/src/<code>/ from the reference carrier of the integration type
 * (REFERENCES below): adapter, client, mapper, status map, settings, wire types, definition,
 * rate cards, fixtures, the sandbox simulator with its vocabulary, and their specs, renamed
 * to the new code. Then adds the carrier's line to the registry. The new carrier books,
 * tracks and cancels against its simulator and passes the contract suite as generated;
 * from there, rewrite it after the real carrier's documentation (docs/adding-a-carrier.md).
 */
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..', '..');
const CARRIERS_DIR = path.join(ROOT, 'libs', 'carriers', 'src');
const REGISTRY = path.join(CARRIERS_DIR, 'registry', 'carriers.registry.ts');

/** Per integration type: the carrier whose folder the new one starts from, with its brand names. */
const REFERENCES = {
  rest: { code: 'sahm', nameEn: 'Sahm Express', nameAr: 'سهم' },
  rest_legacy: { code: 'bahr', nameEn: 'Bahr Freight', nameAr: 'بحر' },
  csv_batch: { code: 'darb', nameEn: 'Darb Logistics', nameAr: 'درب' },
};

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
  return (text, file) => {
    let out = text;
    if (file.endsWith('.carrier.ts')) {
      out = out.replace(`name_en: '${reference.nameEn}'`, `name_en: '${names.nameEn.replace(/'/g, "\\'")}'`);
      // Arabic brand at the start of each Arabic name (not inside other words).
      out = out.split(`'${reference.nameAr}`).join(`'${names.nameAr.replace(/'/g, "\\'")}`);
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

function main() {
  const args = parseArgs(process.argv.slice(2));
  const code = args.code;
  const reference = REFERENCES[args.type];
  if (!code || !/^[a-z][a-z0-9_]{1,30}$/.test(code))
    fail('--code must be lowercase letters, digits and _ (2 to 31), starting with a letter');
  if (!reference) fail(`--type must be one of ${Object.keys(REFERENCES).join(', ')}`);
  const folder = path.join(CARRIERS_DIR, code);
  if (fs.existsSync(folder)) fail(`libs/carriers/src/${code} exists already`);
  if (['shared', 'registry', 'rate-cards'].includes(code)) fail(`${code} is a folder of the carriers library`);

  const nameEn = args.name ?? `${pascal(code)} ${reference.nameEn.split(' ').slice(1).join(' ')}`.trim();
  const nameAr = args['name-ar'] ?? nameEn;
  copyTree(path.join(CARRIERS_DIR, reference.code), folder, renamer(reference, code, { nameEn, nameAr }));
  register(code);

  // Same formatting as the rest of the tree (renamed identifiers change line lengths).
  const prettier = path.join(ROOT, 'node_modules', '.bin', 'prettier');
  if (fs.existsSync(prettier)) {
    execFileSync(prettier, ['--write', '--log-level', 'warn', folder, REGISTRY], { cwd: ROOT, stdio: 'inherit' });
  }

  process.stdout.write(
    [
      `created libs/carriers/src/${code}/ from ${reference.code} (${args.type}) and registered ${code.toUpperCase()}_CARRIER`,
      `next: npm run carrier:test -- --code ${code}`,
      'then follow docs/adding-a-carrier.md',
      '',
    ].join('\n'),
  );
}

main();
