import { CARRIERS } from '@lgw/carriers';
import { DUBAI, JEDDAH, PARCELS, RIYADH, ratesBody } from '../support/fixtures';
import { GetRatesUseCase, QUOTE_REPOSITORY, QuoteRepositoryPort } from '@lgw/rating';
import { RatesRequestDto } from '@lgw/rating/http/dto/shipping.request.dto';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';

describe('POST /rates', () => {
  let t: TestApp;
  let team: TestTeam;

  beforeAll(async () => {
    t = await bootTestApp();
    team = await t.createTeam('Rates Team');
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 10_000 });
  });
  afterAll(() => t.close());

  const rates = (body: unknown, key = team.apiKey) => t.api('/rates', { method: 'POST', key, body });

  it('returns every domestic level of every registered carrier on the domestic SA lane', async () => {
    const res = await rates(ratesBody());
    expect(res.status).toBe(200);
    const domestic = CARRIERS.filter((c) => c.descriptor.coverage_countries.includes('SA')).flatMap((c) =>
      c.descriptor.service_levels.filter((l) => l.lanes.includes('domestic')).map((l) => l.code),
    );
    expect(domestic.length).toBeGreaterThan(0);
    expect(res.body.quotes.map((q: any) => q.service.code).sort()).toEqual(domestic.sort());
  });

  it('writes every answer as JSON.stringify writes it: its own writer changes no byte (docs/adr/0101)', async () => {
    const bodies = [
      ratesBody(),
      ratesBody({ cod_amount: 150 }),
      ratesBody({ destination: DUBAI }),
      ratesBody({ origin: DUBAI, destination: DUBAI, cod_amount: 150 }),
    ];
    for (const body of bodies) {
      const res = await rates(body);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(res.text));
      expect(res.text).toBe(JSON.stringify(res.body));
    }
    // The quotes' Arabic names are in the text as they are, not escaped.
    const text = (await rates(ratesBody())).text;
    expect(CARRIERS.some((c) => text.includes(`"name_ar":"${c.descriptor.name_ar}"`))).toBe(true);
  });

  it('returns the complete Quote shape with consistent numbers', async () => {
    const before = Date.now();
    const res = await rates(ratesBody({ parcels: [{ weight_kg: 1.01, length_cm: 10, width_cm: 10, height_cm: 10 }] }));
    for (const q of res.body.quotes) {
      expect(Object.keys(q).sort()).toEqual(
        [
          'account',
          'breakdown',
          'carrier',
          'connection_id',
          'currency',
          'estimated_delivery_date',
          'expires_at',
          'mode',
          'on_time_rate',
          'quote_id',
          'recommended',
          'rule_id',
          'service',
          'total_sar',
          'transit_days',
          'weights',
        ].sort(),
      );
      // A team without its own contracts is quoted on the platform's connection to each carrier.
      expect(q.account).toBe('platform');
      expect(q.connection_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Object.keys(q.carrier).sort()).toEqual(['code', 'name_ar', 'name_en']);
      expect(Object.keys(q.service).sort()).toEqual(['code', 'mode', 'name_ar', 'name_en']);
      expect(q.transit_days.min).toBeLessThanOrEqual(q.transit_days.max);
      expect(q.weights.actual_kg).toBe(1.01);
      expect(q.weights.chargeable_kg).toBe(1.5);
      expect(Number.isInteger(q.weights.volumetric_divisor)).toBe(true);
      expect(typeof q.weights.weight_break_applied).toBe('string');
      expect(q.breakdown.map((b: any) => b.code)).toEqual(['base', 'weight_charge', 'fuel_surcharge', 'vat']);
      for (const line of q.breakdown) {
        expect(line.label_en).toBeTruthy();
        expect(line.label_ar).toMatch(/[\u0600-\u06FF]/);
        expect(Math.round(line.amount_sar * 100)).toBeCloseTo(line.amount_sar * 100, 6);
      }
      const halalas = q.breakdown.map((b: any) => Math.round(b.amount_sar * 100));
      expect(halalas.reduce((a: number, b: number) => a + b, 0)).toBe(Math.round(q.total_sar * 100));
      const preVat = halalas.slice(0, 3).reduce((a: number, b: number) => a + b, 0);
      expect(halalas[3]).toBe(Math.round((preVat * 15) / 100));
      expect(q.currency).toBe('SAR');
      const expires = Date.parse(q.expires_at);
      expect(expires - before).toBeGreaterThanOrEqual(900_000 - 5_000);
      expect(expires - Date.now()).toBeLessThanOrEqual(900_000 + 1_000);
    }
  });

  // Levels that declare weight and size limits, from the registry: each limit is tried just beyond it.
  const limited = CARRIERS.flatMap((c) => c.descriptor.service_levels).filter((l) => l.lanes.includes('domestic') && l.limits);
  const beyond = (limits: NonNullable<(typeof limited)[number]['limits']>) =>
    [
      limits.max_weight_kg !== undefined && { weight_kg: limits.max_weight_kg + 0.5, length_cm: 30, width_cm: 20, height_cm: 10 },
      limits.max_length_cm !== undefined && { weight_kg: 1, length_cm: limits.max_length_cm + 1, width_cm: 10, height_cm: 10 },
      limits.max_dimensions_sum_cm !== undefined && {
        weight_kg: 1,
        length_cm: limits.max_dimensions_sum_cm / 3 + 1,
        width_cm: limits.max_dimensions_sum_cm / 3,
        height_cm: limits.max_dimensions_sum_cm / 3,
      },
    ].filter((p) => p !== false);

  it('does not quote a service level a parcel exceeds (its declared weight and size limits), and quotes it up to them', async () => {
    expect(limited.length).toBeGreaterThan(0);
    for (const level of limited) {
      const parcels = beyond(level.limits!);
      expect(parcels.length).toBeGreaterThan(0);
      for (const parcel of parcels) {
        const res = await rates(ratesBody({ parcels: [PARCELS[0], parcel] }));
        expect(res.status).toBe(200);
        const codes = res.body.quotes.map((q: any) => q.service.code);
        expect(codes).not.toContain(level.code);
      }
      const { max_weight_kg } = level.limits!;
      if (max_weight_kg !== undefined) {
        const atLimit = await rates(ratesBody({ parcels: [{ weight_kg: max_weight_kg, length_cm: 30, width_cm: 20, height_cm: 10 }] }));
        expect(atLimit.body.quotes.map((q: any) => q.service.code)).toContain(level.code);
      }
    }
  });

  it('uses volumetric weight when it exceeds the actual weight', async () => {
    const res = await rates(ratesBody({ parcels: [{ weight_kg: 1, length_cm: 50, width_cm: 40, height_cm: 40 }] }));
    for (const q of res.body.quotes) {
      const volumetric = (50 * 40 * 40) / q.weights.volumetric_divisor;
      expect(q.weights.volumetric_kg).toBeCloseTo(volumetric, 3);
      expect(q.weights.chargeable_kg).toBe(Math.ceil(volumetric * 2) / 2);
    }
  });

  it('excludes the SA-only csv_batch carrier on SA→AE', async () => {
    const res = await rates(ratesBody({ destination: DUBAI }));
    expect(res.status).toBe(200);
    const carriers = await t.api('/carriers', { key: team.apiKey });
    const csvCarrier = carriers.body.carriers.find((c: any) => c.integration_type === 'csv_batch').code;
    expect(res.body.quotes.length).toBeGreaterThan(0);
    expect(res.body.quotes.map((q: any) => q.carrier.code)).not.toContain(csvCarrier);
  });

  it('answers 200 with an empty list when no carrier serves the lane', async () => {
    const res = await rates(ratesBody({ origin: { city: 'Lima', country: 'PE' }, destination: { city: 'Oslo', country: 'NO' } }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ quotes: [] });
  });

  it.each([
    ['domestic', ratesBody()],
    ['international with cash on delivery refused', ratesBody({ destination: DUBAI, cod_amount: 150 })],
    ['domestic with cash on delivery', ratesBody({ cod_amount: 150, declared_value: 450, hs_codes: ['610910'] })],
  ])('writes every field the use case answers, %s', async (_lane, body) => {
    const res = await rates(body);
    expect(res.status).toBe(200);
    const dto = Object.assign(new RatesRequestDto(), body);
    const answer = await t.app.get(GetRatesUseCase).rates(dto.toCommand(team.teamId));
    // The same quote, rated a moment later: only its id and expiry differ.
    const comparable = (a: { quotes: readonly object[] }) =>
      JSON.parse(JSON.stringify({ ...a, quotes: a.quotes.map((q) => ({ ...q, quote_id: 'id', expires_at: 'at', mode: 'live' })) }));
    expect(comparable(res.body)).toEqual(comparable(answer));
    expect(res.body.quotes.length + (res.body.warnings?.length ?? 0)).toBeGreaterThan(0);
  });

  it.each([
    ['parcels.0.weight_kg', { parcels: [{ ...PARCELS[0], weight_kg: -1 }] }, 'must be a positive number'],
    ['parcels.0.weight_kg', { parcels: [{ ...PARCELS[0], weight_kg: 0 }] }, 'must be a positive number'],
    ['parcels.0.weight_kg', { parcels: [{ ...PARCELS[0], weight_kg: '2' }] }, 'must be a positive number'],
    ['parcels.1.height_cm', { parcels: [PARCELS[0], { ...PARCELS[0], height_cm: undefined }] }, 'is required'],
    ['parcels', { parcels: [] }, 'must contain at least 1 parcel'],
    ['parcels', { parcels: Array.from({ length: 51 }, () => PARCELS[0]) }, 'must contain at most 50 parcels'],
    ['origin', { origin: undefined }, 'is required'],
    ['destination.country', { destination: { ...JEDDAH, country: 'Saudi' } }, 'must be an ISO 3166-1 alpha-2 country code'],
    ['destination.postal_code', { destination: { ...JEDDAH, postal_code: '1234' } }, 'must be a 5-digit postal code'],
    ['origin.additional_number', { origin: { ...RIYADH, additional_number: '12' } }, expect.any(String)],
    ['origin.short_address', { origin: { ...RIYADH, short_address: 'RR2929' } }, expect.any(String)],
    ['destination.phone', { destination: { ...JEDDAH, phone: '0512345678' } }, expect.any(String)],
    ['destination.city', { destination: { country: 'SA', short_address: 'RRRD2929' } }, 'is required'],
    ['incoterm', { incoterm: 'XYZ' }, expect.any(String)],
    ['declared_value_currency', { declared_value_currency: 'RIYAL' }, 'must be an ISO 4217 currency code'],
    ['declared_value', { declared_value: -5 }, expect.any(String)],
    ['cod_amount', { cod_amount: 1.234 }, expect.any(String)],
  ])('422 E_VALIDATION on %s', async (field, overrides, reason) => {
    const res = await rates(ratesBody(overrides));
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('E_VALIDATION');
    expect(res.body.error.message_en).toBe('Request validation failed.');
    const { reason_ar: reasonAr, errors, ...details } = res.body.error.details;
    expect(details).toEqual({ field, reason });
    // Every problem is listed; this request has the one.
    expect(errors).toEqual([{ field, reason, ...(reasonAr ? { reason_ar: reasonAr } : {}) }]);
    // Every rule, the address rules as the DTO's, carries its Arabic reason as well.
    expect(reasonAr).toMatch(/[\u0600-\u06ff]/);
  });

  it('stores quotes owned by the team that asked, with what booking needs', async () => {
    const res = await rates(ratesBody());
    const other = await t.createTeam('Other Rates Team');
    const store = t.app.get<QuoteRepositoryPort>(QUOTE_REPOSITORY);
    for (const q of res.body.quotes) {
      const stored = await store.findForTeam(team.teamId, q.quote_id);
      expect(stored).toMatchObject({
        id: q.quote_id,
        teamId: team.teamId,
        carrierCode: q.carrier.code,
        serviceCode: q.service.code,
        lane: 'domestic',
        originCountry: 'SA',
        destinationCountry: 'SA',
        chargeableKg: q.weights.chargeable_kg,
        price: { totalHalalas: Math.round(q.total_sar * 100) },
        usedAt: null,
      });
      expect(stored!.parcelsFingerprint).toMatch(/^[0-9a-f]{64}$/);
      expect(stored!.expiresAt.toISOString()).toBe(q.expires_at);
      expect(await store.findForTeam(other.teamId, q.quote_id)).toBeNull();
    }
  });
});
