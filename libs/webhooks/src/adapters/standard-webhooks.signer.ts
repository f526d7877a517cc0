import { createHmac, randomBytes } from 'node:crypto';
import type { WebhookSignerPort } from '../application/ports/webhooks.port';

const SECRET_PREFIX = 'whsec_';

/**
 * Standard Webhooks 1.0 signing: `v1,` + base64 HMAC-SHA256 over `id.timestamp.body`, keyed
 * with the base64-decoded part of `whsec_…`. Several secrets (during a rotation) give
 * several space-separated signatures; a receiver accepts the message if any one verifies.
 */
export class StandardWebhooksSigner implements WebhookSignerPort {
  newSecret(): string {
    return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
  }

  sign(secrets: readonly string[], messageId: string, timestampSeconds: number, body: string): string {
    const content = `${messageId}.${timestampSeconds}.${body}`;
    return secrets
      .map((secret) => {
        const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
        return `v1,${createHmac('sha256', key).update(content).digest('base64')}`;
      })
      .join(' ');
  }
}
