import { ExceptionType, ShipmentStatus } from '@lgw/domain';

export interface MappedStatus {
  readonly status: ShipmentStatus;
  readonly exceptionType?: ExceptionType;
}

/** Bahr's numeric event codes (from their integration guide). 2xxx are exceptions. */
const CODES: Readonly<Record<number, MappedStatus>> = {
  1000: { status: 'CREATED' },
  1010: { status: 'LABEL_GENERATED' },
  1020: { status: 'PICKUP_SCHEDULED' },
  1100: { status: 'PICKED_UP' },
  1200: { status: 'AT_ORIGIN_HUB' },
  1210: { status: 'DEPARTED_ORIGIN' },
  1300: { status: 'IN_TRANSIT' },
  1400: { status: 'ARRIVED_DESTINATION_COUNTRY' },
  1410: { status: 'CUSTOMS_CLEARANCE' },
  1420: { status: 'CUSTOMS_CLEARED' },
  1500: { status: 'AT_DELIVERY_HUB' },
  1600: { status: 'OUT_FOR_DELIVERY' },
  1700: { status: 'DELIVERED' },
  2100: { status: 'EXCEPTION_CUSTOMS_HOLD', exceptionType: 'CUSTOMS_HOLD' },
  2200: { status: 'EXCEPTION_ADDRESS_ISSUE', exceptionType: 'ADDRESS_ISSUE' },
  2300: { status: 'EXCEPTION_WEIGHT_MISMATCH', exceptionType: 'WEIGHT_MISMATCH' },
  2400: { status: 'EXCEPTION_FAILED_DELIVERY_ATTEMPT', exceptionType: 'FAILED_DELIVERY_ATTEMPT' },
  2500: { status: 'EXCEPTION_CARRIER_DELAY', exceptionType: 'CARRIER_DELAY' },
  3000: { status: 'RETURN_TO_ORIGIN' },
  3100: { status: 'RETURNED' },
  3900: { status: 'LOST' },
  9000: { status: 'CANCELLED' },
};

/** Bahr code (number, or digits as text) → gateway status; null for an undocumented code. */
export function mapBahrStatus(code: number | string): MappedStatus | null {
  const numeric = typeof code === 'number' ? code : /^\s*\d+\s*$/.test(code) ? Number(code) : NaN;
  return CODES[numeric] ?? null;
}
