import { randomBytes } from 'node:crypto';

const TOKEN_BYTES = 18;
/** Random bytes for 256 tokens, drawn at once (docs/performance.md, "seventeenth session"). */
const POOL_BYTES = TOKEN_BYTES * 256;
let pool = Buffer.alloc(0);
let used = 0;

/**
 * A shipment's tracking token (docs/adr/0083): 144 random bits, URL-safe, the only key of the
 * recipient's public page. Never derived from the id or anything else a recipient could know.
 * The bytes come from the CSPRNG in blocks, each token's own and used once, as Node's randomUUID
 * does: one `randomBytes` call per booking cost several microseconds, about twenty times a slice.
 */
export function newTrackingToken(): string {
  if (used + TOKEN_BYTES > pool.length) {
    pool = randomBytes(POOL_BYTES);
    used = 0;
  }
  used += TOKEN_BYTES;
  return pool.toString('base64url', used - TOKEN_BYTES, used);
}

/** Whether a path segment can be a token at all: anything else is a 404 without a look-up. */
export function isTrackingTokenShape(value: string): boolean {
  return /^[A-Za-z0-9_-]{24}$/.test(value);
}
