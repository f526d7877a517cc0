import {
  ExceptionType,
  exceptionTypeOf,
  ShipmentStatus,
  addDeliveryDays,
  DeliveryCalendar,
  deliveryDayOnOrAfter,
  riyadhDateOf,
} from '@lgw/kernel';

/** What a scan needs to say about when the parcel arrives. */
export interface EstimatedScan {
  readonly status: ShipmentStatus | null;
  readonly exceptionType?: ExceptionType;
  readonly occurredAt: Date;
}

/** Exceptions that cost the parcel a delivery day: it cannot arrive before the next one after the scan. */
const DELAYING: readonly ExceptionType[] = ['FAILED_DELIVERY_ATTEMPT', 'ADDRESS_ISSUE', 'CARRIER_DELAY', 'CUSTOMS_HOLD'];

/**
 * The estimated delivery date after new scans (Asia/Riyadh dates, the carrier's delivery days):
 * out for delivery means today; a failed attempt, an address issue, a carrier delay or a customs
 * hold means the next delivery day at the earliest. Scans that say nothing about it keep the
 * estimate. Null estimate and no telling scan: null.
 */
export function reestimateAfterScans(current: string | null, scans: readonly EstimatedScan[], calendar: DeliveryCalendar): string | null {
  let estimate = current;
  const ordered = [...scans].sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
  for (const scan of ordered) {
    const day = riyadhDateOf(scan.occurredAt);
    const exception = scan.exceptionType ?? (scan.status ? exceptionTypeOf(scan.status) : undefined);
    if (scan.status === 'OUT_FOR_DELIVERY') {
      estimate = deliveryDayOnOrAfter(day, calendar);
    } else if (exception && DELAYING.includes(exception)) {
      const earliest = addDeliveryDays(day, 1, calendar);
      if (!estimate || earliest > estimate) estimate = earliest;
    }
  }
  return estimate;
}
