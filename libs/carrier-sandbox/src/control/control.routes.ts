import { FastifyInstance, FastifyReply } from 'fastify';
import { FaultMode, isRecord, PLATFORM_SANDBOX_ACCOUNT, SandboxEvent, SandboxShipment, SandboxState } from '@lgw/carriers/shared/sandbox';
import { CarrierCredentialSchema, credentialApiName, sampleCredential } from '@lgw/carrier-access';
import { parseControlEvent, parseRemittance } from './control-event.parser';

const FAULT_MODES: readonly FaultMode[] = ['none', 'down', 'slow', 'error'];
const DEFAULT_SLOW_MS = 10_000;
const MAX_LATENCY_MS = 120_000;

type CarrierParams = { Params: { code: string } };
type ShipmentParams = { Params: { code: string; tn: string } };

const notFound = (reply: FastifyReply, message: string) => reply.code(404).send({ error: { code: 'not_found', message } });
const invalid = (reply: FastifyReply, field: string, reason: string) =>
  reply.code(422).send({ error: { code: 'validation_failed', message: `${field} ${reason}`, field, reason } });

function eventView(e: SandboxEvent) {
  return {
    id: e.id,
    code: e.specStatus,
    native_code: e.nativeCode,
    native_text: e.nativeText,
    occurred_at: e.occurredAt.toISOString(),
    recorded_at: e.recordedAt.toISOString(),
    location_en: e.locationEn ?? null,
    location_ar: e.locationAr ?? null,
    measured_weight_kg: e.measuredWeightKg ?? null,
    cod_collected_sar: e.codCollectedHalalas === undefined ? null : e.codCollectedHalalas / 100,
    proof_of_delivery: e.proof
      ? { method: e.proof.method, received_by: e.proof.receivedBy ?? null, photo_url: e.proof.photoUrl ?? null }
      : null,
    source: e.source,
    piece_number: e.piece ?? null,
  };
}

function shipmentSummary(s: SandboxShipment) {
  return {
    carrier: s.carrier,
    tracking_number: s.trackingNumber,
    carrier_reference: s.carrierReference,
    client_reference: s.clientReference ?? null,
    merchant_reference: s.merchantReference ?? null,
    service: s.service,
    lane: s.lane,
    status: s.latestStatus,
    cancelled: s.cancelled,
    booked_at: s.bookedAt.toISOString(),
    account_id: s.account ?? null,
  };
}

const stamp = <T extends { received_at: Date }>(items: T[] = []) =>
  items.map((item) => ({ ...item, received_at: item.received_at.toISOString() }));

/**
 * The operator/test interface of docs/runbook.md. Never affected by injected faults, so a test can
 * always clear the fault it set.
 */
export async function controlRoutes(
  scope: FastifyInstance,
  { state, schemas }: { state: SandboxState; schemas: ReadonlyMap<string, CarrierCredentialSchema> },
): Promise<void> {
  // Empty bodies are fine here (POST /reset is usually sent without one).
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      const error = Object.assign(new Error('request body is not valid JSON'), { statusCode: 400 });
      done(error, undefined);
    }
  });

  const carrierOf = (code: string): string | undefined => (state.has(code) ? code : undefined);
  // A shipment by its number, or by one of its parcels' numbers (a carrier that numbers each parcel).
  const trackedBy = (reply: FastifyReply, params: ShipmentParams['Params']) => {
    const code = carrierOf(params.code);
    if (!code) return void notFound(reply, `unknown carrier ${params.code}`);
    const tracked = state.carrier(code).tracked(params.tn);
    if (!tracked) return void notFound(reply, `carrier ${code} has no shipment ${params.tn}`);
    return tracked;
  };
  const withShipment = (reply: FastifyReply, params: ShipmentParams['Params']) => trackedBy(reply, params)?.shipment;

  scope.get('/health', async () => ({
    status: 'ok',
    carriers: state.codes,
    auto_advance_seconds: state.autoAdvanceMs / 1000,
  }));

  scope.post('/reset', async () => {
    state.reset();
    return { reset: true };
  });

  // The shipment's number: a scan of every parcel; one of its other parcels' numbers, or
  // piece_number: a scan of that parcel alone (a carrier that tracks each parcel, as SMSA does).
  scope.post<ShipmentParams>('/carriers/:code/shipments/:tn/events', async (request, reply) => {
    const tracked = trackedBy(reply, request.params);
    if (!tracked) return reply;
    const { shipment } = tracked;
    const parsed = parseControlEvent(request.body);
    if (!parsed.ok) return invalid(reply, parsed.field, parsed.reason);
    const { status, nativeCode, piece: named, ...details } = parsed.event;
    if (status && !state.carrier(shipment.carrier).canExpress(status)) {
      return invalid(reply, 'code', `is not a status carrier ${shipment.carrier} can express`);
    }
    const parcels = shipment.pieceTrackingNumbers?.length ?? 0;
    if (named !== undefined && (named > parcels || (tracked.piece !== undefined && named !== tracked.piece))) {
      const reason =
        parcels === 0
          ? `is not taken: carrier ${shipment.carrier} tracks this shipment by one number`
          : tracked.piece !== undefined
            ? `must be ${tracked.piece}, the parcel ${request.params.tn} numbers`
            : `must be from 1 to ${parcels}`;
      return invalid(reply, 'piece_number', reason);
    }
    const piece = named ?? tracked.piece;
    const event = status
      ? state.recordStatus(shipment, status, { ...details, piece, source: 'control' })
      : state.recordNativeCode(shipment, nativeCode!, { ...details, piece, source: 'control' });
    return reply.code(201).send({ carrier: shipment.carrier, tracking_number: shipment.trackingNumber, event: eventView(event) });
  });

  // A cash-on-delivery payout: each carrier publishes it in its native style (its simulator), on
  // the feed of the account paid. Without account_id each shipment's cash goes to the account it
  // was booked with (one payout per account, same reference); with it, every line goes to that
  // account, as a carrier paying a line to the wrong account does.
  scope.post<CarrierParams>('/carriers/:code/remittances', async (request, reply) => {
    const code = carrierOf(request.params.code);
    if (!code) return notFound(reply, `unknown carrier ${request.params.code}`);
    const parsed = parseRemittance(request.body);
    if (!parsed.ok) return invalid(reply, parsed.field, parsed.reason);
    const { accountId } = parsed;
    if (
      accountId !== undefined &&
      !state
        .carrier(code)
        .accounts.list()
        .some((a) => a.id === accountId)
    ) {
      return invalid(reply, 'account_id', `must be the id of one of carrier ${code}'s accounts`);
    }
    const paid =
      accountId === undefined
        ? state.payOut(code, parsed.items, parsed.reference)
        : [state.addRemittance(code, parsed.items, parsed.reference, accountId)];
    return reply.code(201).send({
      reference: paid[0].reference,
      payouts: paid.map((r) => ({ account_id: r.account ?? PLATFORM_SANDBOX_ACCOUNT, item_count: r.items.length })),
    });
  });

  // Merchant accounts (docs/adr/0065): credentials as the carrier's declared schema names them,
  // generated to that schema when not given. The platform's account always exists.
  scope.post<CarrierParams>('/carriers/:code/accounts', async (request, reply) => {
    const code = carrierOf(request.params.code);
    const schema = code ? schemas.get(code) : undefined;
    if (!code || !schema) return notFound(reply, `unknown carrier ${request.params.code}`);
    const body = isRecord(request.body) ? request.body : {};
    if (body.credentials !== undefined && !isRecord(body.credentials)) return invalid(reply, 'credentials', 'must be an object');
    const given = isRecord(body.credentials) ? body.credentials : undefined;
    // Keyed by setting name for the carrier, answered under the API's names (api_token) so the
    // answer can be sent to POST /carrier-connections as it is; either spelling is taken in.
    const credentials: Record<string, string> = {};
    const answered: Record<string, string> = {};
    for (const [name, field] of Object.entries(schema.fields)) {
      const apiName = credentialApiName(name);
      const value = given?.[apiName] ?? given?.[name] ?? sampleCredential(field);
      if (typeof value !== 'string' || value === '') return invalid(reply, `credentials.${apiName}`, 'must be a non-empty string');
      credentials[name] = value;
      answered[apiName] = value;
    }
    const accountNumber = typeof body.account_number === 'string' ? body.account_number : null;
    const account = state.carrier(code).accounts.open(credentials, accountNumber);
    state.changed();
    return reply.code(201).send({ carrier: code, account_id: account.id, account_number: account.accountNumber, credentials: answered });
  });

  scope.get<CarrierParams>('/carriers/:code/accounts', async (request, reply) => {
    const code = carrierOf(request.params.code);
    if (!code) return notFound(reply, `unknown carrier ${request.params.code}`);
    const accounts = state
      .carrier(code)
      .accounts.list()
      .map((a) => ({ account_id: a.id, account_number: a.accountNumber, created_at: a.createdAt.toISOString() }));
    return { carrier: code, accounts };
  });

  // The carrier closes an account: its credentials are refused from then on.
  scope.delete<CarrierParams & { Params: { id: string } }>('/carriers/:code/accounts/:id', async (request, reply) => {
    const code = carrierOf(request.params.code);
    if (!code) return notFound(reply, `unknown carrier ${request.params.code}`);
    if (!state.carrier(code).accounts.close(request.params.id))
      return notFound(reply, `carrier ${code} has no account ${request.params.id}`);
    state.changed();
    return reply.code(204).send();
  });

  scope.put<CarrierParams>('/carriers/:code/fault', async (request, reply) => {
    const code = carrierOf(request.params.code);
    if (!code) return notFound(reply, `unknown carrier ${request.params.code}`);
    const body = isRecord(request.body) ? request.body : {};
    const mode = body.mode as FaultMode;
    if (!FAULT_MODES.includes(mode)) return invalid(reply, 'mode', `must be one of ${FAULT_MODES.join(', ')}`);
    let latencyMs = mode === 'slow' ? DEFAULT_SLOW_MS : 0;
    if (body.latency_ms !== undefined && body.latency_ms !== null) {
      const value = body.latency_ms;
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > MAX_LATENCY_MS) {
        return invalid(reply, 'latency_ms', `must be a number from 0 to ${MAX_LATENCY_MS}`);
      }
      latencyMs = Math.round(value);
    }
    state.carrier(code).fault = { mode, latencyMs };
    return { carrier: code, mode, latency_ms: latencyMs };
  });

  scope.get<CarrierParams>('/carriers/:code/fault', async (request, reply) => {
    const code = carrierOf(request.params.code);
    if (!code) return notFound(reply, `unknown carrier ${request.params.code}`);
    const { mode, latencyMs } = state.carrier(code).fault;
    return { carrier: code, mode, latency_ms: latencyMs };
  });

  scope.get<CarrierParams>('/carriers/:code/stats', async (request, reply) => {
    const code = carrierOf(request.params.code);
    if (!code) return notFound(reply, `unknown carrier ${request.params.code}`);
    const carrier = state.carrier(code);
    return { carrier: code, ...carrier.stats, shipments: carrier.shipments.size };
  });

  scope.get<CarrierParams & { Querystring: { client_reference?: string; merchant_reference?: string } }>(
    '/carriers/:code/shipments',
    async (request, reply) => {
      const code = carrierOf(request.params.code);
      if (!code) return notFound(reply, `unknown carrier ${request.params.code}`);
      const { client_reference, merchant_reference } = request.query;
      const shipments = [...state.carrier(code).shipments.values()]
        .filter((s) => client_reference === undefined || s.clientReference === client_reference)
        .filter((s) => merchant_reference === undefined || s.merchantReference === merchant_reference)
        .map(shipmentSummary);
      return { shipments, total: shipments.length };
    },
  );

  // The courier collections the carrier booked, in gateway terms (reference = the gateway's pickup id).
  scope.get<CarrierParams>('/carriers/:code/pickups', async (request, reply) => {
    const code = carrierOf(request.params.code);
    if (!code) return notFound(reply, `unknown carrier ${request.params.code}`);
    const pickups = [...state.carrier(code).pickups.values()].map((p) => ({
      confirmation_number: p.confirmationNumber,
      reference: p.reference,
      pickup_date: p.date,
      window: { from: p.from, to: p.to },
      tracking_numbers: p.trackingNumbers,
      parcel_count: p.parcelCount ?? p.trackingNumbers.length,
      cancelled: p.cancelled,
      booked_at: p.bookedAt.toISOString(),
    }));
    return { pickups, total: pickups.length };
  });

  scope.get<ShipmentParams>('/carriers/:code/shipments/:tn', async (request, reply) => {
    const shipment = withShipment(reply, request.params);
    if (!shipment) return reply;
    const detail = state.carrier(shipment.carrier).detail(shipment.trackingNumber);
    const redirected = shipment.destinationUpdates?.at(-1)?.address;
    return {
      ...shipmentSummary(shipment),
      // Full details only while the booking is in the recent-detail cache; cities always.
      origin: detail?.origin ?? { city: shipment.originCity },
      destination: redirected ?? detail?.destination ?? { city: shipment.destinationCity },
      parcels: detail?.parcels ?? null,
      native_booking: detail ? JSON.parse(detail.nativeJson) : null,
      events: shipment.events.map(eventView),
      cancellations: stamp(shipment.cancellations),
      destination_updates: stamp(shipment.destinationUpdates),
    };
  });

  scope.get<ShipmentParams>('/carriers/:code/shipments/:tn/destination-updates', async (request, reply) => {
    const shipment = withShipment(reply, request.params);
    if (!shipment) return reply;
    return { tracking_number: shipment.trackingNumber, destination_updates: stamp(shipment.destinationUpdates) };
  });

  scope.get<ShipmentParams>('/carriers/:code/shipments/:tn/cancellations', async (request, reply) => {
    const shipment = withShipment(reply, request.params);
    if (!shipment) return reply;
    return { tracking_number: shipment.trackingNumber, cancelled: shipment.cancelled, cancellations: stamp(shipment.cancellations) };
  });

  scope.get<CarrierParams>('/carriers/:code/passthrough-requests', async (request, reply) => {
    const code = carrierOf(request.params.code);
    if (!code) return notFound(reply, `unknown carrier ${request.params.code}`);
    return {
      carrier: code,
      requests: state.carrier(code).passthroughLog.map((r) => ({
        received_at: r.received_at.toISOString(),
        content_type: r.content_type ?? null,
        credentials_ok: r.credentials_ok,
        body_base64: r.body.toString('base64'),
      })),
    };
  });
}
