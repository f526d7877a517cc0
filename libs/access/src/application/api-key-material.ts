import * as crypto from 'node:crypto';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { ApiMode } from '@lgw/kernel';

export interface GeneratedKey {
  readonly id: string;
  readonly mode: ApiMode;
  readonly plaintext: string;
  readonly hash: string;
  readonly displayPrefix: string;
  readonly last4: string;
}

/** One-shot hashing where Node has it (20.12+): no Hash object per request. */
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash;

export function hashApiKey(plaintext: string): string {
  return oneShot ? oneShot('sha256', plaintext, 'hex') : createHash('sha256').update(plaintext, 'utf8').digest('hex');
}

/**
 * `<prefix>_live_<64 hex>` or `<prefix>_test_<64 hex>`: 256 random bits, shown once, stored
 * only as a SHA-256 hash.
 */
export function generateApiKey(prefix: string, mode: ApiMode = 'live'): GeneratedKey {
  const plaintext = `${prefix}_${mode}_${randomBytes(32).toString('hex')}`;
  return {
    id: randomUUID(),
    mode,
    plaintext,
    hash: hashApiKey(plaintext),
    displayPrefix: `${plaintext.slice(0, prefix.length + 10)}…`,
    last4: plaintext.slice(-4),
  };
}

export function apiKeyPattern(prefix: string): RegExp {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped}_(live|test)_[0-9a-f]{64}$`);
}
