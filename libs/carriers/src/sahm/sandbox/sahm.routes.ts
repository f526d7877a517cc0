import { createHash, randomBytes } from 'node:crypto';
import { FastifyInstance, FastifyReply } from 'fastify';
import {
  accountOf,
  keepMap,
  rememberAccount,
  testBookingRefusal,
  bookSandboxPickup,
  echoBody,
  isCancellable,
  isRedirectable,
  parseJsonBody,
  prepareNativeScope,
  randomDigits,
  requestedStatus,
  SandboxEvent,
  SandboxPickup,
  SandboxShipment,
  SimulatorOptions,
  str,
  uniqueTrackingNumber,
} from '../../shared/sandbox';
import { readSahmAddress, readSahmBooking, SahmIssue } from './sahm-payload';

const MAX_TRACKING_NUMBERS = 100;
const MAX_PAGE = 200;

function sendError(reply: FastifyReply, status: number, code: string, message: string, details?: SahmIssue[]) {
  return reply.code(status).send({ error: { code, message, ...(details ? { details } : {}) } });
}

function shipmentView(s: SandboxShipment) {
  const last = s.events[s.events.length - 1];
  return {
    id: s.carrierReference,
    tracking_number: s.trackingNumber,
    service: s.service,
    status: s.cancelled ? 'cancelled' : (last?.nativeCode ?? 'booked'),
    external_id: s.clientReference ?? null,
    merchant_reference: s.merchantReference ?? null,
    created_at: s.bookedAt.toISOString(),
  };
}

function pickupView(p: SandboxPickup) {
  return {
    id: p.confirmationNumber,
    reference: p.reference,
    status: p.cancelled ? 'cancelled' : 'scheduled',
    pickup_date: p.date,
    ready_time: p.from,
    close_time: p.to,
    tracking_numbers: p.trackingNumbers,
    created_at: p.bookedAt.toISOString(),
  };
}

function eventView(trackingNumber: string, e: SandboxEvent) {
  return {
    id: `evt_${e.id}`,
    tracking_number: trackingNumber,
    status: e.nativeCode,
    description: e.nativeText,
    location: e.locationEn || e.locationAr ? { city: e.locationEn ?? null, city_ar: e.locationAr ?? null } : null,
    occurred_at: e.occurredAt.toISOString(),
    details: {
      ...(e.measuredWeightKg !== undefined ? { measured_weight_kg: e.measuredWeightKg } : {}),
      ...(e.codCollectedHalalas !== undefined ? { cash_collected: { amount_minor: e.codCollectedHalalas, currency: 'SAR' } } : {}),
      ...(e.proof
        ? {
            delivery_proof: {
              type: e.proof.method === 'NONE' ? null : e.proof.method.toLowerCase(),
              receiver_name: e.proof.receivedBy ?? null,
              photo_url: e.proof.photoUrl ?? null,
            },
          }
        : {}),
    },
  };
}

const encodeCursor = (seq: number) => Buffer.from(JSON.stringify({ after: seq })).toString('base64url');

function decodeCursor(cursor: string | undefined): number | undefined | null {
  if (!cursor) return undefined;
  try {
    const after = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')).after;
    return Number.isInteger(after) ? after : null;
  } catch {
    return null;
  }
}

/** Sahm Express: a modern JSON REST API with bearer tokens, idempotency keys and cursor pages. */
export async function sahmRoutes(scope: FastifyInstance, { state, code }: SimulatorOptions): Promise<void> {
  const carrier = state.carrier(code);
  const idempotency = new Map<string, { bodyHash: string; trackingNumber: string }>();
  state.onReset(() => idempotency.clear());
  keepMap(state, `${code}.idempotency`, idempotency);

  prepareNativeScope(scope, state, code);
  scope.addHook('onRequest', async (request, reply) => {
    const header = request.headers.authorization;
    const account = carrier.accounts.match({ apiToken: header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined });
    if (!account) return sendError(reply, 401, 'unauthorized', 'Missing or invalid bearer token');
    rememberAccount(request, account);
  });

  scope.post('/v2/shipments', async (request, reply) => {
    const parsed = parseJsonBody(request.body);
    if (!parsed.ok) return sendError(reply, 400, 'invalid_json', parsed.reason);
    const key = str(request.headers['idempotency-key']);
    const bodyHash = createHash('sha256')
      .update(request.body as Buffer)
      .digest('hex');
    if (key) {
      const previous = idempotency.get(key);
      if (previous) {
        if (previous.bodyHash !== bodyHash) {
          return sendError(reply, 422, 'idempotency_key_reused', 'Idempotency-Key was used with a different request body');
        }
        const original = carrier.shipments.get(previous.trackingNumber)!;
        return reply.code(201).header('idempotent-replayed', 'true').send(shipmentView(original));
      }
    }
    const { booking, issues } = readSahmBooking(parsed.value);
    if (!booking) return sendError(reply, 422, 'validation_failed', 'The shipment request is invalid', issues);
    const refusal = testBookingRefusal(booking.merchantReference);
    if (refusal) return sendError(reply, 422, 'validation_failed', refusal, [{ field: 'merchant_reference', issue: refusal }]);
    const trackingNumber = uniqueTrackingNumber(
      () => `SHM${randomDigits(10)}`,
      (tn) => carrier.shipments.has(tn),
    );
    const shipment = state.addShipment({
      carrier: code,
      trackingNumber,
      carrierReference: `shp_${randomBytes(10).toString('hex')}`,
      service: booking.service,
      clientReference: key ?? booking.externalId,
      merchantReference: booking.merchantReference,
      codAmountHalalas: booking.codAmountHalalas,
      account: accountOf(request),
      origin: booking.shipper,
      destination: booking.consignee,
      parcels: booking.parcels,
      native: parsed.value,
    });
    if (key) idempotency.set(key, { bodyHash, trackingNumber });
    return reply.code(201).send(shipmentView(shipment));
  });

  // Lookup by the merchant's own id: how a client finds a booking whose answer it never got.
  scope.get<{ Querystring: { external_id?: string } }>('/v2/shipments', async (request, reply) => {
    const externalId = str(request.query.external_id);
    if (!externalId) return sendError(reply, 422, 'validation_failed', 'external_id is required');
    const data = [...carrier.shipments.values()].filter((s) => s.clientReference === externalId).map(shipmentView);
    return { data, has_more: false };
  });

  scope.get<{ Params: { tn: string } }>('/v2/shipments/:tn', async (request, reply) => {
    const shipment = carrier.shipments.get(request.params.tn);
    if (!shipment) return sendError(reply, 404, 'not_found', 'No shipment with this tracking number');
    return shipmentView(shipment);
  });

  scope.post<{ Params: { tn: string } }>('/v2/shipments/:tn/cancel', async (request, reply) => {
    const shipment = carrier.shipments.get(request.params.tn);
    if (!shipment) return sendError(reply, 404, 'not_found', 'No shipment with this tracking number');
    if (!shipment.cancelled) {
      if (!isCancellable(shipment)) {
        return sendError(reply, 409, 'not_cancellable', 'Shipment has already been picked up');
      }
      const body = parseJsonBody(request.body);
      const reason =
        body.ok && typeof body.value === 'object' && body.value ? str((body.value as Record<string, unknown>).reason) : undefined;
      state.cancel(shipment, reason, accountOf(request));
    }
    // Cancelling twice answers like the first time, so clients may retry safely.
    const cancelledAt = shipment.cancellations?.[0]?.received_at ?? new Date();
    return { tracking_number: shipment.trackingNumber, status: 'cancelled', cancelled_at: cancelledAt.toISOString() };
  });

  scope.patch<{ Params: { tn: string } }>('/v2/shipments/:tn/consignee', async (request, reply) => {
    const shipment = carrier.shipments.get(request.params.tn);
    if (!shipment) return sendError(reply, 404, 'not_found', 'No shipment with this tracking number');
    if (!isRedirectable(shipment)) {
      return sendError(reply, 409, 'not_modifiable', 'Shipment can no longer be redirected');
    }
    const parsed = parseJsonBody(request.body);
    if (!parsed.ok) return sendError(reply, 400, 'invalid_json', parsed.reason);
    const issues: SahmIssue[] = [];
    const address = readSahmAddress(parsed.value, 'consignee', issues);
    if (issues.length > 0) return sendError(reply, 422, 'validation_failed', 'The consignee is invalid', issues);
    state.updateDestination(shipment, address, parsed.value, accountOf(request));
    return { tracking_number: shipment.trackingNumber, consignee: parsed.value, updated_at: new Date().toISOString() };
  });

  scope.get<{ Querystring: { tracking_numbers?: string; cursor?: string; limit?: string } }>('/v2/tracking', async (request, reply) => {
    const numbers = (request.query.tracking_numbers ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (numbers.length === 0 || numbers.length > MAX_TRACKING_NUMBERS) {
      return sendError(reply, 422, 'validation_failed', `tracking_numbers must list 1 to ${MAX_TRACKING_NUMBERS} numbers`);
    }
    const limit = request.query.limit === undefined ? 50 : Number(request.query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE) {
      return sendError(reply, 422, 'validation_failed', `limit must be 1 to ${MAX_PAGE}`);
    }
    const after = decodeCursor(request.query.cursor);
    if (after === null) return sendError(reply, 422, 'invalid_cursor', 'cursor is not valid');
    const events = numbers
      .flatMap((tn) => (carrier.shipments.get(tn)?.events ?? []).map((e) => ({ tn, e })))
      .filter(({ e }) => after === undefined || e.seq > after)
      .sort((a, b) => a.e.seq - b.e.seq);
    const page = events.slice(0, limit);
    const hasMore = events.length > limit;
    return {
      events: page.map(({ tn, e }) => eventView(tn, e)),
      next_cursor: hasMore ? encodeCursor(page[page.length - 1].e.seq) : null,
    };
  });

  // Cash-on-delivery payouts: a feed with an opaque cursor that always says where to resume.
  scope.get<{ Querystring: { cursor?: string; limit?: string } }>('/v2/payouts', async (request, reply) => {
    const limit = request.query.limit === undefined ? 20 : Number(request.query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE) {
      return sendError(reply, 422, 'validation_failed', `limit must be 1 to ${MAX_PAGE}`);
    }
    const after = decodeCursor(request.query.cursor);
    if (after === null) return sendError(reply, 422, 'invalid_cursor', 'cursor is not valid');
    // Each account's feed lists the payouts made to it only.
    const rest = state.remittancesOf(code, accountOf(request)).filter((r) => r.seq > (after ?? 0));
    const page = rest.slice(0, limit);
    return {
      payouts: page.map((r) => ({
        id: `po_${r.seq}`,
        reference: r.reference,
        paid_at: r.remittedAt.toISOString(),
        total: { amount_minor: r.items.reduce((n, i) => n + i.amountHalalas, 0), currency: 'SAR' },
        lines: r.items.map((i) => ({ tracking_number: i.trackingNumber, amount: { amount_minor: i.amountHalalas, currency: 'SAR' } })),
      })),
      next_cursor: encodeCursor(page.length > 0 ? page[page.length - 1].seq : (after ?? 0)),
      has_more: rest.length > limit,
    };
  });

  // Collections: JSON in, JSON out; `reference` is the client's own id, answered again if re-sent.
  scope.post('/v2/pickups', async (request, reply) => {
    const parsed = parseJsonBody(request.body);
    if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null)
      return sendError(reply, 400, 'invalid_json', 'invalid JSON');
    const body = parsed.value as Record<string, unknown>;
    const reference = str(body.reference);
    const date = str(body.pickup_date);
    const ready = str(body.ready_time);
    const close = str(body.close_time);
    const numbers = Array.isArray(body.tracking_numbers) ? body.tracking_numbers.filter((n): n is string => typeof n === 'string') : [];
    const address = typeof body.address === 'object' && body.address ? (body.address as Record<string, unknown>) : {};
    if (!reference || !date || !ready || !close) {
      return sendError(reply, 422, 'validation_failed', 'reference, pickup_date, ready_time and close_time are required');
    }
    const booked = bookSandboxPickup(
      carrier,
      { reference, date, from: ready, to: close, trackingNumbers: numbers, city: str(address.city) ?? '', native: body },
      'PU',
    );
    if (!booked.pickup) return sendError(reply, 422, 'validation_failed', booked.problem);
    return reply.code(201).send(pickupView(booked.pickup));
  });

  scope.get<{ Querystring: { reference?: string } }>('/v2/pickups', async (request, reply) => {
    const reference = str(request.query.reference);
    if (!reference) return sendError(reply, 422, 'validation_failed', 'reference is required');
    const pickup = carrier.pickupByReference(reference);
    return { data: pickup ? [pickupView(pickup)] : [], has_more: false };
  });

  scope.post<{ Params: { id: string } }>('/v2/pickups/:id/cancel', async (request, reply) => {
    const pickup = carrier.pickups.get(request.params.id);
    if (!pickup) return sendError(reply, 404, 'not_found', 'No pickup with this id');
    pickup.cancelled = true;
    return pickupView(pickup);
  });

  scope.post('/v2/passthrough', async (request, reply) => {
    const raw = request.body as Buffer;
    const parsed = parseJsonBody(raw);
    carrier.recordPassthrough({
      received_at: new Date(),
      body: Buffer.from(raw ?? Buffer.alloc(0)),
      credentials_ok: true,
      content_type: request.headers['content-type'],
    });
    if (!parsed.ok) return sendError(reply, 400, 'invalid_json', parsed.reason);
    const additions = { carrier: code, request_id: `req_${randomBytes(8).toString('hex')}`, received_at: new Date().toISOString() };
    const status = requestedStatus(parsed.value) ?? 200;
    const extra =
      status >= 400 ? { ...additions, error: { code: 'sandbox_requested_status', message: `Answered ${status} on request` } } : additions;
    return reply.code(status).header('content-type', 'application/json').send(echoBody(raw, extra));
  });
}
