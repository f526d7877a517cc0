import { PGlite } from '@electric-sql/pglite';
import { cityKey, cityKeysOf } from '@lgw/kernel';
import { CITY_KEY_INDEX_EXPRESSION } from '@lgw/database';
import { cityKeySql } from './sql-shipment.repository';

/** The SQL fold of a stored city against the domain's cityKey, on a real PGlite. */
describe('cityKeySql', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create('memory://');
  });
  afterAll(() => db.close());

  const NAMES = [
    'Jeddah',
    'JEDDAH',
    ' jiddah ',
    'جدة',
    'جده',
    'الرياض',
    'Ar-Riyadh',
    'Al Khobar',
    'الخبر',
    'الأحساء',
    'مكة المكرمة',
    'Khamis Mushait',
    'Al-Madinah Al-Munawwarah',
    'Madinah’s',
    'ألف',
    'Ala',
    'حائل',
    'أبها',
    'Dubai',
    'مُحَمَّد',
  ];

  it('folds every stored city as cityKey does', async () => {
    for (const name of NAMES) {
      const { rows } = await db.query<{ key: string }>(`SELECT ${cityKeySql('$1::text')} AS key`, [name]);
      expect({ name, key: rows[0].key }).toEqual({ name, key: cityKey(name) });
    }
  });

  it('a search for جدة matches a shipment stored as Jeddah, and the reverse', async () => {
    const matches = async (stored: string, typed: string) =>
      (await db.query<{ m: boolean }>(`SELECT ${cityKeySql('$1::text')} = ANY($2::text[]) AS m`, [stored, cityKeysOf(typed)])).rows[0].m;
    expect(await matches('Jeddah', 'جدة')).toBe(true);
    expect(await matches('جدة', 'Jeddah')).toBe(true);
    expect(await matches('Jeddah', 'الرياض')).toBe(false);
    expect(await matches('Tabuk', 'تبوك')).toBe(true);
  });
});

describe('the city-key index', () => {
  it('holds the expression the city filter compares, so the filter is served by it', () => {
    expect(CITY_KEY_INDEX_EXPRESSION).toBe(cityKeySql("destination->>'city'"));
  });
});
