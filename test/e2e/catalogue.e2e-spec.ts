import { bootTestApp, TestApp, TestTeam } from '../support/test-app';

const COMPLETE = {
  sku: 'DATES-1KG',
  name_en: 'Premium dates, 1 kg box',
  name_ar: 'تمر فاخر، علبة 1 كغ',
  hs_code: '080410',
  weight_kg: 1.1,
  length_cm: 25,
  width_cm: 18,
  height_cm: 8,
  origin_country: 'SA',
  value_sar: 85.5,
};

describe('catalogue and data readiness', () => {
  let t: TestApp;
  let team: TestTeam;

  beforeAll(async () => {
    t = await bootTestApp();
    team = await t.createTeam('Catalogue Team');
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 100_000 });
  });
  afterAll(() => t.close());

  const put = (products: unknown, key = team.apiKey) => t.api('/catalogue/products', { method: 'PUT', key, body: { products } });
  const readiness = (key = team.apiKey) => t.api('/data-readiness', { method: 'POST', key });

  it('scores an empty catalogue 0', async () => {
    const empty = await t.createTeam('Empty Catalogue');
    const res = await readiness(empty.apiKey);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      score: 0,
      total_skus: 0,
      issues: [],
      summary: { missing_hs_code: 0, missing_weight: 0, missing_dimensions: 0, missing_origin_country: 0, suspicious_values: 0 },
    });
  });

  it('upserts by sku, lists in pages, reads one, and scores the catalogue', async () => {
    const first = await put([
      COMPLETE,
      { sku: 'SCARF-SILK', name_en: 'Silk scarf', weight_kg: 0.2, origin_country: 'CN' },
      {
        sku: 'TENT-XL',
        hs_code: '630622',
        weight_kg: 650,
        length_cm: 320,
        width_cm: 80,
        height_cm: 60,
        origin_country: 'DE',
        value_sar: 0,
      },
    ]);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: 3, created: 3, updated: 0 });

    // Replaced whole: the fields left out are cleared.
    const again = await put([{ sku: 'SCARF-SILK', name_en: 'Silk scarf', hs_code: '621410', weight_kg: 0.2, origin_country: 'cn' }]);
    expect(again.body).toEqual({ received: 1, created: 0, updated: 1 });

    const page1 = await t.api('/catalogue/products?limit=2', { key: team.apiKey });
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect(page1.body.products.map((p: any) => p.sku)).toEqual(['DATES-1KG', 'SCARF-SILK']);
    const page2 = await t.api('/catalogue/products?limit=2&offset=2', { key: team.apiKey });
    expect(page2.body.products.map((p: any) => p.sku)).toEqual(['TENT-XL']);
    expect((await t.api('/catalogue/products?limit=101', { key: team.apiKey })).body.error.details.field).toBe('limit');

    const one = await t.api('/catalogue/products/SCARF-SILK', { key: team.apiKey });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ sku: 'SCARF-SILK', hs_code: '621410', origin_country: 'CN', name_ar: null, value_sar: null });
    expect((await t.api('/catalogue/products/DATES-1KG', { key: team.apiKey })).body).toMatchObject({
      ...COMPLETE,
      created_at: expect.any(String),
    });
    expect((await t.api('/catalogue/products/NOPE', { key: team.apiKey })).status).toBe(404);
    const other = await t.createTeam('Other Catalogue');
    expect((await t.api('/catalogue/products/DATES-1KG', { key: other.apiKey })).status).toBe(404);

    const report = await readiness();
    expect(report.status).toBe(200);
    // DATES 5/5; SCARF: hs, weight, origin pass, dimensions and values fail (3/5);
    // TENT: hs, weight, dimensions, origin pass, values fail (4/5) → 12/15 = 80
    expect(report.body.score).toBe(80);
    expect(report.body.total_skus).toBe(3);
    expect(report.body.summary).toEqual({
      missing_hs_code: 0,
      missing_weight: 0,
      missing_dimensions: 1,
      missing_origin_country: 0,
      suspicious_values: 1,
    });
    const tent = report.body.issues.filter((i: any) => i.sku === 'TENT-XL');
    expect(tent.map((i: any) => `${i.field}:${i.severity}`)).toEqual(['weight_kg:warn', 'length_cm:warn', 'value_sar:warn']);
    for (const issue of report.body.issues) {
      expect(issue.message_ar).toMatch(/[\u0600-\u06FF]/);
      expect(issue.message_en).toMatch(/[A-Za-z]/);
    }
  });

  it('refuses a bad item naming its index and field, and writes nothing of the batch', async () => {
    const fresh = await t.createTeam('Refusals');
    const cases: Array<[unknown, string]> = [
      [[COMPLETE, { sku: 'B', weight_kg: 'heavy' }], 'products.1.weight_kg'],
      [[{ ...COMPLETE, value_sar: 1.234 }], 'products.0.value_sar'],
      [[{ name_en: 'no sku' }], 'products.0.sku'],
      [[COMPLETE, { sku: ' padded ' }], 'products.1.sku'],
      [[COMPLETE, { sku: 'X' }, { ...COMPLETE }], 'products.2.sku'],
      [[COMPLETE, 42], 'products.1'],
      [[COMPLETE, null], 'products.1'],
      [[], 'products'],
      ['not an array', 'products'],
    ];
    for (const [products, field] of cases) {
      const res = await put(products, fresh.apiKey);
      expect({ field, status: res.status, code: res.body?.error?.code }).toEqual({ field, status: 422, code: 'E_VALIDATION' });
      expect(res.body.error.details.field).toBe(field);
      expect(res.body.error.details.reason).toEqual(expect.any(String));
    }
    const tooMany = Array.from({ length: 10_001 }, (_, i) => ({ sku: `S${i}` }));
    const res = await put(tooMany, fresh.apiKey);
    expect(res.status).toBe(422);
    expect(res.body.error.details.field).toBe('products');
    expect((await t.api('/catalogue/products', { key: fresh.apiKey })).body.total).toBe(0);
  });

  it('takes 10,000 products in one call (a body over 1 MB) and scores them all', async () => {
    const bulk = await t.createTeam('Bulk Catalogue');
    const products = Array.from({ length: 10_000 }, (_, i) => ({
      ...COMPLETE,
      sku: `BULK-${String(i).padStart(5, '0')}`,
      ...(i % 10 === 0 ? { hs_code: null } : {}),
    }));
    expect(JSON.stringify({ products }).length).toBeGreaterThan(1024 * 1024);
    const res = await put(products, bulk.apiKey);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: 10_000, created: 10_000, updated: 0 });
    const report = await readiness(bulk.apiKey);
    expect(report.body).toMatchObject({ total_skus: 10_000, score: 98, summary: { missing_hs_code: 1000 } });
    expect(report.body.issues).toHaveLength(1000);
  });
});
