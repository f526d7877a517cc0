import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// What `npm run carrier:new` leaves of its reference carrier in the copy: its code, brand names
// (English and Arabic) and tracking-number prefix must all be the new carrier's. Runs the
// generator on a copy of the carriers library and the kit, not on the repository.
const ROOT = resolve(__dirname, '..', '..');
const REFERENCES = [
  { type: 'rest', newCode: 'qafila', code: 'sahm', brand: ['Sahm', 'سهم'], prefix: 'SHM' },
  { type: 'rest_legacy', newCode: 'safina', code: 'bahr', brand: ['Bahr', 'بحر '], prefix: undefined },
  { type: 'csv_batch', newCode: 'tariq', code: 'darb', brand: ['Darb', 'درب'], prefix: 'DRB' },
] as const;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('carrier:new leaves nothing of its reference carrier', () => {
  let copy: string;
  beforeAll(() => {
    copy = mkdtempSync(join(tmpdir(), 'lgw-carrier-new-'));
    // The whole of libs: a carrier's definition loads the contexts whose ports it implements.
    for (const part of ['libs', 'scripts/carrier-kit', 'bench/support/register.js', 'swc.options.js', '.prettierrc.json']) {
      cpSync(join(ROOT, part), join(copy, part), { recursive: true });
    }
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it.each(REFERENCES)(
    'generates from $code ($type) with the new names and tracking prefix only',
    ({ type, newCode, code, brand, prefix }) => {
      const made = spawnSync(
        process.execPath,
        [
          'scripts/carrier-kit/new-carrier.js',
          '--code',
          newCode,
          '--type',
          type,
          '--name',
          'Qafila Couriers',
          '--name-ar',
          'قافلة',
          '--tracking-prefix',
          'QFL',
        ],
        { cwd: copy, encoding: 'utf8' },
      );
      expect(made.stderr).toBe('');
      expect(made.status).toBe(0);
      const folder = join(copy, 'libs/carriers/src', newCode);
      const leftovers: string[] = [];
      for (const file of filesUnder(folder)) {
        const lines = readFileSync(file, 'utf8').split('\n');
        lines.forEach((line, i) => {
          // Another reference's service code (a product this carrier does not sell) may stay in a spec.
          const text = line.replace(/\b(sahm|bahr|darb)_[a-z_]+/g, '');
          const found =
            new RegExp(`\\b${code}\\b`, 'i').test(text) ||
            brand.some((word) => text.includes(word)) ||
            (prefix !== undefined && new RegExp(`(?<![A-Za-z0-9+/])${prefix}(?=[0-9'"\`$])`).test(text));
          if (found) leftovers.push(`${file.slice(folder.length + 1)}:${i + 1}: ${line.trim().slice(0, 120)}`);
        });
      }
      expect(leftovers).toEqual([]);
      const definition = readFileSync(join(folder, `${newCode}.carrier.ts`), 'utf8');
      expect(definition).toContain("name_en: 'Qafila Couriers'");
      expect(definition).toMatch(/name_ar: 'قافلة/);
      if (prefix) expect(filesUnder(folder).some((file) => /QFL[0-9`'"$]/.test(readFileSync(file, 'utf8')))).toBe(true);
    },
  );

  it('refuses a tracking prefix that is not 2 to 5 capital letters', () => {
    const made = spawnSync(
      process.execPath,
      ['scripts/carrier-kit/new-carrier.js', '--code', 'qaf_bad', '--type', 'rest', '--tracking-prefix', 'q1'],
      {
        cwd: copy,
        encoding: 'utf8',
      },
    );
    expect(made.status).toBe(1);
    expect(made.stderr).toContain('--tracking-prefix');
  });
});
