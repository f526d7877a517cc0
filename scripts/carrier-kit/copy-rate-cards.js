'use strict';
/**
 * Part of `npm run build`: rate cards are data, so tsc leaves them behind. Copies each
 * carrier's `<code>/rate-cards/*.json` next to its compiled code in dist/, where the rate card
 * repository looks for them.
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const CARRIERS = path.join(ROOT, 'libs', 'carriers', 'src');

for (const carrier of fs.readdirSync(CARRIERS)) {
  const from = path.join(CARRIERS, carrier, 'rate-cards');
  if (!fs.existsSync(from) || !fs.statSync(from).isDirectory()) continue;
  const to = path.join(ROOT, 'dist', 'libs', 'carriers', 'src', carrier, 'rate-cards');
  fs.mkdirSync(to, { recursive: true });
  for (const file of fs.readdirSync(from).filter((name) => name.endsWith('.json'))) {
    fs.copyFileSync(path.join(from, file), path.join(to, file));
  }
}
