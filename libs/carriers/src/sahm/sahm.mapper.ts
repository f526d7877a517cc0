import { AddressProps, ProofMethod, ReportedProof } from '@lgw/kernel';
import { CarrierBooking, CarrierBookingRequest, CarrierRemittance, CarrierTrackingEvent } from '@lgw/carrier-access';
import { compact } from '../shared/text';
import { SAHM_STATUS_MAP } from './sahm.status-map';
import {
  SahmAddress,
  SahmCreateShipmentRequest,
  SahmDeliveryProof,
  SahmErrorBody,
  SahmPayout,
  SahmShipment,
  SahmTrackingEvent,
} from './sahm.wire-types';

/** Gateway service level → Sahm product code. */
const SAHM_PRODUCTS: Readonly<Record<string, string>> = {
  sahm_express_domestic: 'EXP-DOM',
  sahm_express_gcc: 'EXP-GCC',
};

export function toSahmProduct(serviceCode: string): string | undefined {
  return SAHM_PRODUCTS[serviceCode];
}

export function toSahmAddress(address: AddressProps): SahmAddress {
  const national = compact({ short_code: address.short_address, additional_number: address.additional_number });
  return {
    ...compact({
      contact_name: address.name,
      phone: address.phone,
      street: address.line1,
    }),
    city: address.city,
    ...compact({ region: address.region }),
    country_code: address.country.toUpperCase(),
    ...compact({ postal_code: address.postal_code }),
    ...(Object.keys(national).length > 0 ? { national_address: national } : {}),
  };
}

/** Deterministic for a given request, so a retried booking sends the same bytes. */
export function toSahmShipmentRequest(request: CarrierBookingRequest, product: string): SahmCreateShipmentRequest {
  return {
    service: product,
    external_id: request.shipmentId,
    ...(request.reference ? { merchant_reference: request.reference } : {}),
    shipper: toSahmAddress(request.origin),
    consignee: toSahmAddress(request.destination),
    packages: request.parcels.map((p) => ({
      weight: { value: p.weight_kg, unit: 'kg' as const },
      dimensions: { length: p.length_cm, width: p.width_cm, height: p.height_cm, unit: 'cm' as const },
    })),
    ...(request.declaredValueHalalas !== undefined
      ? { declared_value: { amount_minor: request.declaredValueHalalas, currency: 'SAR' as const } }
      : {}),
    ...(request.codAmountHalalas ? { cash_on_delivery: { amount_minor: request.codAmountHalalas, currency: 'SAR' as const } } : {}),
  };
}

export function fromSahmShipment(shipment: SahmShipment): CarrierBooking {
  return { trackingNumber: shipment.tracking_number, carrierReference: shipment.id };
}

/** Null when the event cannot be placed in time or identified: storing it would be guesswork. */
export function fromSahmEvent(event: SahmTrackingEvent): CarrierTrackingEvent | null {
  const occurredAt = new Date(event.occurred_at);
  if (!event.id || !event.tracking_number || Number.isNaN(occurredAt.getTime())) return null;
  const mapped = SAHM_STATUS_MAP.map(event.status ?? '');
  const weight = event.details?.measured_weight_kg;
  const cash = event.details?.cash_collected?.amount_minor;
  const proof = mapped?.status === 'DELIVERED' ? fromSahmDeliveryProof(event.details?.delivery_proof) : undefined;
  return {
    trackingNumber: event.tracking_number,
    eventId: event.id,
    carrierStatus: event.status,
    status: mapped?.status ?? null,
    ...(mapped?.exceptionType ? { exceptionType: mapped.exceptionType } : {}),
    ...(event.location?.city ? { locationEn: event.location.city } : {}),
    ...(event.location?.city_ar ? { locationAr: event.location.city_ar } : {}),
    occurredAt,
    ...(typeof weight === 'number' && weight > 0 ? { measuredWeightKg: weight } : {}),
    ...(Number.isSafeInteger(cash) && cash! >= 0 ? { codCollectedHalalas: cash } : {}),
    ...(proof ? { proof } : {}),
  };
}

const SAHM_PROOF_TYPES: Readonly<Record<string, ProofMethod>> = { otp: 'OTP', signature: 'SIGNATURE', photo: 'PHOTO' };

/** Sahm's `delivery_proof` in gateway terms: its type names the method; an unknown or absent type proves nothing by itself. */
export function fromSahmDeliveryProof(proof: SahmDeliveryProof | null | undefined): ReportedProof | undefined {
  if (!proof) return undefined;
  const method = typeof proof.type === 'string' ? SAHM_PROOF_TYPES[proof.type.toLowerCase()] : undefined;
  return { ...(method ? { method } : {}), receivedBy: proof.receiver_name ?? null, photoUrl: proof.photo_url ?? null };
}

/** Null for a payout without a reference or a readable date: it could not be recorded once. */
export function fromSahmPayout(payout: SahmPayout): CarrierRemittance | null {
  const remittedAt = new Date(payout.paid_at);
  if (!payout.reference || Number.isNaN(remittedAt.getTime())) return null;
  return {
    reference: payout.reference,
    remittedAt,
    lines: (payout.lines ?? [])
      .filter((l) => l.tracking_number && Number.isSafeInteger(l.amount?.amount_minor))
      .map((l) => ({ trackingNumber: l.tracking_number, amountHalalas: l.amount.amount_minor })),
  };
}

export function sahmErrorMessage(body: SahmErrorBody | undefined, status: number): string {
  return sahmRefusal(body) ?? `HTTP ${status}`;
}

/** Sahm's words in an error answer (`{error: {code, message, details?}}`); undefined when the body has none. */
export function sahmRefusal(body: unknown): string | undefined {
  const error = (body as SahmErrorBody | null | undefined)?.error;
  if (typeof error !== 'object' || error === null) return undefined;
  const details = error.details?.map((d) => `${d.field}: ${d.issue}`).join('; ');
  return [error.code, error.message, details].filter(Boolean).join(' - ') || undefined;
}
