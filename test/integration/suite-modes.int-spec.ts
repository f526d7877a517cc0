import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const { servicesReruns, embeddedOnly, timed } = require('../suite-modes.js') as {
  servicesReruns: Record<string, string>;
  embeddedOnly: Record<string, string>;
  timed: Record<string, string>;
};

const ROOT = join(__dirname, '..', '..');
const suitesIn = (folder: string): string[] =>
  readdirSync(join(ROOT, folder))
    .filter((name) => /\.(e2e|int|contract)-spec\.ts$/.test(name))
    .map((name) => `${folder}/${name}`);

/** Services mode reruns a declared list (test/suite-modes.js); a new suite must be placed in it. */
describe('suite modes', () => {
  const declared = [...Object.keys(servicesReruns), ...Object.keys(embeddedOnly)];

  it('names every end-to-end and integration suite in exactly one list', () => {
    const unplaced = [...suitesIn('test/e2e'), ...suitesIn('test/integration')].filter((suite) => !declared.includes(suite));
    expect(unplaced).toEqual([]);
    expect(Object.keys(servicesReruns).filter((suite) => suite in embeddedOnly)).toEqual([]);
  });

  it('names no suite that is gone, and gives each a reason', () => {
    const named = [...declared, ...Object.keys(timed)];
    expect(named.filter((suite) => !existsSync(join(ROOT, suite)))).toEqual([]);
    const reasons = [...Object.values(servicesReruns), ...Object.values(embeddedOnly), ...Object.values(timed)];
    expect(reasons.filter((reason) => !reason.trim())).toEqual([]);
  });
});
