import { AddressProps, Money, ParcelProps, STATUS_LABELS, ResourceLinksPort } from '@lgw/kernel';
import { CarrierDescriptor } from '@lgw/carrier-access';
import { codFee, CodStatus } from '@lgw/cod';
import { ReturnReason, returnReasonOf } from '../domain/return-reason';
import { ShipmentWarning } from '@lgw/addresses';
import { ShipmentRecord } from './shipment.record';

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
  readonly declared_value_sar: number | null;
  readonly incoterm: string | null;
  readonly hs_codes: readonly string[];
  readonly cod_amount_sar: number | null;
  readonly label_url: string;
  readonly warnings: readonly ShipmentWarning[];
  readonly quoted_total_sar: number;
  readonly estimated_delivery_at: string;
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
    declared_value_sar: sar(s.declaredValueHalalas),
    incoterm: s.incoterm,
    hs_codes: s.hsCodes,
    cod_amount_sar: sar(s.codAmountHalalas),
    label_url: links.label(s.id),
    warnings: s.warnings,
    quoted_total_sar: Money.ofHalalas(s.quotedTotalHalalas).toSar(),
    estimated_delivery_at: s.estimatedDeliveryAt.toISOString(),
    created_at: s.createdAt.toISOString(),
    cod: toCodView(s),
    is_return: Boolean(s.returnOf),
    return_of: s.returnOf ?? null,
    return_reason: returnReasonOf(s.returnReason),
    cancelled_at: s.cancelledAt ? s.cancelledAt.toISOString() : null,
  };
}
