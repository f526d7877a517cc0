import { randomBytes } from 'node:crypto';
import { FastifyInstance, FastifyRequest } from 'fastify';
import type { ProofMethod } from '@lgw/kernel';
import {
  keepMap,
  testBookingRefusal,
  bookSandboxPickup,
  echoBody,
  formatLegacyDate,
  isCancellable,
  isRecord,
  isRedirectable,
  parseJsonBody,
  prepareNativeScope,
  randomDigits,
  requestedStatus,
  SandboxPickup,
  SandboxShipment,
  SimulatorOptions,
  str,
  uniqueTrackingNumber,
} from '../../shared/sandbox';
import { envelope, fault } from './bahr-envelope';
import { readBahrBooking, readBahrParty } from './bahr-payload';

const MAX_WAYBILLS = 50;
const MAX_REMITTANCES = 20;

type Operation = (body: Record<string, unknown>, account: string) => unknown;

/**
 * Bahr Freight: an older RPC-over-JSON service. Everything is a POST, every answer is an
 * envelope with HTTP 200 (faults included), weights are grams, dates Riyadh local time.
 */
export async function bahrRoutes(scope: FastifyInstance, { state, code }: SimulatorOptions): Promise<void> {
  const carrier = state.carrier(code);
  /** GatewayRef → waybill: a re-sent CreateWaybill answers the waybill already created. */
  const byGatewayRef = new Map<string, string>();
  state.onReset(() => byGatewayRef.clear());
  keepMap(state, `${code}.byGatewayRef`, byGatewayRef);
  prepareNativeScope(scope, state, code);

  /** The merchant account the credentials belong to (body, or Bahr's header pair on passthrough). */
  const accountFor = (request: FastifyRequest, body: Record<string, unknown> | undefined) => {
    const fromBody = body && isRecord(body.Credentials) ? body.Credentials : undefined;
    const username = str(fromBody?.UserName) ?? str(request.headers['x-bahr-username']);
    const password = str(fromBody?.Password) ?? str(request.headers['x-bahr-password']);
    return carrier.accounts.match({ username, password });
  };

  const operation = (path: string, handler: Operation) =>
    scope.post(path, async (request) => {
      const parsed = parseJsonBody(request.body);
      if (!parsed.ok || !isRecord(parsed.value)) return fault('REQ-001', 'Malformed request message');
      const account = accountFor(request, parsed.value);
      if (!account) return fault('AUTH-001', 'Invalid user name or password');
      return handler(parsed.value, account.id);
    });

  const waybillOf = (body: Record<string, unknown>): SandboxShipment | undefined => {
    const number = str(body.WaybillNumber);
    return number ? carrier.shipments.get(number) : undefined;
  };

  operation('/ws/Shipping/CreateWaybill', (body, account) => {
    const { booking, problems } = readBahrBooking(body);
    if (!booking) return fault('VAL-100', problems.join('; '));
    const refusal = testBookingRefusal(booking.clientReference);
    if (refusal) return fault('VAL-100', refusal);
    const existing = booking.gatewayRef ? carrier.shipments.get(byGatewayRef.get(booking.gatewayRef) ?? '') : undefined;
    if (existing) return envelope({ WaybillNumber: existing.trackingNumber, BookingRef: existing.carrierReference, Status: 1000 });
    const waybill = uniqueTrackingNumber(
      () => `7${randomDigits(10)}`,
      (tn) => carrier.shipments.has(tn),
    );
    state.addShipment({
      carrier: code,
      trackingNumber: waybill,
      carrierReference: `BKG-${randomBytes(5).toString('hex').toUpperCase()}`,
      service: booking.product,
      clientReference: booking.gatewayRef,
      merchantReference: booking.clientReference,
      codAmountHalalas: booking.codAmountHalalas,
      account,
      origin: booking.shipper,
      destination: booking.consignee,
      parcels: booking.parcels,
      native: body.Waybill,
    });
    if (booking.gatewayRef) byGatewayRef.set(booking.gatewayRef, waybill);
    const shipment = carrier.shipments.get(waybill)!;
    return envelope({ WaybillNumber: waybill, BookingRef: shipment.carrierReference, Status: 1000 });
  });

  operation('/ws/Shipping/FindWaybill', (body) => {
    const gatewayRef = str(body.GatewayRef);
    if (!gatewayRef) return fault('VAL-102', 'GatewayRef is required');
    const shipment = carrier.shipments.get(byGatewayRef.get(gatewayRef) ?? '');
    if (!shipment) return envelope({ Found: false, GatewayRef: gatewayRef });
    return envelope({
      Found: true,
      GatewayRef: gatewayRef,
      WaybillNumber: shipment.trackingNumber,
      BookingRef: shipment.carrierReference,
      Cancelled: shipment.cancelled,
    });
  });

  operation('/ws/Shipping/CancelWaybill', (body, account) => {
    const shipment = waybillOf(body);
    if (!shipment) return fault('WB-404', 'Waybill not found');
    if (shipment.cancelled) return fault('WB-409', 'Waybill already cancelled');
    if (!isCancellable(shipment)) {
      return fault('WB-410', 'Waybill cannot be cancelled after collection');
    }
    state.cancel(shipment, str(body.Reason), account);
    return envelope({ WaybillNumber: shipment.trackingNumber, Cancelled: true, CancelledOn: formatLegacyDate(new Date()) });
  });

  operation('/ws/Shipping/AmendConsignee', (body, account) => {
    const shipment = waybillOf(body);
    if (!shipment) return fault('WB-404', 'Waybill not found');
    if (!isRedirectable(shipment)) return fault('WB-411', 'Waybill cannot be amended');
    const problems: string[] = [];
    const consignee = readBahrParty(body.Consignee, 'Consignee', problems);
    if (problems.length > 0) return fault('VAL-100', problems.join('; '));
    state.updateDestination(shipment, consignee, body.Consignee, account);
    return envelope({ WaybillNumber: shipment.trackingNumber, Amended: true });
  });

  // Collections: ReadyTime and LastPickupTime in Bahr's dd/MM/yyyy HH:mm (Riyadh), same day.
  const legacy = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}:\d{2})$/;
  const pickupView = (p: SandboxPickup) => ({
    PickupNumber: p.confirmationNumber,
    GatewayRef: p.reference,
    Status: p.cancelled ? 'CANCELLED' : 'SCHEDULED',
    ReadyTime: `${p.date.slice(8, 10)}/${p.date.slice(5, 7)}/${p.date.slice(0, 4)} ${p.from}`,
    LastPickupTime: `${p.date.slice(8, 10)}/${p.date.slice(5, 7)}/${p.date.slice(0, 4)} ${p.to}`,
    WaybillNumbers: p.trackingNumbers,
  });

  operation('/ws/Pickup/CreatePickup', (body) => {
    const request = isRecord(body.Pickup) ? body.Pickup : undefined;
    const gatewayRef = str(request?.GatewayRef);
    const ready = legacy.exec(str(request?.ReadyTime) ?? '');
    const last = legacy.exec(str(request?.LastPickupTime) ?? '');
    if (!request || !gatewayRef || !ready || !last) {
      return fault('VAL-120', 'GatewayRef, ReadyTime and LastPickupTime (dd/MM/yyyy HH:mm) are required');
    }
    if (ready[1] !== last[1] || ready[2] !== last[2] || ready[3] !== last[3])
      return fault('VAL-121', 'Collection must start and end on one day');
    const numbers = Array.isArray(request.WaybillNumbers) ? request.WaybillNumbers.map(String) : [];
    const address = isRecord(request.Address) ? request.Address : {};
    const booked = bookSandboxPickup(
      carrier,
      {
        reference: gatewayRef,
        date: `${ready[3]}-${ready[2]}-${ready[1]}`,
        from: ready[4],
        to: last[4],
        trackingNumbers: numbers,
        city: str(address.City) ?? '',
        native: request,
      },
      'PK',
    );
    if (!booked.pickup) return fault('PK-100', booked.problem);
    return envelope(pickupView(booked.pickup));
  });

  operation('/ws/Pickup/FindPickup', (body) => {
    const gatewayRef = str(body.GatewayRef);
    if (!gatewayRef) return fault('VAL-102', 'GatewayRef is required');
    const pickup = carrier.pickupByReference(gatewayRef);
    return envelope(pickup ? { Found: true, ...pickupView(pickup) } : { Found: false, GatewayRef: gatewayRef });
  });

  operation('/ws/Pickup/CancelPickup', (body) => {
    const pickup = carrier.pickups.get(str(body.PickupNumber) ?? '');
    if (!pickup) return fault('PK-404', 'Pickup not found');
    if (pickup.cancelled) return fault('PK-409', 'Pickup already cancelled');
    pickup.cancelled = true;
    return envelope({ PickupNumber: pickup.confirmationNumber, Cancelled: true, CancelledOn: formatLegacyDate(new Date()) });
  });

  operation('/ws/Tracking/GetHistory', (body) => {
    const numbers = body.WaybillNumbers;
    if (!Array.isArray(numbers) || numbers.length === 0 || numbers.length > MAX_WAYBILLS) {
      return fault('VAL-101', `WaybillNumbers must list 1 to ${MAX_WAYBILLS} waybills`);
    }
    const results = numbers.map((value) => {
      const number = String(value);
      const shipment = carrier.shipments.get(number);
      if (!shipment) return { WaybillNumber: number, Found: false, Events: [] };
      return {
        WaybillNumber: number,
        Found: true,
        Events: shipment.events.map((e, i) => ({
          SeqNo: i + 1,
          StatusCode: /^\d+$/.test(e.nativeCode) ? Number(e.nativeCode) : e.nativeCode,
          StatusText: e.nativeText,
          EventDate: formatLegacyDate(e.occurredAt),
          Location: e.locationEn ? e.locationEn.toUpperCase() : null,
          LocationAr: e.locationAr ?? null,
          WeightGrams: e.measuredWeightKg !== undefined ? Math.round(e.measuredWeightKg * 1000) : null,
          CodCollected: e.codCollectedHalalas !== undefined ? (e.codCollectedHalalas / 100).toFixed(2) : null,
          PodType: e.proof ? BAHR_POD_TYPES[e.proof.method] : null,
          ReceiverName: e.proof?.receivedBy ?? null,
          PodImageUrl: e.proof?.photoUrl ?? null,
        })),
      };
    });
    return envelope({ Results: results });
  });

  // Cash-on-delivery remittances, oldest first, after the caller's last SeqNo; money as "x.xx" strings.
  operation('/ws/Finance/GetRemittances', (body, account) => {
    const after = body.AfterSeqNo === undefined || body.AfterSeqNo === null ? 0 : Number(body.AfterSeqNo);
    if (!Number.isInteger(after) || after < 0) return fault('VAL-102', 'AfterSeqNo must be a whole number >= 0');
    // Each account's remittances only: those paid to the account whose credentials ask.
    const rest = state.remittancesOf(code, account).filter((r) => r.seq > after);
    const page = rest.slice(0, MAX_REMITTANCES);
    const sar = (halalas: number) => (halalas / 100).toFixed(2);
    return envelope({
      Remittances: page.map((r) => ({
        SeqNo: r.seq,
        RemittanceNo: r.reference,
        RemitDate: formatLegacyDate(r.remittedAt),
        Currency: 'SAR',
        TotalAmount: sar(r.items.reduce((n, i) => n + i.amountHalalas, 0)),
        Lines: r.items.map((i) => ({ WaybillNumber: i.trackingNumber, Amount: sar(i.amountHalalas) })),
      })),
      MoreAvailable: rest.length > MAX_REMITTANCES,
    });
  });

  scope.post('/ws/Gateway/Forward', async (request, reply) => {
    const raw = request.body as Buffer;
    const authorised = accountFor(request, undefined) !== undefined;
    carrier.recordPassthrough({
      received_at: new Date(),
      body: Buffer.from(raw ?? Buffer.alloc(0)),
      credentials_ok: authorised,
      content_type: request.headers['content-type'],
    });
    if (!authorised) return fault('AUTH-001', 'Invalid user name or password');
    const parsed = parseJsonBody(raw);
    if (!parsed.ok) return fault('REQ-001', 'Malformed request message');
    const status = requestedStatus(parsed.value) ?? 200;
    const additions = {
      MessageId: randomBytes(8).toString('hex'),
      Timestamp: formatLegacyDate(new Date()),
      Fault: status >= 400 ? { FaultCode: `HTTP-${status}`, FaultString: 'Answered on request' } : null,
    };
    return reply.code(status).header('content-type', 'application/json').send(echoBody(raw, additions));
  });
}

/** Bahr's one-letter proof codes; a delivery with no proof method has none. */
const BAHR_POD_TYPES: Readonly<Record<ProofMethod, string | null>> = { OTP: 'O', SIGNATURE: 'S', PHOTO: 'P', NONE: null };
