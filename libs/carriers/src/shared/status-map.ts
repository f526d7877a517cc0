import { CROSS_BORDER_EXCEPTIONS, CROSS_BORDER_ONLY_STATUSES, ExceptionType, SHIPMENT_STATUSES, ShipmentStatus, Lane } from '@lgw/kernel';

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

/**
 * What every carrier must be able to report, whatever its lanes: a label, the pickup and line
 * haul, the last mile, the three exceptions every carrier meets (address, weight, a failed
 * attempt) and the return leg. The gateway's tracking, billing (weight adjustments, return fees)
 * and cash on delivery read them, and the carrier suites drive every carrier through them.
 */
export const REQUIRED_STATUSES: readonly ShipmentStatus[] = [
  'LABEL_GENERATED',
  'PICKED_UP',
  'AT_ORIGIN_HUB',
  'IN_TRANSIT',
  'OUT_FOR_DELIVERY',
  'DELIVERED',
  'EXCEPTION_ADDRESS_ISSUE',
  'EXCEPTION_WEIGHT_MISMATCH',
  'EXCEPTION_FAILED_DELIVERY_ATTEMPT',
  'RETURN_TO_ORIGIN',
  'RETURNED',
];

/** A carrier crosses borders when one of its service levels serves a lane other than domestic. */
export function crossesBorders(lanes: readonly Lane[]): boolean {
  return lanes.some((lane) => lane !== 'domestic');
}

/** What a carrier's lanes ask of its declared statuses: at least `required`, at most `allowed`. */
export interface StatusContract {
  readonly required: readonly ShipmentStatus[];
  readonly allowed: readonly ShipmentStatus[];
}

/**
 * The status contract of a carrier serving these lanes (docs/adding-a-carrier.md, "Statuses"):
 * every carrier REQUIRED_STATUSES; one crossing a border also the customs steps and hold, one
 * that never does none of them. The rest (CREATED, PICKUP_SCHEDULED, DEPARTED_ORIGIN,
 * AT_DELIVERY_HUB, EXCEPTION_CARRIER_DELAY, LOST, CANCELLED) only if the carrier has codes for them.
 */
export function statusContract(lanes: readonly Lane[]): StatusContract {
  const crossing = crossesBorders(lanes);
  const required = new Set<ShipmentStatus>([...REQUIRED_STATUSES, ...(crossing ? CUSTOMS_STATUSES : [])]);
  return {
    required: SHIPMENT_STATUSES.filter((status) => required.has(status)),
    allowed: crossing ? EVERY_STATUS : DOMESTIC_STATUSES,
  };
}

/** The least a carrier serving these lanes may declare: its contract's required statuses. */
export function requiredStatuses(lanes: readonly Lane[]): readonly ShipmentStatus[] {
  return statusContract(lanes).required;
}

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

/**
 * What is wrong with a carrier's status map against the statuses it declares (empty when
 * nothing). A real carrier reports several scan codes for one status (SMSA's scan types,
 * Aramex's update codes), so many codes may map to one status; what matters is that every
 * documented code maps, that every declared status has a code, and that no code maps to an
 * undeclared status.
 */
export function statusCoverageProblems(map: CarrierStatusMap, declared: readonly ShipmentStatus[]): string[] {
  const problems: string[] = [];
  const reached = new Set<ShipmentStatus>();
  for (const code of map.codes) {
    const status = map.map(code)?.status;
    if (!status) problems.push(`documented code ${JSON.stringify(code)} maps to no status`);
    else if (!declared.includes(status)) problems.push(`code ${JSON.stringify(code)} maps to ${status}, which is not declared`);
    else reached.add(status);
  }
  for (const status of declared) if (!reached.has(status)) problems.push(`declared status ${status} has no documented code`);
  return problems;
}
