import { AddressProps, CarrierDescriptor, Money, ParcelProps, ShipmentWarning, STATUS_LABELS } from '@lgw/domain';
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
}

export const LABEL_URL_PREFIX = '/api/v1/labels/';

function sar(halalas: number | null): number | null {
  return halalas === null ? null : Money.ofHalalas(halalas).toSar();
}

export function toShipmentView(s: ShipmentRecord, carrier: CarrierDescriptor | undefined): ShipmentView {
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
    label_url: `${LABEL_URL_PREFIX}${s.id}`,
    warnings: s.warnings,
    quoted_total_sar: Money.ofHalalas(s.quotedTotalHalalas).toSar(),
    estimated_delivery_at: s.estimatedDeliveryAt.toISOString(),
    created_at: s.createdAt.toISOString(),
  };
}
