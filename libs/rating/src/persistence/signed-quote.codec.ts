import { createHash, hash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IssuedQuote } from '../application/ports/quote.repository.port';
import { remembered, type Lane } from '@lgw/kernel';

/**
 * A quote id that carries the quote (docs/adr/0031): `q1.` + base64url of the priced facts
 * and a MAC. The MAC (HMAC-SHA256, first 16 bytes) covers the team id too, which the token does
 * not carry: another team's token, or a forged or altered one, opens to nothing.
 *
 * Layout (big-endian): version 1 | lane 1 | origin 2 | destination 2 | parcels fingerprint 32 |
 * chargeable g 4 | base, weight charge, fuel, VAT, total halalas 6 each | [version 2: COD amount,
 * COD fee halalas 6 each] | created ms 6 | expires ms 6 | nonce 4 | [version 3: carrier connection
 * id, 16 bytes of its UUID or 16 zero bytes for none] | carrier code (len 1 + bytes) | service code
 * (len 1 + bytes) | MAC 16. Version 1 (no cash on delivery) and 2 (no connection) tokens still open.
 */
const PREFIX = 'q1.';
const VERSION = 3;
const MAC_BYTES = 16;
const AMOUNTS = { 1: 5, 2: 7, 3: 7 } as const;
const CONNECTION_BYTES = 16;
const FIXED_BYTES = 1 + 1 + 2 + 2 + 32 + 4 + AMOUNTS[VERSION] * 6 + 6 + 6 + 4 + CONNECTION_BYTES;
const V1_FIXED_BYTES = FIXED_BYTES - CONNECTION_BYTES - 2 * 6;
/** Version, lane, origin, destination, parcels fingerprint. */
const HEAD_BYTES = 1 + 1 + 2 + 2 + 32;
const LANES: readonly Lane[] = ['domestic', 'gcc', 'international'];
const MAC_LABEL = Buffer.from('lgw quote v1\0');

export class SignedQuoteCodec {
  private readonly signer: QuoteSigner;

  constructor(key: Buffer) {
    if (key.length < 32) throw new Error('the quote signing key must be at least 32 bytes');
    this.signer = new QuoteSigner(key);
  }

  seal(quote: IssuedQuote): string {
    return this.sealAll([quote])[0];
  }

  /**
   * One id per quote. A rating's quotes share their lane, countries, parcels and instants: those
   * bytes are laid out once per rating and copied into each token (docs/adr/0101).
   */
  sealAll(quotes: readonly IssuedQuote[]): string[] {
    const ids: string[] = [];
    let shared: SharedBytes | undefined;
    for (const quote of quotes) {
      if (!shared || !shared.fits(quote)) shared = sharedBytes(quote);
      ids.push(this.sealOne(quote, shared));
    }
    return ids;
  }

  private sealOne(quote: IssuedQuote, shared: SharedBytes): string {
    const carrier = codeBytes(quote.carrierCode);
    const service = codeBytes(quote.serviceCode);
    const length = FIXED_BYTES + 1 + carrier.length + 1 + service.length;
    // The body is written where the MAC reads it, and the MAC after it: the token is those bytes.
    const token = this.signer.begin(quote.teamId, length + MAC_BYTES);
    const start = this.signer.bodyAt;
    let at = start + shared.head.copy(token, start);
    at = token.writeUInt32BE(grams(quote.chargeableKg), at);
    const { lines } = quote.price;
    at = token.writeUIntBE(lines.base, at, 6);
    at = token.writeUIntBE(lines.weight_charge, at, 6);
    at = token.writeUIntBE(lines.fuel_surcharge, at, 6);
    at = token.writeUIntBE(lines.vat, at, 6);
    at = token.writeUIntBE(quote.price.totalHalalas, at, 6);
    at = token.writeUIntBE(quote.codAmountHalalas, at, 6);
    at = token.writeUIntBE(lines.cod_fee ?? 0, at, 6);
    at += shared.instants.copy(token, at);
    at = writeNonce(token, at);
    at += connectionBytes(quote.connectionId).copy(token, at);
    at = token.writeUInt8(carrier.length, at);
    at += carrier.copy(token, at);
    at = token.writeUInt8(service.length, at);
    at += service.copy(token, at);
    return PREFIX + token.toString('base64url', start, this.signer.sign(at));
  }

  /** The quote this team was given under `id`, or null: malformed, forged, altered or another team's. */
  open(teamId: string, id: string): IssuedQuote | null {
    if (!id.startsWith(PREFIX)) return null;
    const raw = Buffer.from(id.slice(PREFIX.length), 'base64url');
    if (raw.length < V1_FIXED_BYTES + 2 + MAC_BYTES || raw.toString('base64url') !== id.slice(PREFIX.length)) return null;
    const body = raw.subarray(0, raw.length - MAC_BYTES);
    const input = this.signer.begin(teamId, body.length + MAC_BYTES);
    const end = this.signer.bodyAt + body.copy(input, this.signer.bodyAt);
    this.signer.sign(end);
    if (!timingSafeEqual(input.subarray(end, end + MAC_BYTES), raw.subarray(raw.length - MAC_BYTES))) return null;
    return decode(teamId, body);
  }
}

/**
 * HMAC-SHA256 (RFC 2104) over label, team id, NUL and body, its first 16 bytes. The key's inner
 * and outer pads are computed once, and each MAC is two one-shot hashes over the pad and the
 * message: a rating request signs one quote per service level, and keying a new HMAC each time
 * was a twentieth of POST /rates' CPU; copying pre-hashed Hash states cost a third more than the
 * one-shot hashes (docs/performance.md). The same bytes as createHmac (signed-quote.codec.spec.ts).
 *
 * The message is laid out in one buffer kept for the next MAC: `begin` writes the pad, label and
 * team (kept while the team is the same, as for a rating's quotes), the caller writes the body
 * from `bodyAt`, and `sign` writes the MAC right after it. Allocating a token per quote cost more
 * than its hashes whenever Node's buffer pool ran out (docs/adr/0101). Every call is synchronous,
 * so no other MAC uses the buffer in between.
 */
class QuoteSigner {
  private readonly innerPad: Buffer;
  private readonly outer: Buffer;
  private input = Buffer.alloc(0);
  private team: string | undefined;
  /** Views of `input` from 0 to each message length seen, for the hash (a view is an object). */
  private views = new Map<number, Buffer>();
  /** Where the body starts in the buffer `begin` answered. */
  bodyAt = 0;

  constructor(key: Buffer) {
    const block = Buffer.alloc(64);
    (key.length > 64 ? createHash('sha256').update(key).digest() : key).copy(block);
    this.innerPad = Buffer.concat([Buffer.from(block.map((b) => b ^ 0x36)), MAC_LABEL]);
    this.outer = Buffer.concat([Buffer.from(block.map((b) => b ^ 0x5c)), Buffer.alloc(32)]);
  }

  /** The buffer to write a body of up to `room` bytes (the MAC included) into, from `bodyAt`. */
  begin(teamId: string, room: number): Buffer {
    if (teamId !== this.team) {
      this.team = undefined;
      this.reserve(this.innerPad.length + Buffer.byteLength(teamId) + 1 + room);
      const at = this.innerPad.length + this.input.write(teamId, this.innerPad.length);
      this.bodyAt = this.input.writeUInt8(0, at);
      this.team = teamId;
    } else {
      this.reserve(this.bodyAt + room);
    }
    return this.input;
  }

  /** MACs the message up to `end` and writes the MAC's 16 bytes from `end`; answers where they stop. */
  sign(end: number): number {
    let message = this.views.get(end);
    if (!message) this.views.set(end, (message = this.input.subarray(0, end)));
    hash('sha256', message, 'buffer').copy(this.outer, 64);
    return end + hash('sha256', this.outer, 'buffer').copy(this.input, end, 0, MAC_BYTES);
  }

  private reserve(bytes: number): void {
    if (bytes <= this.input.length) return;
    const grown = Buffer.alloc(Math.max(bytes, 512) * 2);
    this.innerPad.copy(grown);
    // The team (when kept) is copied with the pad: its bytes stay where `bodyAt` says.
    if (this.team !== undefined) this.input.copy(grown, this.innerPad.length, this.innerPad.length, this.bodyAt);
    this.input = grown;
    this.views = new Map();
  }
}

/** Only called on a body whose MAC verified: the gateway wrote it, so it is well formed. */
function decode(teamId: string, body: Buffer): IssuedQuote | null {
  const version = body.readUInt8(0);
  if (version !== 1 && version !== 2 && version !== 3) return null;
  let at = 1;
  const lane = LANES[body.readUInt8(at++)];
  const originCountry = body.toString('latin1', at, (at += 2));
  const destinationCountry = body.toString('latin1', at, (at += 2));
  const parcelsFingerprint = body.toString('hex', at, (at += 32));
  const chargeableKg = body.readUInt32BE(at) / 1000;
  at += 4;
  const amounts: number[] = [];
  for (let i = 0; i < AMOUNTS[version]; i++, at += 6) amounts.push(body.readUIntBE(at, 6));
  const createdAt = new Date(body.readUIntBE(at, 6));
  const expiresAt = new Date(body.readUIntBE((at += 6), 6));
  at += 6 + 4;
  let connectionId: string | null = null;
  if (version === 3) {
    connectionId = connectionIdOf(body.subarray(at, at + CONNECTION_BYTES));
    at += CONNECTION_BYTES;
  }
  const carrierLength = body.readUInt8(at++);
  const carrierCode = body.toString('utf8', at, (at += carrierLength));
  const serviceLength = body.readUInt8(at++);
  const serviceCode = body.toString('utf8', at, at + serviceLength);
  const [base, weight_charge, fuel_surcharge, vat, totalHalalas, codAmountHalalas = 0, codFee = 0] = amounts;
  return {
    teamId,
    carrierCode,
    serviceCode,
    lane,
    originCountry,
    destinationCountry,
    parcelsFingerprint,
    chargeableKg,
    // The total as sealed (not re-added): what the client was shown.
    price: { totalHalalas, lines: { base, weight_charge, fuel_surcharge, ...(codFee > 0 ? { cod_fee: codFee } : {}), vat } },
    codAmountHalalas,
    connectionId,
    createdAt,
    expiresAt,
  };
}

/** The bytes a rating's quotes have in common: version to parcels fingerprint, and the two instants. */
interface SharedBytes {
  readonly head: Buffer;
  readonly instants: Buffer;
  fits(quote: IssuedQuote): boolean;
}

function sharedBytes(first: IssuedQuote): SharedBytes {
  const head = Buffer.allocUnsafe(HEAD_BYTES);
  let at = head.writeUInt8(VERSION, 0);
  at = head.writeUInt8(LANES.indexOf(first.lane), at);
  at += head.write(country(first.originCountry), at, 'latin1');
  at += head.write(country(first.destinationCountry), at, 'latin1');
  head.write(fingerprint(first.parcelsFingerprint), at, 'hex');
  const instants = Buffer.allocUnsafe(12);
  const created = first.createdAt.getTime();
  const expires = first.expiresAt.getTime();
  instants.writeUIntBE(expires, instants.writeUIntBE(created, 0, 6), 6);
  return {
    head,
    instants,
    fits: (quote) =>
      quote.lane === first.lane &&
      quote.originCountry === first.originCountry &&
      quote.destinationCountry === first.destinationCountry &&
      quote.parcelsFingerprint === first.parcelsFingerprint &&
      quote.createdAt.getTime() === created &&
      quote.expiresAt.getTime() === expires,
  };
}

const NO_CONNECTION = Buffer.alloc(CONNECTION_BYTES);

/** Carrier and service codes, and connection ids, recur on every rating: their bytes are kept. */
const KEPT_BYTES_MAX = 4096;

const codeBytes = remembered(KEPT_BYTES_MAX, (code) => {
  const bytes = Buffer.from(code, 'utf8');
  if (bytes.length > 255) throw new Error(`cannot seal a quote for code "${code}"`);
  return bytes;
});

const keptConnectionBytes = remembered(KEPT_BYTES_MAX, (id) => {
  const hex = id.replace(/-/g, '');
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new Error(`cannot seal a quote for connection "${id}"`);
  return Buffer.from(hex, 'hex');
});

function connectionBytes(id: string | null | undefined): Buffer {
  return id ? keptConnectionBytes(id) : NO_CONNECTION;
}

function connectionIdOf(bytes: Buffer): string | null {
  if (bytes.equals(NO_CONNECTION)) return null;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * 4 random bytes per quote from a pooled buffer: a call to randomBytes per quote was a tenth of
 * POST /rates' CPU in its profile (as randomUUID, the pool amortises the system call).
 */
const NONCE_POOL_BYTES = 4096;
let noncePool = Buffer.alloc(0);
let nonceAt = 0;
function writeNonce(target: Buffer, at: number): number {
  if (nonceAt + 4 > noncePool.length) {
    noncePool = randomBytes(NONCE_POOL_BYTES);
    nonceAt = 0;
  }
  nonceAt += 4;
  return at + noncePool.copy(target, at, nonceAt - 4, nonceAt);
}

function country(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) throw new Error(`cannot seal a quote for country "${code}"`);
  return code;
}

function fingerprint(hex: string): string {
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error('cannot seal a quote without a SHA-256 parcels fingerprint');
  return hex;
}

/** Chargeable weight is a whole number of half kilograms: exact in grams. */
function grams(kg: number): number {
  const g = Math.round(kg * 1000);
  if (Math.abs(g - kg * 1000) > 1e-6) throw new Error(`cannot seal a chargeable weight of ${kg} kg`);
  return g;
}
