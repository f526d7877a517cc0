import { AddressProps, ProofMethod, ReportedProof } from '@lgw/kernel';
import { CarrierBooking, CarrierBookingRequest, CarrierPickupRequest, CarrierRemittance, CarrierTrackingEvent } from '@lgw/carrier-access';
import { formatLegacyRiyadhDate, parseLegacyRiyadhDate } from '../shared/riyadh-time';
import { compact, titleCase } from '../shared/text';
import { gramsToKg, halalasToSar, kgToGrams, sarTextToHalalas } from '../shared/units';
import { BAHR_STATUS_MAP } from './bahr.status-map';
import {
  BahrCreateWaybillResult,
  BahrFault,
  BahrParty,
  BahrPickupRequest,
  BahrRemittance,
  BahrTrackingEvent,
  BahrWaybill,
} from './bahr.wire-types';

/** Gateway service level → Bahr product code. */
const BAHR_PRODUCTS: Readonly<Record<string, string>> = {
  bahr_land: 'LND',
  bahr_sea: 'SEA',
};

export function toBahrProduct(serviceCode: string): string | undefined {
  return BAHR_PRODUCTS[serviceCode];
}

export function toBahrParty(address: AddressProps): BahrParty {
  return {
    ...compact({ ContactName: address.name, Phone: address.phone, AddressLine1: address.line1 }),
    City: address.city,
    ...compact({ Region: address.region }),
    CountryCode: address.country.toUpperCase(),
    ...compact({
      PostCode: address.postal_code,
      AdditionalNo: address.additional_number,
      ShortAddress: address.short_address,
    }),
  };
}

export function toBahrWaybill(request: CarrierBookingRequest, product: string, now: Date): BahrWaybill {
  return {
    GatewayRef: request.shipmentId,
    ...(request.reference ? { ClientReference: request.reference } : {}),
    ProductCode: product,
    ShipDate: formatLegacyRiyadhDate(now),
    Shipper: toBahrParty(request.origin),
    Consignee: toBahrParty(request.destination),
    Pieces: request.parcels.map((p) => ({
      WeightGrams: kgToGrams(p.weight_kg),
      LengthCm: p.length_cm,
      WidthCm: p.width_cm,
      HeightCm: p.height_cm,
    })),
    ...(request.declaredValueHalalas !== undefined ? { DeclaredValue: halalasToSar(request.declaredValueHalalas) } : {}),
    ...(request.codAmountHalalas ? { CodAmount: halalasToSar(request.codAmountHalalas) } : {}),
    Currency: 'SAR',
  };
}

export function fromBahrWaybill(result: BahrCreateWaybillResult): CarrierBooking {
  return { trackingNumber: String(result.WaybillNumber), carrierReference: result.BookingRef };
}

/**
 * Bahr events carry no id; SeqNo is their position in the waybill's history, which Bahr only
 * ever appends to, so waybill + SeqNo identifies an event for good.
 * Null when the date cannot be read: an event that cannot be placed in time is not stored.
 */
export function fromBahrEvent(waybill: string, event: BahrTrackingEvent): CarrierTrackingEvent | null {
  const occurredAt = parseLegacyRiyadhDate(event.EventDate ?? '');
  if (!occurredAt || !Number.isInteger(event.SeqNo)) return null;
  const mapped = BAHR_STATUS_MAP.map(event.StatusCode);
  const grams = event.WeightGrams;
  const cash = sarTextToHalalas(event.CodCollected);
  return {
    trackingNumber: waybill,
    eventId: `${waybill}-${event.SeqNo}`,
    carrierStatus: String(event.StatusCode),
    status: mapped?.status ?? null,
    ...(mapped?.exceptionType ? { exceptionType: mapped.exceptionType } : {}),
    ...(event.Location ? { locationEn: titleCase(event.Location) } : {}),
    ...(event.LocationAr ? { locationAr: event.LocationAr } : {}),
    occurredAt,
    ...(typeof grams === 'number' && grams > 0 ? { measuredWeightKg: gramsToKg(grams) } : {}),
    ...(cash !== null ? { codCollectedHalalas: cash } : {}),
    ...(mapped?.status === 'DELIVERED' ? proofOf(event) : {}),
  };
}

const BAHR_POD_METHODS: Readonly<Record<string, ProofMethod>> = { O: 'OTP', S: 'SIGNATURE', P: 'PHOTO' };

/** Bahr's PodType, ReceiverName and PodImageUrl in gateway terms; nothing when it reports none of them. */
export function fromBahrProof(event: Pick<BahrTrackingEvent, 'PodType' | 'ReceiverName' | 'PodImageUrl'>): ReportedProof | undefined {
  const method = event.PodType ? BAHR_POD_METHODS[event.PodType.trim().toUpperCase()] : undefined;
  if (!method && !event.ReceiverName && !event.PodImageUrl) return undefined;
  return { ...(method ? { method } : {}), receivedBy: event.ReceiverName ?? null, photoUrl: event.PodImageUrl ?? null };
}

function proofOf(event: BahrTrackingEvent): { proof?: ReportedProof } {
  const proof = fromBahrProof(event);
  return proof ? { proof } : {};
}

/** Null for a remittance without a number or a readable date; lines with unreadable amounts are dropped. */
export function fromBahrRemittance(remittance: BahrRemittance): CarrierRemittance | null {
  const remittedAt = parseLegacyRiyadhDate(remittance.RemitDate ?? '');
  if (!remittance.RemittanceNo || !remittedAt || (remittance.Currency && remittance.Currency !== 'SAR')) return null;
  const lines: { trackingNumber: string; amountHalalas: number }[] = [];
  for (const line of remittance.Lines ?? []) {
    const amount = sarTextToHalalas(line.Amount);
    if (line.WaybillNumber && amount !== null) lines.push({ trackingNumber: String(line.WaybillNumber), amountHalalas: amount });
  }
  return { reference: remittance.RemittanceNo, remittedAt, lines };
}

/** A Riyadh date (YYYY-MM-DD) and wall-clock time (HH:MM) in Bahr's dd/MM/yyyy HH:mm. */
export function toBahrLocalTime(date: string, time: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)} ${time}`;
}

export function toBahrPickup(request: CarrierPickupRequest): BahrPickupRequest {
  return {
    GatewayRef: request.reference,
    ReadyTime: toBahrLocalTime(request.date, request.window.from),
    LastPickupTime: toBahrLocalTime(request.date, request.window.to),
    Address: toBahrParty(request.address),
    WaybillNumbers: [...request.trackingNumbers],
    Pieces: request.parcelCount,
  };
}

/**
 * Bahr's words in a refusal: a `Fault {FaultCode, FaultString}`, inside the `Envelope` of its
 * web services or at the top of a forwarded (passthrough) answer; undefined when there is none.
 */
export function bahrRefusal(body: unknown): string | undefined {
  const answer = body as { Fault?: BahrFault | null; Envelope?: { Fault?: BahrFault | null } } | null | undefined;
  const fault = answer?.Fault ?? answer?.Envelope?.Fault;
  if (typeof fault !== 'object' || fault === null || typeof fault.FaultCode !== 'string') return undefined;
  return [fault.FaultCode, fault.FaultString].filter(Boolean).join(' - ');
}
