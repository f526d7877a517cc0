import type { ApiMode } from '@lgw/kernel';
import { createHash, randomUUID } from 'node:crypto';

/**
 * The webhook-id of the message a domain event produces for one kind: a hash of both, so
 * a relay crash, a replayed event or a second fan-out finds the same id (and the insert
 * of the same message is a no-op).
 */
export function webhookMessageId(eventId: string, kind: string): string {
  return `msg_${createHash('sha256').update(`${eventId}:${kind}`).digest('base64url').slice(0, 27)}`;
}

/** Test messages are not derived from an event: each one is new. */
export function testWebhookMessageId(): string {
  return `msg_test_${randomUUID().replace(/-/g, '')}`;
}

/** The delivered body (docs/api.md §10): `{type, timestamp, data:{shipment, previous_status?, piece_number?}}`. */
export function webhookBody(type: string, timestamp: string, data: Record<string, unknown>, mode: ApiMode = 'live'): string {
  // `mode`: a test-mode message is never about a live shipment (docs/test-mode.md).
  return JSON.stringify({ type, timestamp, mode, data });
}
