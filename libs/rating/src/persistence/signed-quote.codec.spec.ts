import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { IssuedQuote } from '../application/ports/quote.repository.port';
import { SignedQuoteCodec } from './signed-quote.codec';

const quote = (over: Partial<IssuedQuote> = {}): IssuedQuote => ({
  teamId: randomUUID(),
  carrierCode: 'sahm',
  serviceCode: 'sahm_express_domestic',
  lane: 'domestic',
  originCountry: 'SA',
  destinationCountry: 'SA',
  parcelsFingerprint: randomBytes(32).toString('hex'),
  chargeableKg: 2.5,
  price: { totalHalalas: 2277, lines: { base: 1500, weight_charge: 300, fuel_surcharge: 180, vat: 297 } },
  codAmountHalalas: 0,
  connectionId: null,
  createdAt: new Date('2026-11-24T10:00:00.123Z'),
  expiresAt: new Date('2026-11-24T10:15:00.123Z'),
  ...over,
});

describe('SignedQuoteCodec', () => {
  const codec = new SignedQuoteCodec(randomBytes(32));

  it.each([32, 64, 100])('signs with HMAC-SHA256 of a %i-byte key, its first 16 bytes', (size) => {
    const key = randomBytes(size);
    const q = quote();
    const raw = Buffer.from(new SignedQuoteCodec(key).seal(q).slice(3), 'base64url');
    const body = raw.subarray(0, raw.length - 16);
    const expected = createHmac('sha256', key).update('lgw quote v1\0').update(q.teamId).update('\0').update(body).digest().subarray(0, 16);
    expect(raw.subarray(raw.length - 16).equals(expected)).toBe(true);
  });

  it('signs each quote on its own: a long team id, then a short one, each with its own HMAC', () => {
    const key = randomBytes(32);
    const signer = new SignedQuoteCodec(key);
    for (const teamId of ['t'.repeat(700), randomUUID(), 'فريق'.repeat(200), randomUUID()]) {
      const q = quote({ teamId, carrierCode: 'c'.repeat(200) });
      const raw = Buffer.from(signer.seal(q).slice(3), 'base64url');
      const body = raw.subarray(0, raw.length - 16);
      const expected = createHmac('sha256', key).update('lgw quote v1\0').update(teamId).update('\0').update(body).digest().subarray(0, 16);
      expect(raw.subarray(raw.length - 16).equals(expected)).toBe(true);
      expect(signer.open(teamId, signer.seal(q))?.teamId).toBe(teamId);
    }
  });

  it("seals a rating's quotes together, each as it would alone, whatever they share or not", () => {
    const key = randomBytes(32);
    const signer = new SignedQuoteCodec(key);
    const team = randomUUID();
    const base = quote({ teamId: team });
    const quotes = [
      base,
      { ...base, carrierCode: 'bahr', serviceCode: 'bahr_land', chargeableKg: 3, connectionId: randomUUID() },
      { ...base, parcelsFingerprint: randomBytes(32).toString('hex') },
      { ...base, expiresAt: new Date(base.expiresAt.getTime() + 1) },
      { ...base, createdAt: new Date(base.createdAt.getTime() + 1) },
      { ...base, lane: 'gcc' as const, destinationCountry: 'AE' },
      { ...base, originCountry: 'AE', destinationCountry: 'AE' },
      { ...base, carrierCode: 'c'.repeat(250), serviceCode: 's'.repeat(250) },
      { ...base, teamId: 'فريق'.repeat(100), serviceCode: 'x'.repeat(255) },
      base,
    ];
    const ids = signer.sealAll(quotes);
    expect(ids).toHaveLength(quotes.length);
    expect(new Set(ids).size).toBe(quotes.length);
    ids.forEach((id, i) => {
      expect(signer.open(quotes[i].teamId, id)).toEqual(quotes[i]);
      const raw = Buffer.from(id.slice(3), 'base64url');
      const body = raw.subarray(0, raw.length - 16);
      const expected = createHmac('sha256', key)
        .update('lgw quote v1\0')
        .update(quotes[i].teamId)
        .update('\0')
        .update(body)
        .digest()
        .subarray(0, 16);
      expect(raw.subarray(raw.length - 16).equals(expected)).toBe(true);
    });
    expect(signer.sealAll([])).toEqual([]);
    // Opening another team's token between two seals leaves the next seal's MAC as createHmac's.
    expect(signer.open(randomUUID(), ids[0])).toBeNull();
    expect(signer.open(team, ids[0])).toEqual(quotes[0]);
    const again = Buffer.from(signer.sealAll([base])[0].slice(3), 'base64url');
    const body = again.subarray(0, again.length - 16);
    const expected = createHmac('sha256', key).update('lgw quote v1\0').update(team).update('\0').update(body).digest().subarray(0, 16);
    expect(again.subarray(again.length - 16).equals(expected)).toBe(true);
  });

  it('opens what it sealed, for the team it sealed it for, field for field', () => {
    const q = quote({
      lane: 'international',
      destinationCountry: 'AE',
      price: { totalHalalas: 2 ** 40, lines: { base: 2 ** 40, weight_charge: 0, fuel_surcharge: 0, vat: 0 } },
      chargeableKg: 1234.5,
    });
    const id = codec.seal(q);
    expect(id).toMatch(/^q1\.[A-Za-z0-9_-]+$/);
    expect(id.length).toBeLessThanOrEqual(256);
    expect(codec.open(q.teamId, id)).toEqual(q);
  });

  it('carries the cash on delivery amount and fee the quote was rated with', () => {
    const q = quote({
      codAmountHalalas: 1_000_000,
      price: { totalHalalas: 21_527, lines: { base: 1500, weight_charge: 300, fuel_surcharge: 180, cod_fee: 15_000, vat: 4547 } },
    });
    const opened = codec.open(q.teamId, codec.seal(q));
    expect(opened).toEqual(q);
    expect(opened?.codAmountHalalas).toBe(1_000_000);
    expect(opened?.price.lines.cod_fee).toBe(15_000);
    // Without cash on delivery there is no cod_fee line at all, as the breakdown shows none.
    const plain = quote();
    expect(codec.open(plain.teamId, codec.seal(plain))?.price.lines).toEqual(plain.price.lines);
    expect(plain.price.lines).not.toHaveProperty('cod_fee');
  });

  it('carries the carrier connection the quote was priced on', () => {
    const connectionId = randomUUID();
    const q = quote({ connectionId });
    expect(codec.open(q.teamId, codec.seal(q))).toEqual(q);
    const none = quote({ connectionId: undefined });
    expect(codec.open(none.teamId, codec.seal(none))?.connectionId).toBeNull();
    expect(() => codec.seal(quote({ connectionId: 'platform' }))).toThrow(/connection/);
  });

  it('still opens a version 2 token (issued before connections) as booked on the platform account', () => {
    const key = randomBytes(32);
    const q = quote({
      codAmountHalalas: 5_000,
      price: { totalHalalas: 3_777, lines: { base: 1500, weight_charge: 300, fuel_surcharge: 180, cod_fee: 1_500, vat: 297 } },
    });
    const sealed = Buffer.from(new SignedQuoteCodec(key).seal(q).slice(3), 'base64url');
    // A version 2 body is the version 3 body without the 16 connection bytes after the nonce.
    const body = sealed.subarray(0, sealed.length - 16);
    const connectionAt = 1 + 1 + 2 + 2 + 32 + 4 + 7 * 6 + 6 + 6 + 4;
    const v2 = Buffer.concat([body.subarray(0, connectionAt), body.subarray(connectionAt + 16)]);
    v2[0] = 2;
    const mac = createHmac('sha256', key).update('lgw quote v1\0').update(q.teamId).update('\0').update(v2).digest().subarray(0, 16);
    const opened = new SignedQuoteCodec(key).open(q.teamId, `q1.${Buffer.concat([v2, mac]).toString('base64url')}`);
    expect(opened).toEqual({ ...q, connectionId: null });
  });

  it('gives two quotes with the same facts two ids', () => {
    const q = quote();
    expect(codec.seal(q)).not.toBe(codec.seal(q));
  });

  it('opens nothing for another team, another key, an altered or a malformed id', () => {
    const q = quote();
    const id = codec.seal(q);
    expect(codec.open(randomUUID(), id)).toBeNull();
    expect(new SignedQuoteCodec(randomBytes(32)).open(q.teamId, id)).toBeNull();
    const raw = Buffer.from(id.slice(3), 'base64url');
    for (const at of [0, 10, 60, raw.length - 1]) {
      const altered = Buffer.from(raw);
      altered[at] ^= 1;
      expect(codec.open(q.teamId, `q1.${altered.toString('base64url')}`)).toBeNull();
    }
    for (const bad of [
      '',
      'not-a-quote',
      '4b0c4d1e-0000-4000-8000-000000000000',
      'q1.',
      `q1.${raw.subarray(0, 40).toString('base64url')}`,
      `${id}=`,
    ]) {
      expect(codec.open(q.teamId, bad)).toBeNull();
    }
  });

  it('refuses to seal what it could not open exactly', () => {
    expect(() => codec.seal(quote({ originCountry: 'Saudi' }))).toThrow();
    expect(() => codec.seal(quote({ parcelsFingerprint: 'abc' }))).toThrow();
    expect(() => codec.seal(quote({ chargeableKg: 0.0001 }))).toThrow();
    expect(() => new SignedQuoteCodec(randomBytes(16))).toThrow();
  });
});
