import { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  accountOf,
  isCancellable,
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
import { readSmsaB2c, SmsaErrors } from './smsa-payload';
import { smsaWaybill } from './smsa-waybill';
import { SMSA_ARABIC_TEXT, SMSA_VOCABULARY } from './smsa.vocabulary';

const MAX_BULK = 50;
const WAYBILLS_KEPT = 20_000;
const RIYADH_MS = 3 * 3_600_000;

/** ASP.NET's validation problem (400), as SMSA answers a request it refuses. */
function problem(reply: FastifyReply, status: number, title: string, errors?: SmsaErrors) {
  return reply.code(status).send({
    type: 'https://tools.ietf.org/html/rfc7231#section-6.5.1',
    title,
    status,
    ...(errors ? { errors } : {}),
  });
}

/** Riyadh wall-clock without offset, to the second: how SMSA writes ScanDateTime and createDate. */
const localTime = (at: Date) => new Date(at.getTime() + RIYADH_MS).toISOString().slice(0, 19);

function answerOf(issued: { sawb: string; createDate: string; awbs: string[]; files: string[] }) {
  return {
    sawb: issued.sawb,
    createDate: issued.createDate,
    shipmentParcelsCount: issued.awbs.length,
    waybills: issued.awbs.map((awb, i) => ({ awb, awbFile: issued.files[i] })),
  };
}

/**
 * One AWB's tracking record. A shipment of several parcels has an AWB per parcel: each record
 * holds the scans of every parcel (the shipment moved as one) and its own parcel's (`piece`).
 */
function trackingView(s: SandboxShipment, pieces: number, piece?: number) {
  const awb = piece === undefined ? s.trackingNumber : (s.pieceTrackingNumbers?.[piece - 1] ?? s.trackingNumber);
  const scans = s.pieceTrackingNumbers ? s.events.filter((e) => e.piece === undefined || e.piece === (piece ?? 1)) : s.events;
  return {
    AWB: awb,
    Reference: s.clientReference ?? '',
    Pieces: pieces,
    CODAmount: (s.codAmountHalalas ?? 0) / 100,
    ContentDesc: 'Merchandise',
    RecipientName: '',
    OriginCity: s.originCity,
    OriginCountry: 'SA',
    DesinationCity: s.destinationCity,
    DesinationCountry: 'SA',
    isDelivered: s.pieceTrackingNumbers ? scans.some((e) => e.specStatus === 'DELIVERED') : s.latestStatus === 'DELIVERED',
    Scans: scans.map((e) => ({
      // SMSA's couriers write who took the parcel, or the bare role when they name no one.
      ReceivedBy: e.specStatus === 'DELIVERED' ? (e.proof?.receivedBy ?? 'Consignee') : null,
      City: e.locationEn ?? null,
      ScanType: e.nativeCode,
      ScanDescription: e.nativeText,
      ScanDateTime: localTime(e.occurredAt),
      ScanTimeZone: '+03:00',
    })),
  };
}

/**
 * SMSA Express's e-commerce REST API: `apikey` header, PascalCase bodies, B2C shipments with
 * their waybill files inline, C2B (customer return) shipments and their cancel, bulk and single
 * tracking, status and place look-ups. No B2C cancel,
 * no consignee change, no payout feed (docs/carriers/smsa.md).
 */
export async function smsaRoutes(scope: FastifyInstance, { state, code }: SimulatorOptions): Promise<void> {
  const carrier = state.carrier(code);
  // The waybill files issued at booking, by AWB: GET /api/shipment/b2c/query answers them again.
  const waybills = new Map<string, { kind: 'b2c' | 'c2b'; sawb: string; createDate: string; awbs: string[]; files: string[] }>();
  state.onReset(() => waybills.clear());
  const view = (s: SandboxShipment, piece?: number) => trackingView(s, carrier.detail(s.trackingNumber)?.parcels.length ?? 1, piece);
  /** The record of any AWB SMSA issued: a shipment's first, or one of its other parcels'. */
  const viewOf = (awb: string) => {
    const tracked = carrier.tracked(awb);
    return tracked ? view(tracked.shipment, tracked.piece) : undefined;
  };
  prepareNativeScope(scope, state, code);
  scope.addHook('onRequest', async (request, reply) => {
    const account = carrier.accounts.match({ apiKey: str(request.headers.apikey) });
    if (!account) return problem(reply, 401, 'Unauthorized');
    rememberAccount(request, account);
  });

  /** B2C (a shipment to the consignee) and C2B (a customer return, collected from the customer): one booking path. */
  const create = (kind: 'b2c' | 'c2b') => async (request: FastifyRequest, reply: FastifyReply) => {
    const parsed = parseJsonBody(request.body);
    if (!parsed.ok) return problem(reply, 400, 'One or more validation errors occurred.', { $: [parsed.reason] });
    const { booking, errors } = readSmsaB2c(parsed.value, kind);
    if (!booking) return problem(reply, 400, 'One or more validation errors occurred.', errors);
    // Test mode's magic words (docs/test-mode.md) are read from the description, SMSA's one free-text field.
    const refusal = testBookingRefusal(booking.contentDescription);
    if (refusal) return problem(reply, 400, 'One or more validation errors occurred.', { ContentDescription: [refusal] });
    if (booking.consignee.country !== 'SA' || booking.shipper.country !== 'SA') {
      return problem(reply, 400, 'One or more validation errors occurred.', {
        [kind === 'c2b' ? 'ReturnToAddress.Country' : 'ConsigneeAddress.Country']: [
          `${kind.toUpperCase()} shipments are domestic: Country must be SA.`,
        ],
      });
    }
    const awbs: string[] = [];
    while (awbs.length < booking.parcels.length) {
      awbs.push(
        uniqueTrackingNumber(
          () => `2${randomDigits(11)}`,
          (tn) => carrier.isIssued(tn) || awbs.includes(tn),
        ),
      );
    }
    const sawb = uniqueTrackingNumber(
      () => `2${randomDigits(11)}`,
      (tn) => carrier.isIssued(tn) || awbs.includes(tn),
    );
    const shipment = state.addShipment({
      carrier: code,
      trackingNumber: awbs[0],
      carrierReference: sawb,
      service: booking.serviceCode ?? (kind === 'c2b' ? 'EDCR' : 'EDDL'),
      clientReference: booking.orderNumber,
      merchantReference: booking.contentDescription,
      codAmountHalalas: booking.codSar > 0 ? Math.round(booking.codSar * 100) : undefined,
      account: accountOf(request),
      origin: booking.shipper,
      destination: booking.consignee,
      parcels: booking.parcels,
      native: parsed.value,
      // Every parcel has its own AWB, tracked on its own (docs/carriers/smsa.md).
      pieceTrackingNumbers: awbs,
    });
    const files = awbs.map((awb, i) =>
      smsaWaybill(
        booking.waybillType,
        awb,
        booking.shipper.city,
        booking.consignee.city,
        booking.codSar,
        `${i + 1}/${awbs.length}`,
      ).toString('base64'),
    );
    const issued = { kind, sawb, createDate: localTime(shipment.bookedAt), awbs, files };
    for (const awb of awbs) waybills.set(awb, issued);
    // Bounded like the sandbox's booking details (ADR 0063): the oldest documents go first.
    while (waybills.size > WAYBILLS_KEPT) waybills.delete(waybills.keys().next().value as string);
    return answerOf(issued);
  };
  scope.post('/api/shipment/b2c/new', create('b2c'));
  scope.post('/api/c2b/new', create('c2b'));

  // Each query answers its own kind of shipment: a C2B AWB is not a B2C shipment, and the reverse.
  const query = (kind: 'b2c' | 'c2b') => async (request: FastifyRequest<{ Params: { awb: string } }>, reply: FastifyReply) => {
    const issued = waybills.get(request.params.awb);
    if (!issued || issued.kind !== kind) return problem(reply, 404, 'AWB not found');
    return answerOf(issued);
  };
  scope.get<{ Params: { awb: string } }>('/api/shipment/b2c/query/:awb', query('b2c'));
  scope.get<{ Params: { awb: string } }>('/api/c2b/query/:awb', query('c2b'));

  /**
   * POST /api/c2b/cancel/{AWB}: a C2B shipment of this account, until its pickup, answered in
   * plain text as documented ("Shipment Cancelled Successfully!"). B2C shipments have no cancel.
   */
  scope.post<{ Params: { awb: string } }>('/api/c2b/cancel/:awb', async (request, reply) => {
    const issued = waybills.get(request.params.awb);
    const shipment = carrier.shipments.get(request.params.awb);
    if (!issued || issued.kind !== 'c2b' || !shipment || shipment.account !== accountOf(request)) {
      return problem(reply, 404, 'AWB not found');
    }
    if (!shipment.cancelled) {
      if (!isCancellable(shipment)) return problem(reply, 400, 'Shipment cannot be cancelled after pickup.');
      state.cancel(shipment, 'cancelled by the shipper', accountOf(request));
    }
    return reply.type('text/plain; charset=utf-8').send('Shipment Cancelled Successfully!');
  });

  scope.get<{ Params: { awb: string } }>('/api/track/single/:awb', async (request, reply) => {
    const record = viewOf(request.params.awb);
    if (!record) return problem(reply, 404, 'AWB not found');
    return record;
  });

  scope.get<{ Params: { reference: string } }>('/api/track/reference/:reference', async (request, reply) => {
    const found = [...carrier.shipments.values()].find((s) => s.clientReference === request.params.reference);
    if (!found) return problem(reply, 404, 'Reference not found');
    return view(found);
  });

  scope.post('/api/track/bulk', async (request, reply) => {
    const parsed = parseJsonBody(request.body);
    const awbs = parsed.ok && Array.isArray(parsed.value) ? parsed.value.filter((a): a is string => typeof a === 'string') : [];
    if (awbs.length === 0 || awbs.length > MAX_BULK) {
      return problem(reply, 400, 'One or more validation errors occurred.', { $: [`Send 1 to ${MAX_BULK} AWB numbers.`] });
    }
    return awbs.flatMap((awb) => {
      const record = viewOf(awb);
      return record ? [record] : [];
    });
  });

  scope.get('/api/track/statuslookup', async () =>
    Object.values(SMSA_VOCABULARY).map((status) => ({
      Code: status!.code,
      ScanDescEN: status!.text,
      ScanDescAR: SMSA_ARABIC_TEXT[status!.code],
    })),
  );

  scope.get<{ Params: { country: string } }>('/api/lookup/cities/:country', async (request) =>
    request.params.country.toUpperCase() === 'SA'
      ? ['Riyadh', 'Jeddah', 'Dammam', 'Makkah', 'Madinah'].map((cityName) => ({
          cityName,
          cityCode: cityName.slice(0, 3).toUpperCase(),
          countryCode: 'SA',
          currencyCode: 'SAR',
          currencyName: 'Saudi Riyal',
        }))
      : [],
  );

  scope.get('/api/lookup/smsaoffices', async () => [
    {
      code: 'RUH01',
      address: 'Olaya Street, Riyadh',
      cityName: 'Riyadh',
      addressAR: 'شارع العليا، الرياض',
      coordinates: '24.6927,46.6855',
      firstShift: '08:00-13:00',
      secondShift: '16:00-22:00',
      weekendShift: '16:00-22:00',
    },
  ]);
}
