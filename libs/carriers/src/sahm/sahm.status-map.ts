import { ExceptionType, ShipmentStatus } from '@lgw/domain';

export interface MappedStatus {
  readonly status: ShipmentStatus;
  readonly exceptionType?: ExceptionType;
}

const FLOW: Readonly<Record<string, ShipmentStatus>> = {
  booked: 'CREATED',
  label_created: 'LABEL_GENERATED',
  pickup_scheduled: 'PICKUP_SCHEDULED',
  picked: 'PICKED_UP',
  hub_scan: 'AT_ORIGIN_HUB',
  departed_facility: 'DEPARTED_ORIGIN',
  in_transit: 'IN_TRANSIT',
  arrived_in_country: 'ARRIVED_DESTINATION_COUNTRY',
  customs_processing: 'CUSTOMS_CLEARANCE',
  customs_released: 'CUSTOMS_CLEARED',
  delivery_station_scan: 'AT_DELIVERY_HUB',
  out_for_delivery: 'OUT_FOR_DELIVERY',
  delivered: 'DELIVERED',
  rts_initiated: 'RETURN_TO_ORIGIN',
  rts_completed: 'RETURNED',
  lost: 'LOST',
  cancelled: 'CANCELLED',
};

/** Sahm reports exceptions as "exception:<reason>". */
const EXCEPTIONS: Readonly<Record<string, ExceptionType>> = {
  customs: 'CUSTOMS_HOLD',
  address: 'ADDRESS_ISSUE',
  weight: 'WEIGHT_MISMATCH',
  delivery_attempt: 'FAILED_DELIVERY_ATTEMPT',
  delay: 'CARRIER_DELAY',
};

/** Sahm status → gateway status; null for a code Sahm has not documented (kept, never fatal). */
export function mapSahmStatus(code: string): MappedStatus | null {
  const normalised = code.trim().toLowerCase();
  const flow = FLOW[normalised];
  if (flow) return { status: flow };
  if (normalised.startsWith('exception:')) {
    const type = EXCEPTIONS[normalised.slice('exception:'.length)];
    if (type) return { status: `EXCEPTION_${type}` as ShipmentStatus, exceptionType: type };
  }
  return null;
}
