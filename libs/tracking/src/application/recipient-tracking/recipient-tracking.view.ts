import { ProofMethod, receiverFirstName, STATUS_LABELS, ShipmentStatus, CarrierDescriptor, deliveryCalendarOf } from '@lgw/kernel';
import {
  DeliveryIssue,
  isActive,
  orderTrackingHistory,
  reattemptDates,
  ShipmentRecord,
  TrackingEventRecord,
  trackingEventSource,
} from '@lgw/shipping';
import { TeamBranding } from '../ports/team-branding.port';
import { unknownStatusLabels } from '../tracking.view';

/**
 * What the recipient's page and its JSON show (docs/adr/0083): status, timeline, estimate, the
 * merchant's branding and city-level places. Never the address, a phone, a price or the
 * shipment's id: this is read by anyone holding the link.
 */
export interface RecipientTrackingView {
  readonly tracking_number: string;
  readonly merchant: { readonly name: string; readonly colour: string | null };
  readonly carrier: { readonly name_en: string; readonly name_ar: string };
  readonly status: ShipmentStatus;
  readonly status_en: string;
  readonly status_ar: string;
  readonly estimated_delivery_date: string | null;
  readonly origin_city: string;
  readonly destination_city: string;
  readonly events: readonly RecipientEventView[];
  readonly delivery_issue: RecipientIssueView | null;
  /** How the delivery was proven and the receiver's first name only (docs/adr/0088); null without a proof. */
  readonly proof_of_delivery: RecipientProofView | null;
}

/** Never the full name, a phone or the photo: the link is readable by anyone who holds it. */
export interface RecipientProofView {
  readonly method: ProofMethod;
  readonly received_by_first_name: string | null;
  readonly at: string;
}

export interface RecipientEventView {
  readonly code: string;
  readonly status_en: string;
  readonly status_ar: string;
  readonly place_en: string | null;
  readonly place_ar: string | null;
  readonly occurred_at: string;
  readonly is_exception: boolean;
  /** The parcel a scan is about, of a shipment of several ("2 of 3"); null for the whole shipment. */
  readonly piece: { readonly number: number; readonly of: number } | null;
}

export interface RecipientIssueView {
  readonly kind: DeliveryIssue['kind'];
  readonly status: DeliveryIssue['status'];
  readonly attempts: number;
  readonly reason_en: string;
  readonly reason_ar: string;
  readonly deadline_at: string;
  /** What the recipient may do: pick a reattempt date, give a new phone. */
  readonly actions_allowed: readonly ('reattempt' | 'update_contact')[];
  /** The days the carrier delivers from tomorrow to the deadline. */
  readonly reattempt_dates: readonly string[];
}

const MAX_PLACE = 40;

/**
 * A place as the carrier named it, cut to its first part (carriers write "Riyadh Hub, 2nd
 * Industrial City" or a facility code after the city): the page shows where, never a street.
 */
export function cityLevel(place: string | null): string | null {
  if (!place) return null;
  const first = place
    .split(/[,،\n\r]/)[0]
    .replace(/\d{3,}/g, '')
    .trim();
  return first ? first.slice(0, MAX_PLACE) : null;
}

export function toRecipientTrackingView(
  s: ShipmentRecord,
  history: readonly TrackingEventRecord[],
  carrier: CarrierDescriptor | undefined,
  branding: TeamBranding,
  now: Date,
): RecipientTrackingView {
  const placed = orderTrackingHistory(history.map((e) => ({ ...e, source: trackingEventSource(e) })));
  const issue = s.deliveryIssue && isActive(s.deliveryIssue) ? s.deliveryIssue : null;
  const allowed = issue ? (issue.kind === 'REFUSED' ? (['reattempt'] as const) : (['reattempt', 'update_contact'] as const)) : [];
  return {
    tracking_number: s.trackingNumber,
    merchant: { name: branding.name, colour: branding.colour },
    carrier: { name_en: carrier?.name_en ?? s.carrierCode, name_ar: carrier?.name_ar ?? s.carrierCode },
    status: s.status,
    status_en: STATUS_LABELS[s.status].en,
    status_ar: STATUS_LABELS[s.status].ar,
    estimated_delivery_date: s.estimatedDeliveryDate ?? null,
    origin_city: s.origin.city,
    destination_city: s.destination.city,
    events: placed.map(({ event, shownAt }) => {
      const known = event.code in STATUS_LABELS ? STATUS_LABELS[event.code as ShipmentStatus] : unknownStatusLabels(event.code);
      return {
        code: event.code,
        status_en: known.en,
        status_ar: known.ar,
        place_en: cityLevel(event.locationEn ?? event.locationAr),
        place_ar: cityLevel(event.locationAr ?? event.locationEn),
        occurred_at: shownAt.toISOString(),
        is_exception: event.exceptionType !== null || event.code.startsWith('EXCEPTION_'),
        piece: event.pieceNumber && s.pieces ? { number: event.pieceNumber, of: s.pieces.length } : null,
      };
    }),
    delivery_issue: issue
      ? {
          kind: issue.kind,
          status: issue.status,
          attempts: issue.attempts,
          reason_en: issue.carrierReasonEn,
          reason_ar: issue.carrierReasonAr,
          deadline_at: issue.deadlineAt.toISOString(),
          actions_allowed: allowed,
          reattempt_dates: reattemptDates(issue, deliveryCalendarOf(carrier), now),
        }
      : null,
    proof_of_delivery:
      s.status === 'DELIVERED' && s.proofOfDelivery
        ? {
            method: s.proofOfDelivery.method,
            received_by_first_name: receiverFirstName(s.proofOfDelivery.receivedBy),
            at: s.proofOfDelivery.at.toISOString(),
          }
        : null,
  };
}
