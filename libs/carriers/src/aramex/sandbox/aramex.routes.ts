import { randomUUID } from 'node:crypto';
import { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  accountOf,
  isCancellable,
  isRecord,
  num,
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
import { AramexNote, clientCredentials, netDate, readAramexShipment, readNetDate, readPartyAddress } from './aramex-payload';
import { aramexWaybill } from './aramex-waybill';

const SHIPPING = '/ShippingAPI.V2/Shipping/Service_1_0.svc/json';
const TRACKING = '/ShippingAPI.V2/Tracking/Service_1_0.svc/json';
const RATES = '/ShippingAPI.V2/RateCalculator/Service_1_0.svc/json';
const MAX_TRACKED = 50;
const RIYADH_MS = 3 * 3_600_000;

/** The Transaction block, echoed from the request as Aramex does. */
const transactionOf = (body: Record<string, unknown>) =>
  isRecord(body.Transaction) ? body.Transaction : { Reference1: '', Reference2: '', Reference3: '', Reference4: '', Reference5: '' };

/** Aramex answers its own refusals with HTTP 200: HasErrors and the Notifications say what is wrong. */
const refused = (body: Record<string, unknown>, notes: AramexNote[], extra: Record<string, unknown> = {}) => ({
  Transaction: transactionOf(body),
  Notifications: notes,
  HasErrors: true,
  ...extra,
});

const ok = (body: Record<string, unknown>, extra: Record<string, unknown>) => ({
  Transaction: transactionOf(body),
  Notifications: [],
  HasErrors: false,
  ...extra,
});

/** A Riyadh calendar date and wall-clock time of an instant. */
const riyadh = (at: Date) => {
  const iso = new Date(at.getTime() + RIYADH_MS).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
};

/**
 * Aramex's Shipping Services API (ShippingAPI.V2, JSON endpoints): ClientInfo in every body,
 * HasErrors + Notifications for every refusal, .NET dates, waybill PDFs inline (RPT) or by link
 * (URL). No shipment cancel, no consignee change, no payout feed (docs/carriers/aramex.md).
 */
export async function aramexRoutes(scope: FastifyInstance, { state, code }: SimulatorOptions): Promise<void> {
  const carrier = state.carrier(code);
  prepareNativeScope(scope, state, code);

  /** The JSON body if it is an object and its ClientInfo names an account, else the answer already sent. */
  const authenticate = (
    request: FastifyRequest,
    reply: FastifyReply,
    empty: Record<string, unknown> = {},
  ): Record<string, unknown> | undefined => {
    const parsed = parseJsonBody(request.body);
    if (!parsed.ok || !isRecord(parsed.value)) {
      void reply.code(400).send({ Message: 'The incoming message has an unexpected message format. Expected a JSON object.' });
      return undefined;
    }
    const account = carrier.accounts.match(clientCredentials(parsed.value));
    if (!account) {
      // The operation's answer fields come back empty beside the notification.
      void reply.send(refused(parsed.value, [{ Code: 'ERR01', Message: 'ClientInfo - Invalid username or password' }], empty));
      return undefined;
    }
    rememberAccount(request, account);
    return parsed.value;
  };

  const ownedBy = (s: SandboxShipment, request: FastifyRequest) => s.account === undefined || s.account === accountOf(request);

  const label = (s: SandboxShipment) => {
    const detail = carrier.detail(s.trackingNumber);
    return aramexWaybill(s.trackingNumber, s.originCity, s.destinationCity, detail?.parcels.length ?? 1, (s.codAmountHalalas ?? 0) / 100);
  };

  /** ShipmentLabel as LabelInfo asked: the PDF's bytes (RPT, a WCF byte[]: numbers) or a link to it (URL). */
  const shipmentLabel = (request: FastifyRequest, body: Record<string, unknown>, s: SandboxShipment) => {
    const info = isRecord(body.LabelInfo) ? body.LabelInfo : undefined;
    if (!info) return null;
    if (str(info.ReportType) === 'URL') {
      const host = request.headers.host ?? 'localhost';
      return { LabelURL: `${request.protocol}://${host}/${code}/content/rpt_cache/${s.trackingNumber}.pdf`, LabelFileContents: null };
    }
    return { LabelURL: null, LabelFileContents: [...label(s)] };
  };

  scope.post(`${SHIPPING}/CreateShipments`, async (request, reply) => {
    const body = authenticate(request, reply, { Shipments: [] });
    if (!body) return reply;
    const requested = Array.isArray(body.Shipments) ? body.Shipments : [];
    if (requested.length === 0) return refused(body, [{ Code: 'ERR02', Message: 'Shipments - At least one shipment is required' }]);
    const read = requested.map((s) => readAramexShipment(s));
    // A request with a refused shipment books none of them: nothing is half-booked.
    if (read.some((r) => !r.booking)) {
      return refused(body, [], {
        Shipments: read.map((r, i) => ({
          ID: null,
          Reference1: isRecord(requested[i]) ? (str(requested[i].Reference1) ?? '') : '',
          HasErrors: !r.booking,
          Notifications: r.notes,
          ShipmentLabel: null,
        })),
      });
    }
    // Test mode's magic references (docs/test-mode.md) are read from Reference2, where the gateway sends the merchant's.
    const magic = read.map((r) => testBookingRefusal(r.booking!.reference2)).find(Boolean);
    if (magic) return refused(body, [{ Code: 'ERR99', Message: magic }]);
    const processed = read.map(({ booking }) => {
      const awb = uniqueTrackingNumber(
        () => `5${randomDigits(10)}`,
        (tn) => carrier.shipments.has(tn),
      );
      const shipment = state.addShipment({
        carrier: code,
        trackingNumber: awb,
        carrierReference: awb,
        service: `${booking!.productGroup}/${booking!.productType}`,
        clientReference: booking!.reference1,
        merchantReference: booking!.reference2,
        codAmountHalalas: booking!.codSar > 0 ? Math.round(booking!.codSar * 100) : undefined,
        account: accountOf(request),
        origin: booking!.shipper,
        destination: booking!.consignee,
        parcels: booking!.parcels,
        native: body,
      });
      return {
        ID: awb,
        Reference1: booking!.reference1,
        Reference2: booking!.reference2 ?? '',
        Reference3: '',
        ForeignHAWB: '',
        HasErrors: false,
        Notifications: [],
        ShipmentLabel: shipmentLabel(request, body, shipment),
        ShipmentDetails: null,
        ShipmentAttachments: [],
      };
    });
    return ok(body, { Shipments: processed });
  });

  scope.post(`${SHIPPING}/PrintLabel`, async (request, reply) => {
    const body = authenticate(request, reply);
    if (!body) return reply;
    const shipment = carrier.shipments.get(str(body.ShipmentNumber) ?? '');
    // An account sees only its own shipments.
    if (!shipment || !ownedBy(shipment, request)) return refused(body, [{ Code: 'ERR52', Message: 'ShipmentNumber - Shipment not found' }]);
    return ok(body, { ShipmentNumber: shipment.trackingNumber, ShipmentLabel: shipmentLabel(request, body, shipment) });
  });

  // Where a LabelURL points: Aramex's report cache.
  scope.get<{ Params: { file: string } }>('/content/rpt_cache/:file', async (request, reply) => {
    const shipment = carrier.shipments.get(request.params.file.replace(/\.pdf$/, ''));
    if (!shipment) return reply.code(404).send('Not Found');
    return reply.header('content-type', 'application/pdf').send(label(shipment));
  });

  scope.post(`${TRACKING}/TrackShipments`, async (request, reply) => {
    const body = authenticate(request, reply, { TrackingResults: [], NonExistingWaybills: [] });
    if (!body) return reply;
    const waybills = Array.isArray(body.Shipments) ? body.Shipments.filter((s): s is string => typeof s === 'string') : [];
    if (waybills.length === 0 || waybills.length > MAX_TRACKED) {
      return refused(body, [{ Code: 'ERR60', Message: `Shipments - Send 1 to ${MAX_TRACKED} waybill numbers` }]);
    }
    const lastOnly = body.GetLastTrackingUpdateOnly === true;
    const known = waybills.flatMap((awb) => {
      const shipment = carrier.shipments.get(awb);
      return shipment ? [shipment] : [];
    });
    return ok(body, {
      // Newest first, as Aramex lists updates.
      TrackingResults: known.map((s) => {
        const booked = (carrier.detail(s.trackingNumber)?.parcels ?? []).reduce((kg, p) => kg + p.weight_kg, 0);
        const updates = [...s.events].reverse().map((e) => {
          const [updateCode, problemCode] = e.nativeCode.split('/');
          const weight = e.measuredWeightKg ?? booked;
          return {
            WaybillNumber: s.trackingNumber,
            UpdateCode: updateCode,
            UpdateDescription: e.nativeText,
            UpdateDateTime: netDate(e.occurredAt),
            UpdateLocation: e.locationEn ?? '',
            Comments: '',
            ProblemCode: problemCode ?? '',
            GrossWeight: weight > 0 ? String(Math.round(weight * 1000) / 1000) : '0',
            ChargeableWeight: weight > 0 ? String(Math.round(weight * 1000) / 1000) : '0',
            WeightUnit: 'KG',
          };
        });
        return { Key: s.trackingNumber, Value: lastOnly ? updates.slice(0, 1) : updates };
      }),
      NonExistingWaybills: waybills.filter((awb) => !carrier.shipments.has(awb)),
    });
  });

  // Prices on the sandbox's tariff: 24 SAR up to 1 kg, 3.50 SAR a kg beyond, 1% of a COD amount (at least 5 SAR).
  scope.post(`${RATES}/CalculateRate`, async (request, reply) => {
    const body = authenticate(request, reply);
    if (!body) return reply;
    const notes: AramexNote[] = [];
    const origin = readPartyAddress(body.OriginAddress, 'OriginAddress', notes);
    const destination = readPartyAddress(body.DestinationAddress, 'DestinationAddress', notes);
    const details = isRecord(body.ShipmentDetails) ? body.ShipmentDetails : {};
    const weight = isRecord(details.ActualWeight) ? num(details.ActualWeight.Value) : undefined;
    if (weight === undefined || weight <= 0)
      notes.push({ Code: 'ERR20', Message: 'ShipmentDetails.ActualWeight - Weight must be greater than 0' });
    const group = str(details.ProductGroup);
    if (group !== 'DOM') notes.push({ Code: 'ERR23', Message: 'ShipmentDetails.ProductGroup - Only DOM is rated on this account' });
    if (origin.country !== 'SA' || destination.country !== 'SA')
      notes.push({ Code: 'ERR24', Message: 'Domestic rates only: CountryCode must be SA' });
    if (notes.length > 0) return refused(body, notes);
    const cod = isRecord(details.CashOnDeliveryAmount) ? (num(details.CashOnDeliveryAmount.Value) ?? 0) : 0;
    const base = 24 + Math.max(0, Math.ceil(weight! - 1)) * 3.5;
    const codFee = cod > 0 ? Math.max(5, Math.round(cod) / 100) : 0;
    const beforeTax = Math.round((base + codFee) * 100) / 100;
    const tax = Math.round(beforeTax * 15) / 100;
    return ok(body, {
      TotalAmount: { CurrencyCode: 'SAR', Value: Math.round((beforeTax + tax) * 100) / 100 },
      RateDetails: {
        Amount: base,
        OtherAmount1: codFee,
        OtherAmount2: 0,
        OtherAmount3: 0,
        OtherAmount4: 0,
        OtherAmount5: 0,
        TotalAmountBeforeTax: beforeTax,
        TaxAmount: tax,
      },
    });
  });

  scope.post(`${SHIPPING}/CreatePickup`, async (request, reply) => {
    const body = authenticate(request, reply, { ProcessedPickup: null });
    if (!body) return reply;
    const pickup = isRecord(body.Pickup) ? body.Pickup : {};
    const notes: AramexNote[] = [];
    const address = readPartyAddress(pickup.PickupAddress, 'Pickup.PickupAddress', notes);
    const ready = readNetDate(pickup.ReadyTime) ?? readNetDate(pickup.PickupDate);
    const last = readNetDate(pickup.LastPickupTime) ?? readNetDate(pickup.ClosingTime);
    if (!ready || !last || last <= ready)
      notes.push({ Code: 'ERR70', Message: 'Pickup.ReadyTime / LastPickupTime - Invalid pickup window' });
    const existing = Array.isArray(pickup.ExistingShipments) ? pickup.ExistingShipments.filter(isRecord) : [];
    const numbers = existing.map((s) => str(s.Number) ?? '');
    if (numbers.length === 0) notes.push({ Code: 'ERR71', Message: 'Pickup.ExistingShipments - No shipments to collect' });
    for (const number of numbers) {
      const shipment = carrier.shipments.get(number);
      if (!shipment || !ownedBy(shipment, request))
        notes.push({ Code: 'ERR72', Message: `Pickup.ExistingShipments - Shipment ${number} not found` });
      else if (shipment.cancelled || !isCancellable(shipment)) {
        notes.push({ Code: 'ERR73', Message: `Pickup.ExistingShipments - Shipment ${number} is not waiting for collection` });
      }
    }
    if (notes.length > 0) return refused(body, notes, { ProcessedPickup: null });
    const id = uniqueTrackingNumber(
      () => `H${randomDigits(7)}`,
      (n) => [...carrier.pickups.values()].some((p) => (p.native as { id?: string })?.id === n),
    );
    const guid = randomUUID();
    const from = riyadh(ready!);
    carrier.pickups.set(guid, {
      confirmationNumber: guid,
      reference: str(pickup.Reference1) ?? '',
      date: from.date,
      from: from.time,
      to: riyadh(last!).time,
      trackingNumbers: numbers,
      city: address.city,
      bookedAt: new Date(),
      cancelled: false,
      native: { id, request: body },
    });
    state.changed();
    return ok(body, {
      ProcessedPickup: {
        ID: id,
        GUID: guid,
        Reference1: str(pickup.Reference1) ?? '',
        Reference2: str(pickup.Reference2) ?? '',
        ProcessedShipments: [],
      },
    });
  });

  scope.post(`${SHIPPING}/CancelPickup`, async (request, reply) => {
    const body = authenticate(request, reply);
    if (!body) return reply;
    const pickup = carrier.pickups.get(str(body.PickupGUID) ?? '');
    if (!pickup) return refused(body, [{ Code: 'ERR80', Message: 'PickupGUID - Pickup not found' }]);
    // Cancelling a cancelled pickup changes nothing and is no error.
    pickup.cancelled = true;
    state.changed();
    return ok(body, {});
  });
}
