import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { WebhookSecretCipherPort } from '@lgw/kernel';

const VERSION = 'v1';

/**
 * Webhook secrets at rest: AES-256-GCM with a key from the environment
 * (WEBHOOK_SECRET_KEY; generated into DATA_DIR when embedded). Stored as
 * `v1:<base64 iv|tag|ciphertext>`; a fresh IV per encryption; the tag refuses a wrong key
 * or a tampered value instead of returning garbage.
 */
export class AesGcmSecretCipher implements WebhookSecretCipherPort {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the webhook secret key must be 32 bytes');
  }

  encrypt(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64')}`;
  }

  decrypt(ciphertext: string): string {
    const [version, payload] = ciphertext.split(':', 2);
    if (version !== VERSION || !payload) throw new Error('unknown webhook secret encoding');
    const raw = Buffer.from(payload, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}
