import { AddressProps, ParcelProps } from '@lgw/kernel';
import { CarrierBookingRequest, CarrierRemittance, CarrierTrackingEvent } from '@lgw/carrier-access';
import { parseRiyadhDateTime } from '../shared/riyadh-time';
import { formatKg, halalasToSar, sarTextToHalalas, sumKg } from '../shared/units';
import { DARB_STATUS_MAP } from './darb.status-map';
import { DARB_SERVICE, DarbAddressChangeRow, DarbOrderRow, DarbRange, DarbSettlementRow, DarbStatusRow } from './darb.wire-types';

const DARB_PRODUCTS: Readonly<Record<string, string>> = {
  darb_land_domestic: DARB_SERVICE,
};

export function toDarbProduct(serviceCode: string): string | undefined {
  return DARB_PRODUCTS[serviceCode];
}

export function formatDarbTrackingNumber(range: Pick<DarbRange, 'prefix' | 'digits'>, n: number): string {
  return `${range.prefix}${String(n).padStart(range.digits, '0')}`;
}

/** Darb takes one line per consignment: piece count, total weight, largest piece's size. */
function largestPiece(parcels: readonly ParcelProps[]): ParcelProps {
  return parcels.reduce((a, b) => (b.length_cm * b.width_cm * b.height_cm > a.length_cm * a.width_cm * a.height_cm ? b : a));
}

const text = (value: string | number | undefined) => (value === undefined ? '' : String(value));

function consigneeColumns(address: AddressProps) {
  return {
    consignee_name: text(address.name),
    consignee_phone: text(address.phone),
    consignee_city: address.city,
    consignee_region: text(address.region),
    consignee_address: text(address.line1),
    consignee_short_address: text(address.short_address),
    consignee_postal_code: text(address.postal_code),
    consignee_additional_number: text(address.additional_number),
    consignee_country: address.country.toUpperCase(),
  };
}

export function toDarbOrderRow(request: CarrierBookingRequest, product: string, trackingNumber: string): DarbOrderRow {
  const largest = largestPiece(request.parcels);
  return {
    order_ref: request.shipmentId,
    tracking_number: trackingNumber,
    service: product,
    ...consigneeColumns(request.destination),
    shipper_name: text(request.origin.name),
    shipper_phone: text(request.origin.phone),
    shipper_city: request.origin.city,
    shipper_short_address: text(request.origin.short_address),
    shipper_country: request.origin.country.toUpperCase(),
    pieces: String(request.parcels.length),
    weight_kg: formatKg(sumKg(request.parcels.map((p) => p.weight_kg))),
    length_cm: String(largest.length_cm),
    width_cm: String(largest.width_cm),
    height_cm: String(largest.height_cm),
    cod_sar: request.codAmountHalalas ? halalasToSar(request.codAmountHalalas) : '',
    declared_value_sar: request.declaredValueHalalas !== undefined ? halalasToSar(request.declaredValueHalalas) : '',
    merchant_ref: text(request.reference),
  };
}

export function toDarbAddressChangeRow(trackingNumber: string, address: AddressProps): DarbAddressChangeRow {
  return { tracking_number: trackingNumber, ...consigneeColumns(address) };
}

/** Null when a feed line has no id or an unreadable time: it cannot be stored reliably. */
export function fromDarbStatusRow(row: DarbStatusRow): CarrierTrackingEvent | null {
  const occurredAt = parseRiyadhDateTime(row.event_time ?? '');
  if (!row.event_id || !row.tracking_number || !occurredAt) return null;
  const mapped = DARB_STATUS_MAP.map(row.status_code ?? '');
  const weight = row.measured_weight_kg ? Number(row.measured_weight_kg) : NaN;
  const cash = sarTextToHalalas(row.cod_collected_sar);
  return {
    trackingNumber: row.tracking_number,
    eventId: row.event_id,
    carrierStatus: row.status_code,
    status: mapped?.status ?? null,
    ...(mapped?.exceptionType ? { exceptionType: mapped.exceptionType } : {}),
    ...(row.city ? { locationEn: row.city } : {}),
    ...(row.city_ar ? { locationAr: row.city_ar } : {}),
    occurredAt,
    ...(Number.isFinite(weight) && weight > 0 ? { measuredWeightKg: weight } : {}),
    ...(cash !== null ? { codCollectedHalalas: cash } : {}),
  };
}

/** Lines grouped into settlements by settlement_ref, in file order; unreadable lines are dropped. */
export function fromDarbSettlementRows(rows: readonly DarbSettlementRow[]): { remittances: CarrierRemittance[]; lastSeq: number } {
  const byRef = new Map<string, { reference: string; remittedAt: Date; lines: { trackingNumber: string; amountHalalas: number }[] }>();
  let lastSeq = 0;
  for (const row of rows) {
    const seq = Number(row.settlement_seq);
    if (Number.isInteger(seq) && seq > lastSeq) lastSeq = seq;
    const settledAt = parseRiyadhDateTime(row.settled_at ?? '');
    const amount = sarTextToHalalas(row.cod_sar);
    if (!row.settlement_ref || !row.tracking_number || !settledAt || amount === null) continue;
    let remittance = byRef.get(row.settlement_ref);
    if (!remittance) byRef.set(row.settlement_ref, (remittance = { reference: row.settlement_ref, remittedAt: settledAt, lines: [] }));
    remittance.lines.push({ trackingNumber: row.tracking_number, amountHalalas: amount });
  }
  return { remittances: [...byRef.values()], lastSeq };
}

/** Darb's words in an error answer (`{error, message}`); undefined when the body has none. */
export function darbRefusal(body: unknown): string | undefined {
  const answer = body as { error?: unknown; message?: unknown } | null | undefined;
  if (typeof answer !== 'object' || answer === null) return undefined;
  return [answer.error, answer.message].filter((part) => typeof part === 'string' && part !== '').join(' - ') || undefined;
}
