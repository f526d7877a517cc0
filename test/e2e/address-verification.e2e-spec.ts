import { randomUUID } from 'node:crypto';
import { quoteFor, shipmentBody } from '../support/booking';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';
import { SERVICES_MODE } from '../support/test-mode';

/** A building of the sandbox's National Address register, as its sample route gives it (SPL's fields). */
interface RegisterRecord {
  ShortAddress: string;
  BuildingNumber: string;
  Street: string;
  Street_L2: string;
  District: string;
  District_L2: string;
  City: string;
  City_L2: string;
  RegionName: string;
  RegionName_L2: string;
  PostCode: string;
  AdditionalNumber: string;
  Latitude: string;
  Longitude: string;
}

const ARABIC = /[\u0600-\u06FF]/;

describe('National Address verification through the sandbox register (over HTTP)', () => {
  let t: TestApp;
  let team: TestTeam;
  let strict: TestTeam;
  let register: RegisterRecord[];
  let next = 0;
  /** A building no earlier request has asked for: a cold cache. */
  const fresh = () => register[next++];

  beforeAll(async () => {
    t = await bootTestApp({
      env: {
        ADDRESS_SERVICE_TIMEOUT_MS: '400',
        ADDRESS_BREAKER_THRESHOLD: '3',
        ADDRESS_BREAKER_HALF_OPEN_MS: '500',
        ADDRESS_CACHE_PREFIX: `lgw:test:address:${randomUUID()}:`,
      },
    });
    team = await t.createTeam('Warn Team');
    strict = await t.createTeam('Enforce Team');
    for (const x of [team, strict]) await t.admin('PUT', `/teams/${x.teamId}/rate-limit`, { per_minute: 100_000 });
    const samples = await t.sandbox('GET', '/sandbox/spl/samples?count=200');
    expect(samples.status).toBe(200);
    register = samples.body.addresses;
    expect(new Set(register.map((r) => r.ShortAddress)).size).toBe(200);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await t.sandbox('PUT', '/sandbox/spl/fault', { mode: 'none' });
  });

  const verify = (address: unknown, key = team.apiKey) => t.api('/addresses/verify', { method: 'POST', key, body: { address } });
  const splStats = async () => (await t.sandbox('GET', '/sandbox/spl/stats')).body;
  const carrierBookings = async () => (await t.sandbox('GET', '/sandbox/v1/carriers/sahm/stats')).body.bookings as number;
  const cacheCount = async (result: 'hit' | 'miss') => {
    const text = await t.runtime.metrics.text();
    const line = text.split('\n').find((l) => l.startsWith('lgw_address_cache_total{') && l.includes(`result="${result}"`));
    return line ? Number(line.split(' ').pop()) : 0;
  };
  const bookTo = async (key: TestTeam, destination: Record<string, unknown>) => {
    // Rated for the same country (the quote prices the lane), booked to the address under test.
    const rated = destination.country === 'SA' ? {} : { destination };
    const { quote, body } = await quoteFor(t, key, 'sahm', rated);
    return t.api('/shipments', { method: 'POST', key: key.apiKey, body: shipmentBody(quote, { ...body, destination }) });
  };
  const asDestination = (r: RegisterRecord, extra: Record<string, unknown> = {}) => ({
    name: 'Verified Recipient',
    city: r.City,
    country: 'SA',
    short_address: r.ShortAddress,
    phone: '966501234567',
    ...extra,
  });

  it('answers the full National Address in both languages from a short address alone', async () => {
    const r = fresh();
    const res = await verify({ short_address: r.ShortAddress.toLowerCase() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      verified: true,
      differences: [],
      address: {
        short_address: r.ShortAddress,
        building_number: r.BuildingNumber,
        street: { en: r.Street, ar: r.Street_L2 },
        district: { en: r.District, ar: r.District_L2 },
        city: { en: r.City, ar: r.City_L2 },
        region: { en: r.RegionName, ar: r.RegionName_L2 },
        postal_code: r.PostCode,
        additional_number: r.AdditionalNumber,
        country: 'SA',
        coordinates: { latitude: Number(r.Latitude), longitude: Number(r.Longitude) },
      },
    });
    for (const name of ['street', 'district', 'city', 'region']) expect(res.body.address[name].ar).toMatch(ARABIC);
  });

  it('finds the same building by postal code and additional number, and takes the Arabic city name', async () => {
    const r = fresh();
    const res = await verify({ postal_code: r.PostCode, additional_number: r.AdditionalNumber, city: r.City_L2, country: 'sa' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ verified: true, differences: [], address: { short_address: r.ShortAddress } });
  });

  it('says an unknown short address is not verified', async () => {
    const res = await verify({ short_address: 'ZZZZ1000', city: 'Riyadh' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ verified: false, address: null, differences: [] });
  });

  it('lists what contradicts the register for a mismatched address', async () => {
    const r = fresh();
    const other = register.find((x) => x.City !== r.City && x.PostCode !== r.PostCode)!;
    const res = await verify({ short_address: r.ShortAddress, city: other.City, postal_code: other.PostCode });
    expect(res.status).toBe(200);
    expect(res.body.verified).toBe(false);
    expect(res.body.address.short_address).toBe(r.ShortAddress);
    expect(res.body.differences).toEqual([
      { field: 'postal_code', sent: other.PostCode, verified: r.PostCode },
      { field: 'city', sent: other.City, verified: r.City },
    ]);
  });

  it('refuses what cannot be looked up with 422 E_VALIDATION listing every field in details.errors', async () => {
    const cases: Array<[unknown, string[]]> = [
      [{ address: {} }, ['address.short_address']],
      [{ address: { short_address: 'RR12', postal_code: '123' } }, ['address.postal_code', 'address.short_address']],
      [{ address: { short_address: 'RRRD2929', country: 'AE' } }, ['address.country']],
      [{}, ['address']],
    ];
    for (const [body, fields] of cases) {
      const res = await t.api('/addresses/verify', { method: 'POST', key: team.apiKey, body });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('E_VALIDATION');
      expect(res.body.error.details.errors.map((e: any) => e.field)).toEqual(fields);
    }
  });

  describe('at booking, by default (warn)', () => {
    it('books a verified short address with the full National Address stored and sent to the carrier', async () => {
      const r = fresh();
      const res = await bookTo(team, asDestination(r));
      expect(res.status).toBe(201);
      expect(res.body.warnings.map((w: any) => w.code)).not.toEqual(expect.arrayContaining(['ADDRESS_NOT_VERIFIED']));
      expect(res.body.warnings.map((w: any) => w.code)).not.toContain('ADDRESS_CORRECTED');
      expect(res.body.destination).toMatchObject({
        city: r.City,
        short_address: r.ShortAddress,
        postal_code: r.PostCode,
        additional_number: r.AdditionalNumber,
        line1: `${r.BuildingNumber} ${r.Street}, ${r.District}`,
      });
      const atCarrier = await t.sandbox('GET', `/sandbox/v1/carriers/sahm/shipments/${res.body.tracking_number}`);
      expect(JSON.stringify(atCarrier.body)).toContain(r.PostCode);
    });

    it('books an unknown short address with a bilingual ADDRESS_NOT_VERIFIED warning, as sent', async () => {
      const destination = { city: 'Riyadh', country: 'SA', short_address: 'ZZZZ1001', phone: '966501234567' };
      const res = await bookTo(team, destination);
      expect(res.status).toBe(201);
      const warning = res.body.warnings.find((w: any) => w.code === 'ADDRESS_NOT_VERIFIED');
      expect(warning.message_en).toContain('destination.short_address');
      expect(warning.message_ar).toMatch(ARABIC);
      expect(res.body.destination).toEqual(destination);
    });

    it('corrects a short address that contradicts the city and postal code: ADDRESS_CORRECTED, the register kept', async () => {
      const r = fresh();
      const other = register.find((x) => x.City !== r.City && x.PostCode !== r.PostCode)!;
      const res = await bookTo(
        team,
        asDestination(r, { city: other.City, postal_code: other.PostCode, additional_number: other.AdditionalNumber }),
      );
      expect(res.status).toBe(201);
      const warning = res.body.warnings.find((w: any) => w.code === 'ADDRESS_CORRECTED');
      expect(warning.message_en).toContain(`city: ${other.City} -> ${r.City}`);
      expect(warning.message_ar).toMatch(ARABIC);
      expect(res.body.destination).toMatchObject({ city: r.City, postal_code: r.PostCode, additional_number: r.AdditionalNumber });
      const stored = await t.api(`/shipments/${res.body.id}`, { key: team.apiKey });
      expect(stored.body.destination).toEqual(res.body.destination);
      expect(stored.body.warnings).toEqual(res.body.warnings);
    });

    it('keeps a foreign destination out of it', async () => {
      const before = (await splStats()).requests;
      const res = await bookTo(team, { name: 'Gulf Buyer', city: 'Dubai', country: 'AE', phone: '971501234567' });
      expect(res.status).toBe(201);
      expect(res.body.warnings.map((w: any) => w.code)).not.toContain('ADDRESS_NOT_VERIFIED');
      expect((await splStats()).requests).toBe(before);
    });
  });

  describe('for a team that enforces it', () => {
    beforeAll(async () => {
      const res = await t.admin('PATCH', `/teams/${strict.teamId}`, { address_verification: 'enforce' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: strict.teamId, address_verification: 'enforce' });
      expect((await t.admin('GET', `/teams/${team.teamId}`)).body.address_verification).toBe('warn');
    });

    it('refuses a bad setting with 422 naming the field', async () => {
      const res = await t.admin('PATCH', `/teams/${strict.teamId}`, { address_verification: 'sometimes' });
      expect(res.status).toBe(422);
      expect(res.body.error.details.field).toBe('address_verification');
      expect((await t.admin('PATCH', `/teams/${randomUUID()}`, { address_verification: 'warn' })).status).toBe(404);
    });

    it('refuses an unknown short address with 422 E_ADDRESS_NOT_FOUND before any carrier call, quote kept', async () => {
      const bookings = await carrierBookings();
      const { quote, body } = await quoteFor(t, strict, 'sahm');
      const refused = await t.api('/shipments', {
        method: 'POST',
        key: strict.apiKey,
        body: shipmentBody(quote, { ...body, destination: { city: 'Riyadh', country: 'SA', short_address: 'ZZZZ1002' } }),
      });
      expect(refused.status).toBe(422);
      expect(refused.body.error).toMatchObject({ code: 'E_ADDRESS_NOT_FOUND', details: { field: 'destination.short_address' } });
      expect(refused.body.error.message_ar).toMatch(ARABIC);
      expect(await carrierBookings()).toBe(bookings);
      const fixed = await t.api('/shipments', {
        method: 'POST',
        key: strict.apiKey,
        body: shipmentBody(quote, { ...body, destination: asDestination(fresh()) }),
      });
      expect(fixed.status).toBe(201);
      expect(await carrierBookings()).toBe(bookings + 1);
    });

    it('refuses a mismatched city with the field that contradicts the register', async () => {
      const r = fresh();
      const other = register.find((x) => x.City !== r.City)!;
      const bookings = await carrierBookings();
      const res = await bookTo(strict, asDestination(r, { city: other.City }));
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'E_ADDRESS_NOT_FOUND', details: { field: 'destination.city' } });
      expect(await carrierBookings()).toBe(bookings);
    });

    it('refuses an unknown destination change with 422, the carrier not told', async () => {
      const booked = await bookTo(strict, asDestination(fresh()));
      expect(booked.status).toBe(201);
      const res = await t.api(`/shipments/${booked.body.id}/destination`, {
        method: 'PATCH',
        key: strict.apiKey,
        body: { city: 'Jeddah', country: 'SA', short_address: 'ZZZZ1003' },
      });
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'E_ADDRESS_NOT_FOUND', details: { field: 'short_address' } });
      const updates = await t.sandbox('GET', `/sandbox/v1/carriers/sahm/shipments/${booked.body.tracking_number}/destination-updates`);
      expect(updates.body.destination_updates).toHaveLength(0);
    });
  });

  it('corrects a destination change in warn mode and replaces the address warnings', async () => {
    const booked = await bookTo(team, { city: 'Riyadh', country: 'SA', short_address: 'ZZZZ1004', phone: '966501234567' });
    expect(booked.body.warnings.map((w: any) => w.code)).toContain('ADDRESS_NOT_VERIFIED');
    const r = fresh();
    const other = register.find((x) => x.City !== r.City)!;
    const res = await t.api(`/shipments/${booked.body.id}/destination`, {
      method: 'PATCH',
      key: team.apiKey,
      body: asDestination(r, { city: other.City }),
    });
    expect(res.status).toBe(200);
    expect(res.body.destination).toMatchObject({ city: r.City, postal_code: r.PostCode, short_address: r.ShortAddress });
    const codes = res.body.warnings.map((w: any) => w.code);
    expect(codes).toContain('ADDRESS_CORRECTED');
    expect(codes).not.toContain('ADDRESS_NOT_VERIFIED');
    const updates = await t.sandbox('GET', `/sandbox/v1/carriers/sahm/shipments/${booked.body.tracking_number}/destination-updates`);
    expect(updates.body.destination_updates[0].address.city).toBe(r.City);
  });

  it('caches look-ups: a repeated workload reaches the register once per address', async () => {
    const addresses = Array.from({ length: 10 }, () => fresh());
    const [lookups, hits, misses] = [(await splStats()).lookups, await cacheCount('hit'), await cacheCount('miss')];
    for (let round = 0; round < 5; round++) {
      for (const r of addresses) expect((await verify({ short_address: r.ShortAddress })).body.verified).toBe(true);
    }
    expect((await splStats()).lookups - lookups).toBe(10);
    const hitRate = (await cacheCount('hit')) - hits;
    expect(hitRate).toBe(40);
    expect((await cacheCount('miss')) - misses).toBe(10);

    // A second replica: with Redis the cache is shared (no look-up); embedded mode has none to share.
    const replica = await bootTestApp({ shareWith: t });
    try {
      // Embedded replicas have a database of their own: the team is made there.
      const key = SERVICES_MODE ? team.apiKey : (await replica.createTeam('Replica Team')).apiKey;
      const before = (await splStats()).lookups;
      for (const r of addresses) {
        const res = await replica.api('/addresses/verify', { method: 'POST', key, body: { address: { short_address: r.ShortAddress } } });
        expect(res.body.verified).toBe(true);
      }
      expect((await splStats()).lookups - before).toBe(SERVICES_MODE ? 0 : 10);
    } finally {
      await replica.close();
    }
  });

  describe('with the address service down', () => {
    it('books in warn mode with ADDRESS_NOT_VERIFIED, refuses in enforce mode with 503 and Retry-After, never a 500', async () => {
      await t.sandbox('PUT', '/sandbox/spl/fault', { mode: 'down' });
      const r = fresh();
      const warned = await bookTo(team, asDestination(r));
      expect(warned.status).toBe(201);
      const warning = warned.body.warnings.find((w: any) => w.code === 'ADDRESS_NOT_VERIFIED');
      expect(warning.message_en).toContain('could not be reached');
      expect(warned.body.destination.short_address).toBe(r.ShortAddress);
      expect(warned.body.destination.postal_code).toBeUndefined();

      const bookings = await carrierBookings();
      const refused = await bookTo(strict, asDestination(fresh()));
      expect(refused.status).toBe(503);
      expect(refused.body.error.code).toBe('E_ADDRESS_SERVICE_UNAVAILABLE');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await carrierBookings()).toBe(bookings);

      const verifyDown = await verify({ short_address: fresh().ShortAddress });
      expect(verifyDown.status).toBe(503);
      expect(verifyDown.body.error.code).toBe('E_ADDRESS_SERVICE_UNAVAILABLE');
    });

    it('times out a slow service, then opens the circuit so calls stop reaching it, and recovers', async () => {
      await t.sandbox('PUT', '/sandbox/spl/fault', { mode: 'slow', latency_ms: 2000 });
      const started = Date.now();
      for (let i = 0; i < 3; i++) expect((await verify({ short_address: fresh().ShortAddress })).status).toBe(503);
      expect(Date.now() - started).toBeLessThan(3 * 1500);
      const reached = (await splStats()).requests;
      const open = await verify({ short_address: fresh().ShortAddress });
      expect(open.status).toBe(503);
      expect(open.headers.get('retry-after')).toBe('1');
      expect((await splStats()).requests).toBe(reached);

      await t.sandbox('PUT', '/sandbox/spl/fault', { mode: 'none' });
      await new Promise((resolve) => setTimeout(resolve, 600));
      const r = fresh();
      const recovered = await verify({ short_address: r.ShortAddress });
      expect(recovered.status).toBe(200);
      expect(recovered.body.address.short_address).toBe(r.ShortAddress);
    });
  });
});
