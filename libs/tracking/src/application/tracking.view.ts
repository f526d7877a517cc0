import { exceptionTypeOf, ExceptionType, isShipmentStatus, STATUS_LABELS } from '@lgw/kernel';
import { TrackingEventRecord } from '@lgw/shipping';

/** TrackingEvent of docs/api.md §2 as the API returns it; exception_type only on exception events. */
export interface TrackingEventView {
  readonly code: string;
  readonly status_ar: string;
  readonly status_en: string;
  readonly location_ar: string;
  readonly location_en: string;
  readonly occurred_at: string;
  readonly is_exception: boolean;
  readonly exception_type?: ExceptionType;
  /** A carrier event about one piece of a multi-piece shipment: the piece's number (docs/adr/0087). */
  readonly piece_number?: number;
}

/** Response of GET /shipments/{id}/tracking (docs/api.md §4 endpoint 6): events most recent first. */
export interface TrackingView {
  readonly tracking_number: string;
  readonly status: string;
  readonly events: readonly TrackingEventView[];
}

/**
 * A code the carrier's status map does not know is shown as the carrier's own code with a
 * neutral bilingual text: the client sees that something happened without the gateway
 * pretending to know what.
 */
export function unknownStatusLabels(code: string): { en: string; ar: string } {
  return { en: `Carrier status update (${code})`, ar: `تحديث حالة من شركة الشحن (${code})` };
}

/** `shownAt`: the time the history shows (orderTrackingHistory), the stored time when absent. */
export function toTrackingEventView(e: TrackingEventRecord, shownAt: Date = e.occurredAt): TrackingEventView {
  const status = isShipmentStatus(e.code) ? e.code : undefined;
  const labels = status ? STATUS_LABELS[status] : unknownStatusLabels(e.code);
  const exceptionType = status ? exceptionTypeOf(status) : undefined;
  return {
    code: e.code,
    status_ar: labels.ar,
    status_en: labels.en,
    // The contract types both as strings; a place known in one language only is shown in both.
    location_ar: e.locationAr ?? e.locationEn ?? '',
    location_en: e.locationEn ?? e.locationAr ?? '',
    occurred_at: shownAt.toISOString(),
    is_exception: exceptionType !== undefined,
    ...(exceptionType ? { exception_type: exceptionType } : {}),
    // Only for an event about one piece: the shipment's own events are unchanged.
    ...(e.pieceNumber ? { piece_number: e.pieceNumber } : {}),
  };
}
