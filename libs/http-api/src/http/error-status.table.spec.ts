import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CATALOGUE, ErrorCode } from '@lgw/kernel';
import { ERROR_HTTP_STATUS } from './error-status.table';

/** docs/error-codes.md follows the status table and the catalogue: every code, status and message. */
describe('docs/error-codes.md', () => {
  const doc = readFileSync(join(__dirname, '../../../../docs/error-codes.md'), 'utf8');
  const codes = Object.keys(ERROR_HTTP_STATUS) as ErrorCode[];

  it('lists exactly the codes of the status table, each with its status, in its summary', () => {
    const rows = [...doc.matchAll(/^\| \[(E_[A-Z_]+)\]\(#[a-z_]+\) \| (\d{3}) \|/gm)].map((m) => [m[1], Number(m[2])]);
    expect(rows).toEqual(codes.map((code) => [code, ERROR_HTTP_STATUS[code]]));
  });

  it.each(codes)('describes %s with its status and both catalogue messages', (code) => {
    const start = doc.indexOf(`### ${code}\n`);
    expect(start).toBeGreaterThan(-1);
    const next = doc.indexOf('\n### ', start + 1);
    const section = doc.slice(start, next === -1 ? undefined : next);
    expect(section).toContain(`**HTTP ${ERROR_HTTP_STATUS[code]}**`);
    expect(section).toContain(`- message_en: \`${ERROR_CATALOGUE[code].message_en}\``);
    expect(section).toContain(`- message_ar: \`${ERROR_CATALOGUE[code].message_ar}\``);
  });
});
