import { randomBytes } from 'node:crypto';

/**
 * A shipment's tracking token (docs/adr/0083): 144 random bits, URL-safe, the only key of the
 * recipient's public page. Never derived from the id or anything else a recipient could know.
 */
export function newTrackingToken(): string {
  return randomBytes(18).toString('base64url');
}

/** Whether a path segment can be a token at all: anything else is a 404 without a look-up. */
export function isTrackingTokenShape(value: string): boolean {
  return /^[A-Za-z0-9_-]{24}$/.test(value);
}
