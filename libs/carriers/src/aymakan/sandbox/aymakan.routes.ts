import { randomUUID } from 'node:crypto';
import { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  accountOf,
  isCancellable,
  isRecord,
  keepMap,
  parseJsonBody,
  prepareNativeScope,
  randomDigits,
  rememberAccount,
  SandboxShipment,
  SimulatorOptions,
  str,
  testBookingRefusal,
  uniqueTrackingNumber,
} from '../../shared/sandbox';
import { aymakanAwb } from './aymakan-awb';
import { AymakanBooking, AymakanErrors, readAymakanShipping } from './aymakan-payload';
import { AYMAKAN_ARABIC_TEXT } from './aymakan.vocabulary';
import { aymakanPickupRoutes } from './aymakan-pickup.routes';

const MAX_BULK = 30;
const RIYADH_MS = 3 * 3_600_000;
const LABELS_KEPT = 20_000;

/** Riyadh wall-clock "YYYY-MM-DD HH:MM:SS": how Aymakan writes tracking_info times. */
const localTime = (at: Date) => new Date(at.getTime() + RIYADH_MS).toISOString().slice(0, 19).replace('T', ' ');
/** Laravel's UTC timestamps with microseconds, as in created_at of a shipment. */
const utcTime = (at: Date) => at.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');

function invalid(reply: FastifyReply, errors: AymakanErrors, message = 'The given data was invalid.') {
  return reply.code(422).send({ error: true, message, errors });
}
const refuse = (reply: FastifyReply, message: string) => reply.code(422).send({ error: true, message });

/** What the simulator keeps per AWB beyond the sandbox's shipment: the booking's words and its label key. */
interface Booked {
  readonly reference: string | null;
  readonly requestedBy: string;
  readonly deliveryName: string;
  readonly collectionName: string;
  readonly codSar: number;
  readonly declaredValue: number;
  readonly pieces: number;
  readonly weightKg: number;
  readonly labelKey: string;
  readonly reverse: boolean;
}

/** What the documented reverse pickup answer adds to a shipment: its price set (none here) and the parties' details as sent. */
function reverseDetails(native: unknown): Record<string, unknown> {
  const body = isRecord(native) ? native : {};
  const party = (side: 'delivery' | 'collection') => ({
    [`${side}_email`]: body[`${side}_email`] ?? null,
    [`${side}_address`]: body[`${side}_address`] ?? null,
    [`${side}_region`]: null,
    [`${side}_postcode`]: body[`${side}_postcode`] ?? null,
    [`${side}_phone`]: body[`${side}_phone`] ?? null,
    [`${side}_description`]: body[`${side}_description`] || null,
  });
  return {
    price_set_amount: null,
    price_set_amount_incl_tax: null,
    tax_amount: null,
    tax_rate: null,
    ...party('delivery'),
    ...party('collection'),
    pickup_date: null,
    received_at: null,
    delivery_date: null,
  };
}

/** The code Aymakan writes for a vocabulary entry (an entry may carry its reason after a colon). */
function wireCode(nativeCode: string, previous: string | undefined): string {
  if (nativeCode === 'WEIGHT_UPDATE') return previous ?? 'AY-0003';
  return nativeCode.split(':')[0];
}

/**
 * Aymakan's API v2: the raw `Authorization: <token>` header, snake_case bodies, shipments with a
 * link to their AWB PDF, tracking of many AWBs at once, cancel while created, refusals as 422
 * `{error, message, errors}` (docs/carriers/aymakan.md).
 */
export async function aymakanRoutes(scope: FastifyInstance, { state, code }: SimulatorOptions): Promise<void> {
  const carrier = state.carrier(code);
  const booked = new Map<string, Booked>();
  const labels = new Map<string, string>();
  keepMap(state, `${code}:booked`, booked);
  keepMap(state, `${code}:labels`, labels);
  state.onReset(() => {
    booked.clear();
    labels.clear();
  });
  prepareNativeScope(scope, state, code);
  scope.addHook('onRequest', async (request, reply) => {
    // The AWB link is public: whoever holds the unguessable key may print it.
    if (request.url.startsWith(`/${code}/pdf/`)) return;
    const account = carrier.accounts.match({ apiToken: str(request.headers.authorization) });
    if (!account) return reply.code(401).send({ error: true, response: 'Invalid Credentials' });
    rememberAccount(request, account);
  });

  const labelUrl = (request: FastifyRequest, key: string) => `${request.protocol}://${request.headers.host}/${code}/pdf/generate/${key}`;

  const view = (request: FastifyRequest, s: SandboxShipment) => {
    const b = booked.get(s.trackingNumber);
    const entries: { status_code: string; description: string; description_ar: string | null; created_at: string }[] = [];
    let previous: string | undefined;
    for (const e of s.events) {
      const statusCode = wireCode(e.nativeCode, previous);
      const place = e.locationEn ? ` (${e.locationEn})` : '';
      entries.push({
        status_code: statusCode,
        description: `${e.nativeText}${place}`,
        description_ar: AYMAKAN_ARABIC_TEXT[e.nativeCode] ?? null,
        created_at: localTime(e.occurredAt),
      });
      previous = statusCode;
    }
    const latest = entries[entries.length - 1];
    return {
      reference: b?.reference ?? null,
      tracking_number: s.trackingNumber,
      customer_tracking: null,
      customer_name: 'Sandbox Account',
      requested_by: b?.requestedBy ?? '',
      cod_amount: (b?.codSar ?? 0).toFixed(2),
      declared_value: b ? b.declaredValue.toFixed(2) : null,
      declared_value_currency: 'SAR',
      currency: 'SAR',
      delivery_name: b?.deliveryName ?? '',
      // A reverse pickup travels from the delivery party (the customer) back to the collection party.
      delivery_city: b?.reverse ? s.originCity : s.destinationCity,
      delivery_country: 'SA',
      collection_name: b?.collectionName ?? '',
      collection_city: b?.reverse ? s.destinationCity : s.originCity,
      collection_country: 'SA',
      submission_date: localTime(s.bookedAt),
      weight: (b?.weightKg ?? 0).toFixed(2),
      pieces: b?.pieces ?? 1,
      items_count: b?.pieces ?? 1,
      status: s.cancelled ? 'AY-0011' : (latest?.status_code ?? 'AY-0001'),
      status_label: s.cancelled ? 'Cancelled' : (latest?.description ?? 'AWB created at origin'),
      reason_en: null,
      reason_ar: null,
      created_at: utcTime(s.bookedAt),
      is_reverse_pickup: b?.reverse ? 1 : 0,
      pdf_label: b ? labelUrl(request, b.labelKey) : null,
      // Newest first, as Aymakan lists them.
      tracking_info: entries.reverse(),
    };
  };

  const book = (request: FastifyRequest, booking: AymakanBooking, native: unknown, reverse: boolean) => {
    // A reverse pickup's AWB starts with RP (Aymakan's documentation: "RP47082146").
    const awb = uniqueTrackingNumber(
      () => (reverse ? `RP${randomDigits(8)}` : `AY${randomDigits(10)}`),
      (tn) => carrier.shipments.has(tn),
    );
    const shipment = state.addShipment({
      carrier: code,
      trackingNumber: awb,
      carrierReference: awb,
      service: booking.serviceType,
      clientReference: booking.reference,
      merchantReference: booking.description,
      codAmountHalalas: booking.codSar > 0 ? Math.round(booking.codSar * 100) : undefined,
      account: accountOf(request),
      origin: reverse ? booking.delivery : booking.collection,
      destination: reverse ? booking.collection : booking.delivery,
      parcels: Array.from({ length: booking.pieces }, () => ({
        weight_kg: booking.weightKg / booking.pieces,
        length_cm: 0,
        width_cm: 0,
        height_cm: 0,
      })),
      native,
    });
    const labelKey = randomUUID();
    booked.set(awb, {
      reference: booking.reference ?? null,
      requestedBy: isRecord(native) ? (str(native.requested_by) ?? '') : '',
      deliveryName: booking.delivery.name ?? '',
      collectionName: booking.collection.name ?? '',
      codSar: booking.codSar,
      declaredValue: isRecord(native) ? Number(native.declared_value ?? 0) : 0,
      pieces: booking.pieces,
      weightKg: booking.weightKg,
      labelKey,
      reverse,
    });
    labels.set(labelKey, awb);
    // Bounded like the sandbox's booking details (ADR 0063): the oldest go first.
    while (labels.size > LABELS_KEPT) {
      const oldest = labels.keys().next().value as string;
      booked.delete(labels.get(oldest)!);
      labels.delete(oldest);
    }
    return shipment;
  };

  /** Aymakan's own checks beyond the fields: a reference used once, domestic only, test mode's refusal. */
  const refusalOf = (booking: AymakanBooking): AymakanErrors | undefined => {
    if (booking.reference && [...carrier.shipments.values()].some((s) => s.clientReference === booking.reference)) {
      return { reference: ['The reference has already been taken.'] };
    }
    if (booking.delivery.country !== 'SA' || booking.collection.country !== 'SA') {
      return { delivery_country: ['The selected delivery country is invalid.'] };
    }
    // Test mode's magic words (docs/test-mode.md) are read from the delivery description, where the merchant's reference goes.
    const refusal = testBookingRefusal(booking.description);
    return refusal ? { delivery_description: [refusal] } : undefined;
  };

  const createOne = (reverse: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const parsed = parseJsonBody(request.body);
    if (!parsed.ok) return invalid(reply, { body: [parsed.reason] });
    const { booking, errors } = readAymakanShipping(parsed.value, reverse);
    if (!booking) return invalid(reply, errors);
    const refused = refusalOf(booking);
    if (refused) return invalid(reply, refused);
    const shipment = book(request, booking, parsed.value, reverse);
    const answer = view(request, shipment);
    const shipping = { ...answer, status: 'AWB created at origin', status_label: 'AWB created at origin', label: answer.pdf_label };
    // A reverse pickup answers its shipment under `data`, with the parties' details, as documented.
    return reverse ? { success: true, data: { shipping: { ...reverseDetails(parsed.value), ...shipping } } } : { success: true, shipping };
  };
  scope.post('/v2/shipping/create', createOne(false));
  scope.post('/v2/shipping/create/reverse_pickup', createOne(true));

  scope.post('/v2/shipping/create/bulk_shipping', async (request, reply) => {
    const parsed = parseJsonBody(request.body);
    const list = parsed.ok && isRecord(parsed.value) && Array.isArray(parsed.value.shipments) ? parsed.value.shipments : null;
    if (!list || list.length === 0) return invalid(reply, { shipments: ['The shipments field is required.'] });
    if (list.length > MAX_BULK) return refuse(reply, `Only ${MAX_BULK} shipments can be created at a time.`);
    const read = list.map((item) => ({ item, ...readAymakanShipping(item) }));
    const failed = read
      .map(({ item, booking, errors }) => ({ item, errors: booking ? (refusalOf(booking) ?? {}) : errors }))
      .filter((r) => Object.keys(r.errors).length > 0);
    if (failed.length > 0) {
      return reply.code(422).send({
        error: true,
        message: 'The given data was invalid',
        errors: failed.map((f) => ({ errors: f.errors, reference: isRecord(f.item) ? (f.item.reference ?? null) : null, data: f.item })),
      });
    }
    const shipments = read.map(({ item, booking }) => ({
      ...view(request, book(request, booking!, item, false)),
      status: 'AY-0001',
      status_label: 'AWB created at origin',
    }));
    return {
      success: true,
      message: 'Bulk shipments are created successfully',
      bulk_awb: labelUrl(request, booked.get(shipments[0].tracking_number)!.labelKey),
      total_shipments: shipments.length,
      shipments,
    };
  });

  /** Aymakan shows an account its own shipments only. */
  const ofCaller = (request: FastifyRequest, s: SandboxShipment | undefined) =>
    s && (!s.account || s.account === accountOf(request)) ? s : undefined;

  const listed = (request: FastifyRequest, wanted: string[], pick: (id: string) => SandboxShipment[]) => {
    const shipments = wanted.flatMap(pick).filter((s) => ofCaller(request, s));
    return shipments.length === 0 ? null : { success: true, data: { shipments: shipments.map((s) => view(request, s)) } };
  };
  const ids = (param: string) =>
    param
      .split(',')
      .map((id) => decodeURIComponent(id).trim())
      .filter(Boolean);

  scope.get<{ Params: { ids: string } }>('/v2/shipping/track/:ids', async (request, reply) => {
    const answer = listed(request, ids(request.params.ids), (tn) => {
      const s = carrier.shipments.get(tn);
      return s ? [s] : [];
    });
    return answer ?? refuse(reply, 'No shipments found');
  });

  scope.get<{ Params: { refs: string } }>('/v2/shipping/by_reference/:refs', async (request, reply) => {
    const answer = listed(request, ids(request.params.refs), (ref) =>
      [...carrier.shipments.values()].filter((s) => s.clientReference === ref),
    );
    return answer ?? refuse(reply, 'No shipments found');
  });

  scope.post('/v2/shipping/cancel', async (request, reply) => {
    const parsed = parseJsonBody(request.body);
    const awb = parsed.ok && isRecord(parsed.value) ? str(parsed.value.tracking) : undefined;
    const shipment = ofCaller(request, awb ? carrier.shipments.get(awb) : undefined);
    if (!shipment) return refuse(reply, 'Shipping not found');
    // Only a shipment still "created" (AY-0001) can be cancelled.
    if (shipment.cancelled || !isCancellable(shipment)) return refuse(reply, 'This shipping can not be cancelled');
    state.cancel(shipment, undefined, accountOf(request));
    return { success: true, message: 'Shipping is cancelled successfully' };
  });

  scope.get<{ Params: { awb: string } }>('/v2/shipping/awb/tracking/:awb', async (request, reply) => {
    const b = booked.get(request.params.awb);
    if (!b || !ofCaller(request, carrier.shipments.get(request.params.awb))) return refuse(reply, 'Shipping not found');
    return { success: true, data: { awb_url: labelUrl(request, b.labelKey) } };
  });

  scope.get<{ Params: { key: string } }>('/pdf/generate/:key', async (request, reply) => {
    const awb = labels.get(request.params.key);
    const shipment = awb ? carrier.shipments.get(awb) : undefined;
    const b = awb ? booked.get(awb) : undefined;
    if (!shipment || !b) return reply.code(404).type('text/html').send('<h1>Not Found</h1>');
    return reply
      .type('application/pdf')
      .send(aymakanAwb(shipment.trackingNumber, shipment.originCity, shipment.destinationCity, b.codSar, b.pieces));
  });

  aymakanPickupRoutes(scope, state, carrier);

  scope.get('/v2/cities', async () => ({
    success: true,
    data: {
      cities: [
        ['Riyadh', 'الرياض'],
        ['Jeddah', 'جدة'],
        ['Dammam', 'الدمام'],
        ['Makkah', 'مكة المكرمة'],
        ['Madinah', 'المدينة المنورة'],
      ].map(([city_en, city_ar]) => ({ city_en, city_ar })),
    },
  }));
}
