import {
  AddressProps,
  Money,
  ParcelProps,
  STATUS_LABELS,
  ResourceLinksPort,
  CarrierDescriptor,
  riyadhDateOf,
  codFee,
  CodStatus,
  ShipmentWarning,
  ShipmentStatus,
  pieceStatus,
  ProofMethod,
  ProofOfDelivery,
} from '@lgw/kernel';
import { ReturnReason, returnReasonOf } from '../domain/return-reason';
import { ShipmentRecord } from './shipment.record';
import { actionsAllowed, DeliveryIssue, DeliveryIssueActionName, DeliveryIssueKind, DeliveryIssueStatus } from '../domain/delivery-issue';

/** The Shipment resource of docs/api.md §2 as the API returns it. */
export interface ShipmentView {
  readonly id: string;
  readonly tracking_number: string;
  readonly service_reference: string;
  readonly reference: string | null;
  readonly status: string;
  readonly status_ar: string;
  readonly status_en: string;
  readonly carrier: { code: string; name_ar: string; name_en: string };
  readonly service: { code: string; name_ar: string; name_en: string; mode: string };
  readonly origin: AddressProps;
  readonly destination: AddressProps;
  readonly parcels: readonly ParcelProps[];
  /** A shipment of 2 to 20 parcels: its pieces (ADR 0087); absent for one parcel, whose answer is unchanged. */
  readonly pieces?: readonly PieceView[];
  readonly declared_value_sar: number | null;
  readonly incoterm: string | null;
  readonly hs_codes: readonly string[];
  readonly cod_amount_sar: number | null;
  readonly label_url: string;
  readonly warnings: readonly ShipmentWarning[];
  readonly quoted_total_sar: number;
  readonly estimated_delivery_at: string;
  /** When it should arrive, an Asia/Riyadh date counted in the carrier's delivery days; later on a delay. */
  readonly estimated_delivery_date: string;
  /** The recipient's public page ({PUBLIC_BASE_URL}/t/{token}); null for a shipment stored without a token. */
  readonly tracking_url: string | null;
  readonly created_at: string;
  /** A customer return (POST /shipments/{id}/return), and the shipment it brings back. */
  readonly is_return: boolean;
  readonly return_of: string | null;
  /** Why the carrier returned it to origin, when it said (docs/adr/0059-return-reasons.md). */
  readonly return_reason: ReturnReason | null;
  /** When it was cancelled (the cancel answer's cancelled_at); null until then. */
  readonly cancelled_at: string | null;
  /** Cash on delivery after booking; null without it (docs/adr/0043-cash-on-delivery.md). */
  readonly cod: CodView | null;
  /** The delivery that did not happen, and what may be done about it (docs/adr/0083); null without one. */
  readonly delivery_issue: DeliveryIssueView | null;
  /** Who took the parcel and how the courier proved it, where the carrier reports it (docs/adr/0088); null otherwise. */
  readonly proof_of_delivery: ProofOfDeliveryView | null;
}

export interface ProofOfDeliveryView {
  readonly method: ProofMethod;
  readonly received_by: string | null;
  readonly photo_url: string | null;
  readonly at: string;
}

export function toProofOfDeliveryView(p: ProofOfDelivery | null | undefined): ProofOfDeliveryView | null {
  return p ? { method: p.method, received_by: p.receivedBy, photo_url: p.photoUrl, at: p.at.toISOString() } : null;
}

export interface PieceView {
  readonly number: number;
  readonly tracking_number: string;
  readonly weight_kg: number;
  readonly status: ShipmentStatus;
}

/** The pieces as the API shows them, each where it is (its own status, else the shipment's); undefined for one parcel. */
export function toPieceViews(s: Pick<ShipmentRecord, 'pieces' | 'status'>): PieceView[] | undefined {
  if (!s.pieces || s.pieces.length === 0) return undefined;
  return s.pieces.map((p) => ({
    number: p.number,
    tracking_number: p.trackingNumber,
    weight_kg: p.weightKg,
    status: pieceStatus(p, s.status),
  }));
}

export interface DeliveryIssueActionView {
  readonly action: DeliveryIssueActionName;
  /** `carrier`: sent through the carrier's API; `instruction`: recorded for its manifest and passthrough. */
  readonly via: 'carrier' | 'instruction';
  readonly by: 'merchant' | 'recipient' | 'gateway';
  readonly at: string;
  readonly reattempt_date: string | null;
  readonly note: string | null;
}

export interface DeliveryIssueView {
  readonly id: string;
  readonly kind: DeliveryIssueKind;
  readonly status: DeliveryIssueStatus;
  readonly attempts: number;
  readonly carrier_reason_en: string;
  readonly carrier_reason_ar: string;
  readonly opened_at: string;
  readonly deadline_at: string;
  readonly actions_allowed: readonly DeliveryIssueActionName[];
  readonly actions: readonly DeliveryIssueActionView[];
}

/** The issue as the API shows it; the phone an action gave is never repeated. */
export function toDeliveryIssueView(issue: DeliveryIssue | null | undefined): DeliveryIssueView | null {
  if (!issue) return null;
  return {
    id: issue.id,
    kind: issue.kind,
    status: issue.status,
    attempts: issue.attempts,
    carrier_reason_en: issue.carrierReasonEn,
    carrier_reason_ar: issue.carrierReasonAr,
    opened_at: issue.openedAt.toISOString(),
    deadline_at: issue.deadlineAt.toISOString(),
    actions_allowed: actionsAllowed(issue),
    actions: issue.actions.map((a) => ({
      action: a.action,
      via: a.via,
      by: a.by,
      at: a.at.toISOString(),
      reattempt_date: a.reattemptDate ?? null,
      note: a.note ?? null,
    })),
  };
}

export interface CodView {
  readonly amount_sar: number;
  readonly fee_sar: number;
  readonly status: CodStatus;
  readonly collected_sar: number | null;
  readonly collected_at: string | null;
  readonly remittance_id: string | null;
}

/** The shipment's cash on delivery: the quoted fee, and what the carrier collected and paid out. */
export function toCodView(s: Pick<ShipmentRecord, 'codAmountHalalas' | 'quotedLines' | 'cod'>): CodView | null {
  const amount = s.codAmountHalalas ?? 0;
  if (amount <= 0) return null;
  return {
    amount_sar: Money.ofHalalas(amount).toSar(),
    fee_sar: Money.ofHalalas(s.quotedLines?.cod_fee ?? codFee(amount).halalas).toSar(),
    status: s.cod?.status ?? 'PENDING',
    collected_sar: sar(s.cod?.collectedHalalas ?? null),
    collected_at: s.cod?.collectedAt ? s.cod.collectedAt.toISOString() : null,
    remittance_id: s.cod?.remittanceId ?? null,
  };
}

function sar(halalas: number | null): number | null {
  return halalas === null ? null : Money.ofHalalas(halalas).toSar();
}

export function toShipmentView(s: ShipmentRecord, carrier: CarrierDescriptor | undefined, links: ResourceLinksPort): ShipmentView {
  const service = carrier?.service_levels.find((l) => l.code === s.serviceCode);
  const labels = STATUS_LABELS[s.status];
  const pieces = toPieceViews(s);
  return {
    id: s.id,
    tracking_number: s.trackingNumber,
    service_reference: s.serviceReference,
    reference: s.reference,
    status: s.status,
    status_ar: labels.ar,
    status_en: labels.en,
    carrier: { code: s.carrierCode, name_ar: carrier?.name_ar ?? s.carrierCode, name_en: carrier?.name_en ?? s.carrierCode },
    service: {
      code: s.serviceCode,
      name_ar: service?.name_ar ?? s.serviceCode,
      name_en: service?.name_en ?? s.serviceCode,
      mode: service?.mode ?? 'land',
    },
    origin: s.origin,
    destination: s.destination,
    parcels: s.parcels,
    ...(pieces ? { pieces } : {}),
    declared_value_sar: sar(s.declaredValueHalalas),
    incoterm: s.incoterm,
    hs_codes: s.hsCodes,
    cod_amount_sar: sar(s.codAmountHalalas),
    label_url: links.label(s.id),
    warnings: s.warnings,
    quoted_total_sar: Money.ofHalalas(s.quotedTotalHalalas).toSar(),
    estimated_delivery_at: s.estimatedDeliveryAt.toISOString(),
    estimated_delivery_date: s.estimatedDeliveryDate ?? riyadhDateOf(s.estimatedDeliveryAt),
    tracking_url: s.trackingToken ? links.trackingPage(s.trackingToken) : null,
    created_at: s.createdAt.toISOString(),
    cod: toCodView(s),
    is_return: Boolean(s.returnOf),
    return_of: s.returnOf ?? null,
    return_reason: returnReasonOf(s.returnReason),
    cancelled_at: s.cancelledAt ? s.cancelledAt.toISOString() : null,
    delivery_issue: toDeliveryIssueView(s.deliveryIssue),
    proof_of_delivery: toProofOfDeliveryView(s.proofOfDelivery),
  };
}
