import { createHash } from 'node:crypto';
import { AddressProps, ReportedProof } from '@lgw/kernel';
import { CarrierBooking, CarrierBookingRequest, CarrierTrackingEvent, TrackedPieces } from '@lgw/carrier-access';
import { CarrierTransportError } from '../shared/carrier-transport.error';
import { sumKg } from '../shared/units';
import { SMSA_STATUS_MAP } from './smsa.status-map';
import {
  SmsaAddress,
  SmsaB2cShipmentRequest,
  SmsaC2bShipmentRequest,
  SmsaProblem,
  SmsaScan,
  SmsaShipmentAnswer,
  SmsaTracking,
} from './smsa.wire-types';

/** Gateway service level → SMSA ServiceCode (B2C e-commerce delivery). */
const SMSA_SERVICES: Readonly<Record<string, string>> = {
  smsa_ecommerce_domestic: 'EDDL',
};

export function toSmsaService(serviceCode: string): string | undefined {
  return SMSA_SERVICES[serviceCode];
}

/** SMSA wants digits only in phone numbers. */
const digits = (phone: string | undefined) => (phone ?? '').replace(/\D/g, '');

export function toSmsaAddress(address: AddressProps, withShortCode = false): SmsaAddress {
  return {
    ContactName: address.name ?? '',
    ContactPhoneNumber: digits(address.phone),
    Country: address.country.toUpperCase(),
    City: address.city,
    AddressLine1: address.line1 ?? address.short_address ?? address.city,
    ...(address.region ? { District: address.region } : {}),
    ...(address.postal_code ? { PostalCode: address.postal_code } : {}),
    ...(withShortCode && address.short_address ? { ShortCode: address.short_address } : {}),
  };
}

/** SAR with two decimals, from halalas. */
const sar = (halalas: number | undefined) => Math.round(halalas ?? 0) / 100;

/** ShipDate: Riyadh wall-clock, ISO without offset (SMSA reads a bare time as Saudi time). */
export function smsaShipDate(now: Date): string {
  return new Date(now.getTime() + 3 * 3_600_000).toISOString().slice(0, 19);
}

/** The same request always gives the same body except ShipDate (SMSA does not dedupe: never retried). */
export function toSmsaB2cRequest(request: CarrierBookingRequest, service: string, now: Date): SmsaB2cShipmentRequest {
  return {
    ConsigneeAddress: toSmsaAddress(request.destination, true),
    ShipperAddress: toSmsaAddress(request.origin),
    OrderNumber: request.shipmentId,
    DeclaredValue: sar(request.declaredValueHalalas),
    CODAmount: sar(request.codAmountHalalas),
    Parcels: request.parcels.length,
    ShipDate: smsaShipDate(now),
    ShipmentCurrency: 'SAR',
    SMSARetailID: '0',
    WaybillType: 'PDF',
    Weight: sumKg(request.parcels.map((p) => p.weight_kg)),
    WeightUnit: 'KG',
    // SMSA has no field for the merchant's own reference: it travels as the description printed on the waybill.
    ContentDescription: request.reference ?? 'Merchandise',
    VatPaid: true,
    DutyPaid: false,
    ServiceCode: service,
  };
}

/** SMSA's C2B service code: a customer return collected from the customer (its service types look-up). */
export const SMSA_C2B_SERVICE = 'EDCR';

/**
 * POST /api/c2b/new, a customer return: the customer (the return's origin) as PickupAddress, the
 * merchant (its destination) as ReturnToAddress, the return's gateway id as OrderNumber (recovery
 * finds it by reference like any booking), no COD, DeclaredValue at least 0.1 (SMSA's minimum).
 */
export function toSmsaC2bRequest(request: CarrierBookingRequest, now: Date): SmsaC2bShipmentRequest {
  const {
    ConsigneeAddress: _to,
    ShipperAddress: _from,
    CODAmount: _cod,
    VatPaid: _vat,
    DutyPaid: _duty,
    ...common
  } = toSmsaB2cRequest(request, SMSA_C2B_SERVICE, now);
  return {
    ...common,
    PickupAddress: toSmsaAddress(request.origin),
    ReturnToAddress: toSmsaAddress(request.destination),
    DeclaredValue: Math.max(common.DeclaredValue, 0.1),
  };
}

/**
 * Tracking number: the first parcel's AWB (SMSA tracks by it); the shipment AWB (sawb) is the
 * carrier's reference. Several parcels: each parcel's AWB is its piece's number (docs/adr/0087).
 */
export function fromSmsaShipment(answer: SmsaShipmentAnswer): CarrierBooking {
  const awb = answer.waybills?.[0]?.awb ?? answer.sawb;
  // An answer we cannot read is no answer: the booking's outcome is then learnt by its OrderNumber (recovery).
  if (!awb) throw new CarrierTransportError('malformed answer (shipment without an AWB)');
  const awbs = (answer.waybills ?? []).map((w) => w.awb).filter((a): a is string => typeof a === 'string' && a.length > 0);
  return { trackingNumber: awb, carrierReference: answer.sawb ?? awb, ...(awbs.length > 1 ? { pieceTrackingNumbers: awbs } : {}) };
}

/** The waybill document SMSA issued for one AWB (base64 in awbFile), decoded; null when the answer has none. */
export function smsaLabel(answer: SmsaShipmentAnswer, awb: string): Buffer | null {
  const waybill = (answer.waybills ?? []).find((w) => w.awb === awb && typeof w.awbFile === 'string' && w.awbFile.length > 0);
  return waybill ? Buffer.from(waybill.awbFile, 'base64') : null;
}

/** "2025-03-01T13:15:42" + "+03:00" → the instant; a scan without a readable time → null. */
export function smsaScanTime(scan: SmsaScan): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(scan.ScanDateTime ?? '')) return null;
  const zone = /^[+-]\d{2}:\d{2}$/.test(scan.ScanTimeZone ?? '') ? scan.ScanTimeZone! : '+03:00';
  const at = new Date(`${scan.ScanDateTime}${zone}`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** What an AWB tracks: its shipment (the master AWB) and, for a multi-piece shipment, which piece. */
export interface SmsaTrackedAwb {
  readonly trackingNumber: string;
  readonly pieceNumber?: number;
}

/**
 * The AWBs one tracking run asks SMSA for, in POST /api/track/bulk calls of at most `batchSize`:
 * each shipment's tracking number, and every piece's AWB of a multi-piece shipment (SMSA tracks
 * each parcel by its own AWB; the master is piece 1, docs/adr/0087). A shipment's AWBs go in one
 * call; `tracked` tells which shipment and piece each AWB answers for.
 */
export function smsaTrackingRequests(
  trackingNumbers: readonly string[],
  pieces: TrackedPieces | undefined,
  batchSize: number,
): { batches: string[][]; tracked: Map<string, SmsaTrackedAwb> } {
  const tracked = new Map<string, SmsaTrackedAwb>();
  const batches: string[][] = [];
  let batch: string[] = [];
  for (const trackingNumber of new Set(trackingNumbers)) {
    const awbs = pieces?.get(trackingNumber) ?? [];
    const group = awbs.includes(trackingNumber) ? awbs : [trackingNumber, ...awbs];
    const fresh = group.filter((awb) => !tracked.has(awb));
    for (const awb of fresh) {
      const index = awbs.indexOf(awb);
      tracked.set(awb, index >= 0 ? { trackingNumber, pieceNumber: index + 1 } : { trackingNumber });
    }
    if (batch.length + fresh.length > batchSize && batch.length > 0) {
      batches.push(batch);
      batch = [];
    }
    batch.push(...fresh);
    while (batch.length > batchSize) batches.push(batch.splice(0, batchSize));
  }
  if (batch.length > 0) batches.push(batch);
  return { batches, tracked };
}

/**
 * Every scan of one tracking record, oldest first. SMSA gives scans no id: an event's id is
 * derived from what identifies the scan (AWB, type, time, place), the same on every read. A piece's
 * AWB (`tracked`) reports for its shipment's tracking number, tagged with the piece.
 */
export function fromSmsaTracking(record: SmsaTracking, tracked?: SmsaTrackedAwb): CarrierTrackingEvent[] {
  if (!record.AWB) return [];
  const shipment = tracked ?? { trackingNumber: record.AWB };
  const events: CarrierTrackingEvent[] = [];
  for (const scan of record.Scans ?? []) {
    const occurredAt = smsaScanTime(scan);
    if (!occurredAt || !scan.ScanType) continue;
    const mapped = SMSA_STATUS_MAP.map(scan.ScanType);
    const eventId = createHash('sha256')
      .update([record.AWB, scan.ScanType, scan.ScanDateTime, scan.ScanTimeZone ?? '', scan.City ?? ''].join('\u0000'))
      .digest('hex')
      .slice(0, 32);
    const cod = record.CODAmount;
    events.push({
      trackingNumber: shipment.trackingNumber,
      ...(shipment.pieceNumber !== undefined ? { pieceNumber: shipment.pieceNumber } : {}),
      eventId,
      carrierStatus: scan.ScanType.trim(),
      status: mapped?.status ?? null,
      ...(mapped?.exceptionType ? { exceptionType: mapped.exceptionType } : {}),
      ...(scan.City ? { locationEn: scan.City } : {}),
      occurredAt,
      // SMSA reports the shipment's COD amount, not what the courier took: on delivery that is the cash collected.
      ...(mapped?.status === 'DELIVERED' && typeof cod === 'number' && cod > 0 ? { codCollectedHalalas: Math.round(cod * 100) } : {}),
      ...(mapped?.status === 'DELIVERED' ? smsaProofOf(scan) : {}),
    });
  }
  return events.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
}

/** SMSA's words in a refusal: the validation problem's messages by field, else its title or message, else a bare string. */
export function smsaRefusal(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() || undefined;
  if (typeof body !== 'object' || body === null) return undefined;
  const problem = body as SmsaProblem;
  const fields = Object.entries(problem.errors ?? {})
    .filter(([, messages]) => Array.isArray(messages))
    .map(([field, messages]) => `${field}: ${messages.join(' ')}`);
  if (fields.length > 0) return fields.join('; ');
  return problem.title ?? problem.message ?? undefined;
}

export function smsaErrorMessage(body: unknown, status: number): string {
  return smsaRefusal(body) ?? `HTTP ${status}`;
}

/** What SMSA's couriers write in ReceivedBy when they name no one: a role, not a receiver. */
const SMSA_RECEIVER_ROLES = new Set(['consignee', 'customer', 'receiver', 'recipient', 'client']);

/**
 * SMSA's delivery scan names who took the parcel (ReceivedBy) and no proof method: a receiver's
 * name with method NONE (docs/adr/0088). Undefined for no name or a bare role.
 */
export function fromSmsaReceivedBy(receivedBy: string | null | undefined): ReportedProof | undefined {
  const name = receivedBy?.trim();
  if (!name || SMSA_RECEIVER_ROLES.has(name.toLowerCase())) return undefined;
  return { method: 'NONE', receivedBy: name };
}

function smsaProofOf(scan: SmsaScan): { proof?: ReportedProof } {
  const proof = fromSmsaReceivedBy(scan.ReceivedBy);
  return proof ? { proof } : {};
}
