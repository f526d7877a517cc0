import { createHash, randomBytes, randomUUID } from 'node:crypto';

export interface GeneratedKey {
  readonly id: string;
  readonly plaintext: string;
  readonly hash: string;
  readonly displayPrefix: string;
}

export function hashApiKey(plaintext: string): string {
  return createHash('sha256').update(plaintext, 'utf8').digest('hex');
}

/** `<prefix>_live_<64 hex>`: 256 random bits, shown once, stored only as a SHA-256 hash. */
export function generateApiKey(prefix: string): GeneratedKey {
  const plaintext = `${prefix}_live_${randomBytes(32).toString('hex')}`;
  return {
    id: randomUUID(),
    plaintext,
    hash: hashApiKey(plaintext),
    displayPrefix: `${plaintext.slice(0, prefix.length + 10)}…`,
  };
}

export function apiKeyPattern(prefix: string): RegExp {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped}_live_[0-9a-f]{64}$`);
}
