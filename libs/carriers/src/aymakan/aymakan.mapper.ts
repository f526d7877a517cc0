import { createHash } from 'node:crypto';
import { AddressProps } from '@lgw/kernel';
import { CarrierBooking, CarrierBookingRequest, CarrierTrackingEvent } from '@lgw/carrier-access';
import { CarrierTransportError } from '../shared/carrier-transport.error';
import { parseRiyadhDateTime } from '../shared/riyadh-time';
import { sumKg } from '../shared/units';
import { AYMAKAN_STATUS_MAP } from './aymakan.status-map';
import {
  AymakanProblem,
  AymakanReversePickupRequest,
  AymakanShipment,
  AymakanShippingRequest,
  AymakanTrackingInfo,
  AymakanWebhookPayload,
} from './aymakan.wire-types';

/** Gateway service level → Aymakan service_type (ONP: its e-commerce delivery). */
const AYMAKAN_SERVICES: Readonly<Record<string, string>> = {
  aymakan_ecommerce_domestic: 'ONP',
};

export function toAymakanService(serviceCode: string): string | undefined {
  return AYMAKAN_SERVICES[serviceCode];
}

/** Aymakan wants digits only in phone numbers. */
const digits = (phone: string | undefined) => (phone ?? '').replace(/\D/g, '');
/** SAR with two decimals, from halalas. */
const sar = (halalas: number | undefined) => Math.round(halalas ?? 0) / 100;
const lineOf = (address: AddressProps) => address.line1 ?? address.short_address ?? address.city;

/**
 * POST /v2/shipping/create. `reference` is the gateway's shipment id: Aymakan keeps references
 * unique and looks shipments up by them (recovery). The merchant's own reference has no field
 * of its own and travels as the delivery description.
 */
export function toAymakanShipping(request: CarrierBookingRequest, service: string): AymakanShippingRequest {
  const { origin, destination } = request;
  const cod = request.codAmountHalalas ?? 0;
  const largest = [...request.parcels].sort((a, b) => b.weight_kg - a.weight_kg)[0];
  return {
    requested_by: origin.name ?? 'Logistics Gateway',
    declared_value: sar(request.declaredValueHalalas),
    declared_value_currency: 'SAR',
    reference: request.shipmentId,
    service_type: service,
    is_cod: cod > 0 ? 1 : 0,
    ...(cod > 0 ? { cod_amount: sar(cod) } : {}),
    currency: 'SAR',
    delivery_name: destination.name ?? '',
    delivery_city: destination.city,
    delivery_address: lineOf(destination),
    ...(destination.region ? { delivery_neighbourhood: destination.region } : {}),
    ...(destination.postal_code ? { delivery_postcode: destination.postal_code } : {}),
    delivery_country: destination.country.toUpperCase(),
    delivery_phone: digits(destination.phone),
    ...(request.reference ? { delivery_description: request.reference } : {}),
    ...(destination.short_address
      ? {
          delivery_national_address: {
            short_code: destination.short_address,
            ...(destination.postal_code ? { post_code: destination.postal_code } : {}),
            ...(destination.additional_number ? { additional_number: destination.additional_number } : {}),
          },
        }
      : {}),
    collection_name: origin.name ?? '',
    collection_city: origin.city,
    collection_address: lineOf(origin),
    ...(origin.region ? { collection_neighbourhood: origin.region } : {}),
    ...(origin.postal_code ? { collection_postcode: origin.postal_code } : {}),
    collection_country: origin.country.toUpperCase(),
    collection_phone: digits(origin.phone),
    weight: sumKg(request.parcels.map((p) => p.weight_kg)),
    ...(largest ? { length: largest.length_cm, width: largest.width_cm, height: largest.height_cm } : {}),
    pieces: request.parcels.length,
    items_count: request.parcels.length,
  };
}

/**
 * POST /v2/shipping/create/reverse_pickup, a customer return. Aymakan reads the parties as on
 * the outbound shipment and reverses the journey itself: `delivery_*` is the customer the
 * courier collects from (the return's origin), `collection_*` the merchant's business it goes
 * back to (the documentation: "the main collection or entity or business name"). No service
 * type; the products are required: one line for the parcels going back, at the declared value.
 */
export function toAymakanReversePickup(request: CarrierBookingRequest, service: string): AymakanReversePickupRequest {
  const outbound = toAymakanShipping(
    { ...request, origin: request.destination, destination: request.origin, codAmountHalalas: 0 },
    service,
  );
  const { service_type: _type, delivery_national_address: _national, ...parties } = outbound;
  return {
    ...parties,
    products: [{ sku: request.returnOf ?? request.shipmentId, qty: request.parcels.length, price: outbound.declared_value }],
  };
}

/** The tracking number is the AWB Aymakan issued (`tracking_number`). */
export function fromAymakanShipment(shipping: AymakanShipment | undefined): CarrierBooking {
  const awb = shipping?.tracking_number;
  // An answer we cannot read is no answer: the booking's outcome is then learnt by its reference (recovery).
  if (!awb) throw new CarrierTransportError('malformed answer (shipment without a tracking_number)');
  return { trackingNumber: String(awb), carrierReference: String(awb) };
}

/** The codes that mean the shipment is cancelled at Aymakan. */
export function isAymakanCancelled(code: string | null | undefined): boolean {
  return AYMAKAN_STATUS_MAP.map(code ?? '')?.status === 'CANCELLED';
}

/**
 * The code an entry stands for: its status code, read with its reason where Aymakan gives the
 * reason only in words (a not-delivered scan because of the address; a weight update).
 */
export function aymakanEventCode(statusCode: string, description: string | null | undefined): string {
  const code = statusCode.trim().toUpperCase();
  const text = description ?? '';
  if (/weight (?:is )?updated/i.test(text)) return 'WEIGHT_UPDATE';
  if (code === 'AY-0006' && /address|عنوان/i.test(text)) return 'AY-0006:ADDRESS';
  return code;
}

/** The city a description names ("received at Riyadh hub", "... (Jeddah)"), when it names one. */
export function aymakanPlace(description: string | null | undefined): string | undefined {
  const text = description ?? '';
  const bracketed = /\(([^()]+)\)\s*$/.exec(text);
  if (bracketed) return bracketed[1].trim();
  const at = /\b(?:at|in) ([A-Z][A-Za-z]+(?: [A-Z][A-Za-z]+)?) (?:hub|warehouse|station|WH)\b/i.exec(text);
  return at ? at[1] : undefined;
}

/**
 * Every entry of one shipment's tracking_info, oldest first. Aymakan gives entries no id: an
 * event's id is derived from what identifies the entry (AWB, code, time), the same on every
 * read and in a pushed webhook carrying the same entry.
 */
export function fromAymakanTracking(shipment: AymakanShipment): CarrierTrackingEvent[] {
  const awb = shipment.tracking_number ? String(shipment.tracking_number) : '';
  if (!awb) return [];
  const cod = Number(shipment.cod_amount ?? 0);
  const events: CarrierTrackingEvent[] = [];
  // Aymakan lists entries newest first: read them in reverse so entries of the same second keep their order.
  for (const entry of [...(shipment.tracking_info ?? [])].reverse()) {
    const event = fromAymakanEntry(awb, entry, Number.isFinite(cod) ? cod : 0);
    if (event) events.push(event);
  }
  return events.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
}

function fromAymakanEntry(awb: string, entry: AymakanTrackingInfo, codSar: number): CarrierTrackingEvent | null {
  if (typeof entry?.status_code !== 'string' || !entry.status_code.trim()) return null;
  const occurredAt = typeof entry.created_at === 'string' ? parseRiyadhDateTime(entry.created_at) : null;
  if (!occurredAt) return null;
  const code = aymakanEventCode(entry.status_code, entry.description);
  const mapped = AYMAKAN_STATUS_MAP.map(code);
  const place = aymakanPlace(entry.description);
  const eventId = createHash('sha256').update([awb, code, entry.created_at.trim()].join('\u0000')).digest('hex').slice(0, 32);
  return {
    trackingNumber: awb,
    eventId,
    // An unknown code is kept with the carrier's words, so the history shows what Aymakan said.
    carrierStatus: mapped ? code : withWords(code, entry.description),
    status: mapped?.status ?? null,
    ...(mapped?.exceptionType ? { exceptionType: mapped.exceptionType } : {}),
    ...(place ? { locationEn: place } : {}),
    occurredAt,
    // Aymakan reports the shipment's COD amount, not what the courier took: on delivery that is the cash collected.
    ...(mapped?.status === 'DELIVERED' && codSar > 0 ? { codCollectedHalalas: Math.round(codSar * 100) } : {}),
  };
}

/** An unmapped code with the words Aymakan gave it, when it gave any beyond the code. */
function withWords(code: string, description: string | null | undefined): string {
  const words = description?.trim();
  return words && words.toUpperCase() !== code ? `${code} ${words}` : code;
}

/**
 * A pushed webhook, read like a polled shipment: its tracking_info when it carries one (the
 * documented payload does), else the one status it announces at `date_time`.
 */
export function fromAymakanWebhook(payload: AymakanWebhookPayload): CarrierTrackingEvent[] {
  if (!payload || typeof payload.tracking_number !== 'string' || !payload.tracking_number) return [];
  if (Array.isArray(payload.tracking_info) && payload.tracking_info.length > 0) {
    return fromAymakanTracking({
      tracking_number: payload.tracking_number,
      cod_amount: payload.cod_amount,
      tracking_info: payload.tracking_info,
    });
  }
  const at = payload.date_time ? new Date(payload.date_time) : null;
  if (!at || Number.isNaN(at.getTime()) || typeof payload.status !== 'string') return [];
  const riyadh = new Date(at.getTime() + 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
  const description = payload.event === 'weight_update' ? 'Shipment weight updated' : (payload.reason_en ?? payload.status_label);
  return fromAymakanTracking({
    tracking_number: payload.tracking_number,
    cod_amount: payload.cod_amount,
    tracking_info: [{ status_code: payload.status, description, created_at: riyadh }],
  });
}

/** The documented payload's required parts are there (a tracking number and a status code). */
export function isAymakanWebhook(body: unknown): body is AymakanWebhookPayload {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const payload = body as Record<string, unknown>;
  return typeof payload.tracking_number === 'string' && payload.tracking_number.length > 0 && typeof payload.status === 'string';
}

/** Aymakan's words in a refusal: its field messages, else its message, else its 401 `response`. */
export function aymakanRefusal(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() || undefined;
  if (typeof body !== 'object' || body === null) return undefined;
  const problem = body as AymakanProblem;
  const byField = (errors: Record<string, string[]> | undefined) =>
    Object.entries(errors ?? {})
      .filter(([, messages]) => Array.isArray(messages))
      .map(([field, messages]) => `${field}: ${messages.join(' ')}`);
  // Bulk refusals carry one `errors` object per refused shipment.
  const fields = Array.isArray(problem.errors)
    ? problem.errors.flatMap((e) => byField(e?.errors))
    : byField(problem.errors as Record<string, string[]> | undefined);
  if (fields.length > 0) return fields.join('; ');
  return problem.message ?? problem.response ?? undefined;
}

export function aymakanErrorMessage(body: unknown, status: number): string {
  return aymakanRefusal(body) ?? `HTTP ${status}`;
}
