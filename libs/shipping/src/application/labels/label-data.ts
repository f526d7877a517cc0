import { CarrierDescriptor } from '@lgw/kernel';
import { LabelData } from '../ports/label-renderer.port';
import { ShipmentRecord } from '../shipment.record';

export function toLabelData(s: ShipmentRecord, carrier: CarrierDescriptor | undefined): LabelData {
  const service = carrier?.service_levels.find((l) => l.code === s.serviceCode);
  return {
    shipmentId: s.id,
    trackingNumber: s.trackingNumber,
    carrier: { code: s.carrierCode, name_en: carrier?.name_en ?? s.carrierCode, name_ar: carrier?.name_ar ?? s.carrierCode },
    service: { code: s.serviceCode, name_en: service?.name_en ?? s.serviceCode, name_ar: service?.name_ar ?? s.serviceCode },
    origin: s.origin,
    destination: s.destination,
    parcels: s.parcels,
    chargeableWeightKg: s.chargeableKg,
    codAmountHalalas: s.codAmountHalalas ?? undefined,
    reference: s.reference ?? undefined,
    createdAt: s.createdAt,
    ...(s.returnOf ? { isReturn: true } : {}),
    ...(s.pieces && s.pieces.length > 1
      ? { pieces: s.pieces.map((p) => ({ number: p.number, trackingNumber: p.trackingNumber, weightKg: p.weightKg })) }
      : {}),
  };
}
