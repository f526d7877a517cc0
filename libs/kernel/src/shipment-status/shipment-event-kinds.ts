import { ShipmentStatus } from './shipment-status';
import { isException } from './shipment-state-machine';

/** Webhook event kinds of docs/api.md §6, exact values. */
export const SHIPMENT_EVENT_KINDS = ['shipment.created', 'shipment.status_updated', 'shipment.delivered', 'shipment.exception'] as const;

export type ShipmentEventKind = (typeof SHIPMENT_EVENT_KINDS)[number];

export function isShipmentEventKind(value: unknown): value is ShipmentEventKind {
  return typeof value === 'string' && (SHIPMENT_EVENT_KINDS as readonly string[]).includes(value);
}

/**
 * Kinds beyond the contract's four: delivered only to endpoints that list them, never part of
 * the default subscription. `cod.remitted`: a carrier paid out cash on delivery (ADR 0044);
 * `delivery_issue.opened|resolved` and `shipment.delayed`: delivery issues and estimates (ADR 0083).
 */
export const OPT_IN_EVENT_KINDS = ['cod.remitted', 'delivery_issue.opened', 'delivery_issue.resolved', 'shipment.delayed'] as const;

/** Every kind an endpoint may subscribe to. */
export const WEBHOOK_EVENT_KINDS = [...SHIPMENT_EVENT_KINDS, ...OPT_IN_EVENT_KINDS] as const;

export type WebhookEventKind = (typeof WEBHOOK_EVENT_KINDS)[number];

export function isWebhookEventKind(value: unknown): value is WebhookEventKind {
  return typeof value === 'string' && (WEBHOOK_EVENT_KINDS as readonly string[]).includes(value);
}

/**
 * Kinds to emit for one status change (docs/api.md §10 "Webhooks"). `previous` undefined means
 * the shipment was just created: only shipment.created, since creation is not a change.
 * The same status again is no change and emits nothing.
 */
export function eventKindsForStatusChange(previous: ShipmentStatus | undefined, next: ShipmentStatus): ShipmentEventKind[] {
  if (previous === undefined) return ['shipment.created'];
  if (previous === next) return [];
  const kinds: ShipmentEventKind[] = ['shipment.status_updated'];
  if (next === 'DELIVERED') kinds.push('shipment.delivered');
  if (isException(next)) kinds.push('shipment.exception');
  return kinds;
}
