import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: a carrier webhook URL cannot be guessed, only given. */
export function newWebhookToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashWebhookToken(token) };
}

/** What is stored and looked up: the token itself is never kept. */
export function hashWebhookToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A token as newWebhookToken makes them: anything else is unknown without a database read. */
export function isWebhookTokenShaped(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
