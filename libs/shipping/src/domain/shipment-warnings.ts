import { AddressProps, nationalAddressMissing, Lane, ShipmentWarning, shipmentWarning } from '@lgw/kernel';

/**
 * Non-blocking advisories attached to a shipment (docs/api.md §10 "Warnings"). A warning never
 * stops a booking: it tells the merchant what is likely to slow the shipment down.
 * Cross-border means any lane but domestic: GCC shipments clear customs too, so they need
 * HS codes and a declared value as much as other international ones.
 */

export interface ShipmentWarningInput {
  readonly lane: Lane;
  readonly origin: AddressProps;
  readonly destination: AddressProps;
  readonly hs_codes?: readonly string[] | null;
  readonly declared_value?: number | null;
  readonly quoteExpiresAt: Date | string;
  /** The booking instant. */
  readonly now: Date;
}

export const QUOTE_NEAR_EXPIRY_MS = 2 * 60 * 1000;

function isBlank(value: string | undefined | null): boolean {
  return typeof value !== 'string' || value.trim() === '';
}

export function isCrossBorder(input: Pick<ShipmentWarningInput, 'lane' | 'origin' | 'destination'>): boolean {
  const country = (address: AddressProps) => address.country.trim().toUpperCase();
  return input.lane !== 'domestic' || country(input.origin) !== country(input.destination);
}

/** Warnings in SHIPMENT_WARNING_CODES order; empty when there is nothing to say. */
export function shipmentWarnings(input: ShipmentWarningInput, nearExpiryMs: number = QUOTE_NEAR_EXPIRY_MS): ShipmentWarning[] {
  const warnings: ShipmentWarning[] = [];
  const crossBorder = isCrossBorder(input);

  if (crossBorder && !(input.hs_codes ?? []).some((code) => !isBlank(code))) {
    warnings.push(
      shipmentWarning(
        'HS_CODES_MISSING',
        'No HS codes were given for this cross-border shipment; customs clearance may be delayed.',
        'لم تُذكر رموز النظام المنسق (HS) لهذه الشحنة الدولية؛ قد يتأخر التخليص الجمركي.',
      ),
    );
  }
  const value = input.declared_value;
  if (crossBorder && !(typeof value === 'number' && Number.isFinite(value) && value > 0)) {
    warnings.push(
      shipmentWarning(
        'DECLARED_VALUE_MISSING',
        'No declared value was given for this cross-border shipment; customs may hold it.',
        'لم تُذكر القيمة المصرّح بها لهذه الشحنة الدولية؛ قد تحتجزها الجمارك.',
      ),
    );
  }
  if (isBlank(input.destination.phone)) {
    warnings.push(
      shipmentWarning(
        'DESTINATION_PHONE_MISSING',
        "The recipient's phone number is missing; the carrier cannot call ahead of delivery.",
        'رقم جوال المستلم غير موجود؛ لن تتمكن شركة الشحن من الاتصال به قبل التسليم.',
      ),
    );
  }
  const missing = nationalAddressMissing(input.origin);
  if (missing.length > 0) {
    warnings.push(
      shipmentWarning(
        'ORIGIN_NOT_NORMALISED',
        `The Saudi origin address has no complete National Address (missing: ${missing.join(', ')}); ` + 'pickup may be delayed.',
        `عنوان المصدر في السعودية لا يتضمن عنواناً وطنياً مكتملاً (الحقول الناقصة: ${missing.join('، ')})؛ ` + 'قد يتأخر الاستلام.',
      ),
    );
  }
  const remainingMs = new Date(input.quoteExpiresAt).getTime() - input.now.getTime();
  if (remainingMs <= nearExpiryMs) {
    const minutes = Math.round(nearExpiryMs / 60000);
    warnings.push(
      shipmentWarning(
        'QUOTE_NEAR_EXPIRY',
        `The quote was booked less than ${minutes} minutes before it expired; request rates closer to booking.`,
        `تم الحجز قبل أقل من ${minutes} دقيقة من انتهاء صلاحية عرض السعر؛ اطلب الأسعار قبل الحجز مباشرة.`,
      ),
    );
  }
  return warnings;
}
