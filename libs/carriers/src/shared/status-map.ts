import { CROSS_BORDER_EXCEPTIONS, CROSS_BORDER_ONLY_STATUSES, ExceptionType, SHIPMENT_STATUSES, ShipmentStatus } from '@lgw/domain';

export interface MappedStatus {
  readonly status: ShipmentStatus;
  readonly exceptionType?: ExceptionType;
}

export const flow = (status: ShipmentStatus): MappedStatus => ({ status });
export const exception = (type: ExceptionType): MappedStatus => ({ status: `EXCEPTION_${type}` as ShipmentStatus, exceptionType: type });

/** What a carrier carrying across borders can report: every gateway status. */
export const EVERY_STATUS: readonly ShipmentStatus[] = SHIPMENT_STATUSES;

/** Statuses only a carrier crossing borders has codes for: arrival in a country, customs steps, a customs hold. */
export const CUSTOMS_STATUSES: readonly ShipmentStatus[] = [...CROSS_BORDER_ONLY_STATUSES, ...CROSS_BORDER_EXCEPTIONS];

/** What a domestic-only carrier can report: no arrival in a country, no customs. */
export const DOMESTIC_STATUSES: readonly ShipmentStatus[] = SHIPMENT_STATUSES.filter((status) => !CUSTOMS_STATUSES.includes(status));

/** A carrier's status codes as its documentation lists them, and how they read as gateway statuses. */
export interface CarrierStatusMap {
  /** Every documented code, as the carrier writes it. */
  readonly codes: readonly string[];
  /** Gateway status of a code; null for a code the carrier has not documented (kept, never fatal). */
  map(code: string | number): MappedStatus | null;
}

/**
 * One table per carrier, one lookup for all: `normalise` says how the carrier's codes may vary
 * on the wire (case, spacing, numbers sent as text).
 */
export function statusMap(table: Readonly<Record<string, MappedStatus>>, normalise: (code: string) => string): CarrierStatusMap {
  return {
    codes: Object.keys(table),
    map: (code) => (Object.hasOwn(table, normalise(String(code))) ? table[normalise(String(code))] : null),
  };
}
