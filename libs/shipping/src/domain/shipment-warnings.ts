import { AddressProps } from '@lgw/addresses';
import { nationalAddressMissing } from '@lgw/addresses';
import { AddressDifference } from '@lgw/addresses';
import { Lane } from '@lgw/carrier-access';

/**
 * Non-blocking advisories attached to a shipment (docs/api.md §10 "Warnings"). A warning never
 * stops a booking: it tells the merchant what is likely to slow the shipment down.
 * Cross-border means any lane but domestic: GCC shipments clear customs too, so they need
 * HS codes and a declared value as much as other international ones.
 */

export const SHIPMENT_WARNING_CODES = [
  'HS_CODES_MISSING',
  'DECLARED_VALUE_MISSING',
  'DESTINATION_PHONE_MISSING',
  'ORIGIN_NOT_NORMALISED',
  'QUOTE_NEAR_EXPIRY',
  'ADDRESS_NOT_VERIFIED',
  'ADDRESS_CORRECTED',
] as const;

/** The warnings National Address verification gives; recomputed whenever the destination changes. */
export const ADDRESS_WARNING_CODES = ['ADDRESS_NOT_VERIFIED', 'ADDRESS_CORRECTED'] as const satisfies readonly ShipmentWarningCode[];

export type ShipmentWarningCode = (typeof SHIPMENT_WARNING_CODES)[number];

export interface ShipmentWarning {
  readonly code: ShipmentWarningCode;
  readonly message_en: string;
  readonly message_ar: string;
}

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

function warning(code: ShipmentWarningCode, message_en: string, message_ar: string): ShipmentWarning {
  return { code, message_en, message_ar };
}

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
      warning(
        'HS_CODES_MISSING',
        'No HS codes were given for this cross-border shipment; customs clearance may be delayed.',
        'لم تُذكر رموز النظام المنسق (HS) لهذه الشحنة الدولية؛ قد يتأخر التخليص الجمركي.',
      ),
    );
  }
  const value = input.declared_value;
  if (crossBorder && !(typeof value === 'number' && Number.isFinite(value) && value > 0)) {
    warnings.push(
      warning(
        'DECLARED_VALUE_MISSING',
        'No declared value was given for this cross-border shipment; customs may hold it.',
        'لم تُذكر القيمة المصرّح بها لهذه الشحنة الدولية؛ قد تحتجزها الجمارك.',
      ),
    );
  }
  if (isBlank(input.destination.phone)) {
    warnings.push(
      warning(
        'DESTINATION_PHONE_MISSING',
        "The recipient's phone number is missing; the carrier cannot call ahead of delivery.",
        'رقم جوال المستلم غير موجود؛ لن تتمكن شركة الشحن من الاتصال به قبل التسليم.',
      ),
    );
  }
  const missing = nationalAddressMissing(input.origin);
  if (missing.length > 0) {
    warnings.push(
      warning(
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
      warning(
        'QUOTE_NEAR_EXPIRY',
        `The quote was booked less than ${minutes} minutes before it expired; request rates closer to booking.`,
        `تم الحجز قبل أقل من ${minutes} دقيقة من انتهاء صلاحية عرض السعر؛ اطلب الأسعار قبل الحجز مباشرة.`,
      ),
    );
  }
  return warnings;
}

/** Why a Saudi destination could not be verified. */
export type AddressNotVerifiedReason = 'not_found' | 'service_unavailable';

/** ADDRESS_NOT_VERIFIED: booked on the address as sent, which the register did not confirm. */
export function addressNotVerifiedWarning(reason: AddressNotVerifiedReason, field: string): ShipmentWarning {
  return reason === 'not_found'
    ? warning(
        'ADDRESS_NOT_VERIFIED',
        `The destination's National Address (${field}) was not found in the address register; the carrier may refuse the parcel.`,
        `لم يُعثر على العنوان الوطني للوجهة (${field}) في سجل العناوين؛ قد ترفض شركة الشحن الطرد.`,
      )
    : warning(
        'ADDRESS_NOT_VERIFIED',
        'The National Address service could not be reached; the destination was booked as sent, without verification.',
        'تعذر الوصول إلى خدمة العنوان الوطني؛ تم حجز الوجهة كما أُرسلت دون التحقق منها.',
      );
}

/** ADDRESS_CORRECTED: the register contradicted fields sent; the stored address carries the register's values. */
export function addressCorrectedWarning(differences: readonly AddressDifference[]): ShipmentWarning {
  const list = differences.map((d) => `${d.field}: ${d.sent} -> ${d.verified}`);
  return warning(
    'ADDRESS_CORRECTED',
    `The destination did not match its National Address and was corrected (${list.join('; ')}).`,
    `لم تطابق الوجهة عنوانها الوطني وتم تصحيحها (${list.join('؛ ')}).`,
  );
}
