import { WebhookEndpointRecord, WebhookSignerPort } from './ports/webhooks.port';
import { WebhookSecretCipherPort } from '@lgw/kernel';

/**
 * The Standard Webhooks headers of one attempt. The current secret signs always; the one
 * before the last rotation signs too until its overlap ends.
 */
export function signedWebhookHeaders(
  endpoint: WebhookEndpointRecord,
  cipher: WebhookSecretCipherPort,
  signer: WebhookSignerPort,
  messageId: string,
  body: string,
  now: Date,
): Record<string, string> {
  const secrets = [cipher.decrypt(endpoint.secretCiphertext)];
  if (endpoint.previousSecretCiphertext && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
    secrets.push(cipher.decrypt(endpoint.previousSecretCiphertext));
  }
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signer.sign(secrets, messageId, timestamp, body),
  };
}
