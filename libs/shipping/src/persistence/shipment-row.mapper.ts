import { BookingDraft } from '../domain/shipment.aggregate';
import { isProofMethod, ProofOfDelivery } from '@lgw/kernel';
import { ShipmentRecord, TrackingEventRecord } from '../application/shipment.record';
import type { CodStatus, ShipmentPiece, ShipmentStatus } from '@lgw/kernel';
import { restoredDeliveryIssue } from '../domain/delivery-issue';

export interface ShipmentRow {
  id: string;
  team_id: string;
  quote_id: string | null;
  service_reference: string;
  carrier_code: string;
  service_code: string;
  tracking_number: string;
  carrier_reference: string;
  status: ShipmentRecord['status'];
  progress: ShipmentRecord['progress'];
  last_event_at: Date | null;
  lane: ShipmentRecord['lane'];
  origin: ShipmentRecord['origin'];
  destination: ShipmentRecord['destination'];
  parcels: ShipmentRecord['parcels'];
  chargeable_kg: string;
  declared_value_halalas: string | null;
  incoterm: string | null;
  hs_codes: string[];
  cod_amount_halalas: string | null;
  reference: string | null;
  label_format?: ShipmentRecord['labelFormat'];
  quoted_total_halalas: string;
  quoted_lines?: ShipmentRecord['quotedLines'];
  warnings: ShipmentRecord['warnings'];
  estimated_delivery_at: Date;
  created_at: Date;
  updated_at: Date;
  cancelled_at: Date | null;
  cancel_reason: string | null;
  cod_status?: CodStatus | null;
  cod_collected_halalas?: string | null;
  cod_collected_at?: Date | null;
  cod_remittance_id?: string | null;
  return_of?: string | null;
  connection_id?: string | null;
  return_reason?: string | null;
  delivery_issue?: unknown;
  tracking_token?: string | null;
  /** A date column: read as text (YYYY-MM-DD) or, by some drivers, as a Date at UTC midnight. */
  estimated_delivery_date?: string | Date | null;
  pieces?: StoredPiece[] | null;
  proof_of_delivery?: unknown;
}

/** A piece as the `pieces` column holds it (ADR 0087): the API's names. */
interface StoredPiece {
  number: number;
  tracking_number: string;
  weight_kg: number;
  status?: ShipmentStatus;
  /** With a status of its own: the piece's tracking progress and newest scan (ISO), for its late scans. */
  progress?: ShipmentStatus;
  last_event_at?: string;
}

function restoredPieces(stored: StoredPiece[] | null | undefined): ShipmentPiece[] | null {
  if (!stored || stored.length === 0) return null;
  return stored.map((p) => ({
    number: p.number,
    trackingNumber: p.tracking_number,
    weightKg: Number(p.weight_kg),
    ...(p.status ? { status: p.status } : {}),
    ...(p.progress ? { progress: p.progress } : {}),
    ...(p.last_event_at ? { lastEventAt: new Date(p.last_event_at) } : {}),
  }));
}

/** The pieces as stored; null for a shipment of one parcel. */
export function storedPieces(pieces: readonly ShipmentPiece[] | null | undefined): StoredPiece[] | null {
  if (!pieces || pieces.length === 0) return null;
  return pieces.map((p) => ({
    number: p.number,
    tracking_number: p.trackingNumber,
    weight_kg: p.weightKg,
    ...(p.status ? { status: p.status } : {}),
    ...(p.progress ? { progress: p.progress } : {}),
    ...(p.lastEventAt ? { last_event_at: p.lastEventAt.toISOString() } : {}),
  }));
}

/** A date column as YYYY-MM-DD, whichever way the driver hands it over. */
function calendarDate(value: string | Date | null): string | null {
  if (value === null) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}

const nullableNumber = (v: string | null): number | null => (v === null ? null : Number(v));

export function toShipmentRecord(row: ShipmentRow): ShipmentRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    quoteId: row.quote_id,
    serviceReference: row.service_reference,
    carrierCode: row.carrier_code,
    serviceCode: row.service_code,
    trackingNumber: row.tracking_number,
    carrierReference: row.carrier_reference,
    status: row.status,
    progress: row.progress,
    lastEventAt: row.last_event_at,
    lane: row.lane,
    origin: row.origin,
    destination: row.destination,
    parcels: row.parcels,
    chargeableKg: Number(row.chargeable_kg),
    declaredValueHalalas: nullableNumber(row.declared_value_halalas),
    incoterm: row.incoterm,
    hsCodes: row.hs_codes,
    codAmountHalalas: nullableNumber(row.cod_amount_halalas),
    reference: row.reference,
    labelFormat: row.label_format ?? null,
    quotedTotalHalalas: Number(row.quoted_total_halalas),
    quotedLines: row.quoted_lines ?? null,
    warnings: row.warnings,
    estimatedDeliveryAt: row.estimated_delivery_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    cancelledAt: row.cancelled_at,
    cancelReason: row.cancel_reason,
    cod:
      row.cod_status === undefined
        ? null
        : {
            status: row.cod_status,
            collectedHalalas: nullableNumber(row.cod_collected_halalas ?? null),
            collectedAt: row.cod_collected_at ?? null,
            remittanceId: row.cod_remittance_id ?? null,
          },
    returnOf: row.return_of ?? null,
    connectionId: row.connection_id ?? null,
    returnReason: row.return_reason ?? null,
    deliveryIssue: restoredDeliveryIssue(row.delivery_issue ?? null),
    trackingToken: row.tracking_token ?? null,
    estimatedDeliveryDate: calendarDate(row.estimated_delivery_date ?? null),
    pieces: restoredPieces(row.pieces),
    proofOfDelivery: restoredProofOfDelivery(row.proof_of_delivery ?? null),
  };
}

/** The proof of delivery as the column keeps it (JSON, its instant as ISO text). */
export function storedProofOfDelivery(p: ProofOfDelivery | null): Record<string, unknown> | null {
  return p ? { method: p.method, receivedBy: p.receivedBy, photoUrl: p.photoUrl, at: p.at.toISOString() } : null;
}

/** The column's JSON back as a proof; null for none, or for a value this release cannot read. */
export function restoredProofOfDelivery(value: unknown): ProofOfDelivery | null {
  const v = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown> | null;
  if (!v || typeof v !== 'object' || !isProofMethod(v.method) || typeof v.at !== 'string') return null;
  return {
    method: v.method,
    receivedBy: typeof v.receivedBy === 'string' ? v.receivedBy : null,
    photoUrl: typeof v.photoUrl === 'string' ? v.photoUrl : null,
    at: new Date(v.at),
  };
}

/** Columns holding JSON: sent as text to a parameter, as objects inside a JSON recordset. */
export const JSON_SHIPMENT_COLUMNS: ReadonlySet<string> = new Set([
  'origin',
  'destination',
  'parcels',
  'hs_codes',
  'quoted_lines',
  'warnings',
  'pieces',
]);

/**
 * The columns a new shipment is stored with, by name: the one mapping to the table, whether the
 * booking came from the API, a return or a fulfilment batch. The database adds service_reference.
 */
export function bookedShipmentColumns(s: BookingDraft): Record<string, unknown> {
  return {
    id: s.id,
    team_id: s.teamId,
    quote_id: s.quoteId,
    carrier_code: s.carrierCode,
    service_code: s.serviceCode,
    tracking_number: s.trackingNumber,
    carrier_reference: s.carrierReference,
    status: s.status,
    progress: s.progress,
    last_event_at: s.lastEventAt,
    lane: s.lane,
    origin: s.origin,
    destination: s.destination,
    parcels: s.parcels,
    chargeable_kg: s.chargeableKg,
    declared_value_halalas: s.declaredValueHalalas,
    incoterm: s.incoterm,
    hs_codes: s.hsCodes,
    cod_amount_halalas: s.codAmountHalalas,
    reference: s.reference,
    quoted_total_halalas: s.quotedTotalHalalas,
    quoted_lines: s.quotedLines ?? null,
    warnings: s.warnings,
    estimated_delivery_at: s.estimatedDeliveryAt,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
    return_of: s.returnOf ?? null,
    connection_id: s.connectionId ?? null,
    label_format: s.labelFormat ?? null,
    tracking_token: s.trackingToken ?? null,
    estimated_delivery_date: s.estimatedDeliveryDate ?? null,
    pieces: storedPieces(s.pieces),
  };
}

export interface TrackingEventRow {
  id: string;
  shipment_id: string;
  event_key: string;
  dedupe_key: string | null;
  code: string;
  carrier_status: string | null;
  exception_type: TrackingEventRecord['exceptionType'];
  location_en: string | null;
  location_ar: string | null;
  measured_weight_kg: string | null;
  occurred_at: Date;
  recorded_at: Date;
  piece_number?: number | null;
}

export function toTrackingEventRecord(row: TrackingEventRow): TrackingEventRecord {
  return {
    id: row.id,
    shipmentId: row.shipment_id,
    eventKey: row.event_key,
    dedupeKey: row.dedupe_key,
    code: row.code,
    carrierStatus: row.carrier_status,
    exceptionType: row.exception_type,
    locationEn: row.location_en,
    locationAr: row.location_ar,
    measuredWeightKg: nullableNumber(row.measured_weight_kg),
    occurredAt: row.occurred_at,
    recordedAt: row.recorded_at,
    pieceNumber: row.piece_number ?? null,
  };
}
