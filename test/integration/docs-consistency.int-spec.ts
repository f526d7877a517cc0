import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { EXCEPTION_TYPES, WEBHOOK_EVENT_KINDS } from '@lgw/kernel';

/**
 * What the docs promise about closed lists (exception types, webhook kinds, section numbers)
 * is read from the code's own lists, so a type the API refuses cannot be documented as accepted.
 */
const ROOT = resolve(__dirname, '..', '..');
const doc = (name: string) => readFileSync(join(ROOT, 'docs', name), 'utf8');

describe('docs agree with the code', () => {
  it('test-mode.md names only exception types the control route accepts, and all of them', () => {
    const rows = doc('test-mode.md')
      .split('\n')
      .filter((line) => line.startsWith('| `EXCEPTION`'));
    const named = new Set(
      rows.flatMap((row) => [...row.split('|')[1].matchAll(/\b([A-Z][A-Z_]{3,})\b/g)].map((m) => m[1])).filter((n) => n !== 'EXCEPTION'),
    );
    for (const name of named) expect(EXCEPTION_TYPES).toContain(name);
    expect([...named].sort()).toEqual([...EXCEPTION_TYPES].sort());
  });

  it('webhooks.md lists every kind an endpoint may subscribe to', () => {
    const webhooks = doc('webhooks.md');
    for (const kind of WEBHOOK_EVENT_KINDS) expect(webhooks).toContain(`\`${kind}\``);
  });

  it('api.md numbers each section once', () => {
    const numbers = [...doc('api.md').matchAll(/^## (\d+)\./gm)].map((m) => Number(m[1]));
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
