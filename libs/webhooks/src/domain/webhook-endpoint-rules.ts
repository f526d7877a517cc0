import { isWebhookEventKind, SHIPMENT_EVENT_KINDS, WEBHOOK_EVENT_KINDS, WebhookEventKind } from '@lgw/kernel';

/** The test message's type: not one of the four shipment kinds, sent whatever the subscription. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Delivery states of a webhook message, as the delivery log shows them. */
export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

export function isWebhookDeliveryState(value: unknown): value is WebhookDeliveryState {
  return typeof value === 'string' && (WEBHOOK_DELIVERY_STATES as readonly string[]).includes(value);
}

export type WebhookRuleResult<T> = { ok: true; value: T } | { ok: false; field: string; reason: string; reason_ar: string };

const MAX_URL_LENGTH = 2048;

/**
 * A webhook target: an absolute https URL, without user info (credentials in a URL end up
 * in logs and proxies) and without a fragment. Whether its host resolves to a public
 * address is checked by the sender, which needs the network.
 */
export function parseWebhookUrl(raw: unknown): WebhookRuleResult<URL> {
  if (typeof raw !== 'string' || raw.trim() === '') return { ok: false, field: 'url', reason: 'is required', reason_ar: 'حقل مطلوب' };
  if (raw.length > MAX_URL_LENGTH)
    return {
      ok: false,
      field: 'url',
      reason: `must be at most ${MAX_URL_LENGTH} characters`,
      reason_ar: `يجب ألا يتجاوز ${MAX_URL_LENGTH} حرفاً`,
    };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, field: 'url', reason: 'must be a valid absolute URL', reason_ar: 'يجب أن يكون عنوان URL مطلقاً صالحاً' };
  }
  if (url.protocol !== 'https:') return { ok: false, field: 'url', reason: 'must use https', reason_ar: 'يجب أن يستخدم https' };
  if (url.username || url.password)
    return { ok: false, field: 'url', reason: 'must not contain credentials', reason_ar: 'يجب ألا يحتوي على بيانات اعتماد' };
  if (url.hash) return { ok: false, field: 'url', reason: 'must not contain a fragment', reason_ar: 'يجب ألا يحتوي على جزء (#)' };
  if (!url.hostname) return { ok: false, field: 'url', reason: 'must name a host', reason_ar: 'يجب أن يحدد مضيفاً' };
  return { ok: true, value: url };
}

/**
 * Subscribed kinds: absent means the contract's four; opt-in kinds (cod.remitted) only when
 * listed; an empty list, an unknown kind or a duplicate is refused.
 */
export function parseWebhookEvents(raw: unknown): WebhookRuleResult<WebhookEventKind[]> {
  if (raw === undefined || raw === null) return { ok: true, value: [...SHIPMENT_EVENT_KINDS] };
  if (!Array.isArray(raw))
    return { ok: false, field: 'events', reason: 'must be an array of event kinds', reason_ar: 'يجب أن يكون قائمة بأنواع الأحداث' };
  if (raw.length === 0)
    return { ok: false, field: 'events', reason: 'must name at least one event kind', reason_ar: 'يجب أن يحدد نوع حدث واحداً على الأقل' };
  const seen = new Set<string>();
  for (let i = 0; i < raw.length; i++) {
    const kind: unknown = raw[i];
    if (!isWebhookEventKind(kind)) {
      return {
        ok: false,
        field: `events.${i}`,
        reason: `must be one of ${WEBHOOK_EVENT_KINDS.join(', ')}`,
        reason_ar: `يجب أن يكون إحدى القيم: ${WEBHOOK_EVENT_KINDS.join('، ')}`,
      };
    }
    if (seen.has(kind))
      return { ok: false, field: `events.${i}`, reason: `duplicate event kind ${kind}`, reason_ar: `نوع الحدث ${kind} مكرر` };
    seen.add(kind);
  }
  return { ok: true, value: raw as WebhookEventKind[] };
}

/** A secret as GET /webhooks/config shows it: the prefix and the last four characters only. */
export function maskWebhookSecret(secret: string): string {
  return `whsec_…${secret.slice(-4)}`;
}
