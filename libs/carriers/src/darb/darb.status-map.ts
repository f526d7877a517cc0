import { ExceptionType, ShipmentStatus } from '@lgw/domain';

export interface MappedStatus {
  readonly status: ShipmentStatus;
  readonly exceptionType?: ExceptionType;
}

const flow = (status: ShipmentStatus): MappedStatus => ({ status });
const exception = (type: ExceptionType): MappedStatus => ({ status: `EXCEPTION_${type}` as ShipmentStatus, exceptionType: type });

/** Darb's three-letter status codes from its status feed. */
const CODES: Readonly<Record<string, MappedStatus>> = {
  NEW: flow('CREATED'),
  LBL: flow('LABEL_GENERATED'),
  PUS: flow('PICKUP_SCHEDULED'),
  PUP: flow('PICKED_UP'),
  OHB: flow('AT_ORIGIN_HUB'),
  DEP: flow('DEPARTED_ORIGIN'),
  TRN: flow('IN_TRANSIT'),
  ARR: flow('ARRIVED_DESTINATION_COUNTRY'),
  CUS: flow('CUSTOMS_CLEARANCE'),
  CLR: flow('CUSTOMS_CLEARED'),
  DHB: flow('AT_DELIVERY_HUB'),
  OFD: flow('OUT_FOR_DELIVERY'),
  DLV: flow('DELIVERED'),
  HLD: exception('CUSTOMS_HOLD'),
  ADR: exception('ADDRESS_ISSUE'),
  WGT: exception('WEIGHT_MISMATCH'),
  FDA: exception('FAILED_DELIVERY_ATTEMPT'),
  DLY: exception('CARRIER_DELAY'),
  RTO: flow('RETURN_TO_ORIGIN'),
  RTD: flow('RETURNED'),
  LST: flow('LOST'),
  CAN: flow('CANCELLED'),
};

/** Darb code → gateway status; null for an undocumented code. */
export function mapDarbStatus(code: string): MappedStatus | null {
  return CODES[code.trim().toUpperCase()] ?? null;
}
