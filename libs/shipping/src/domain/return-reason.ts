import { EXCEPTION_TYPES, ExceptionType } from '@lgw/kernel';

/**
 * Why a carrier sent a shipment back to its origin, as far as the carrier said: the last
 * exception it reported before the return (three failed delivery attempts, an address it could
 * not find, a customs hold). A return with no exception before it has no reason: the gateway
 * never guesses one (docs/adr/0059-return-reasons.md).
 */
export interface ReturnReason {
  readonly code: ExceptionType;
  readonly message_en: string;
  readonly message_ar: string;
}

const REASONS: Record<ExceptionType, { en: string; ar: string }> = {
  FAILED_DELIVERY_ATTEMPT: {
    en: 'delivery failed: the consignee could not be reached or refused the parcel',
    ar: 'تعذّر التسليم: لم يتمكن المندوب من الوصول إلى المستلم أو رفض المستلم الشحنة',
  },
  ADDRESS_ISSUE: { en: 'the carrier could not find the destination address', ar: 'تعذّر على شركة الشحن العثور على عنوان الوجهة' },
  CUSTOMS_HOLD: { en: 'the parcel was held at customs', ar: 'احتُجزت الشحنة لدى الجمارك' },
  WEIGHT_MISMATCH: { en: 'the weight the carrier measured did not match the booking', ar: 'الوزن الذي قاسته شركة الشحن لا يطابق الحجز' },
  CARRIER_DELAY: { en: 'the carrier could not deliver in time', ar: 'تعذّر على شركة الشحن التسليم في الوقت المحدد' },
};

export function isReturnReasonCode(value: unknown): value is ExceptionType {
  return typeof value === 'string' && (EXCEPTION_TYPES as readonly string[]).includes(value);
}

/** The bilingual reason for a stored code; null for none (or one this version does not know). */
export function returnReasonOf(code: string | null | undefined): ReturnReason | null {
  if (!isReturnReasonCode(code)) return null;
  const text = REASONS[code];
  return { code, message_en: text.en, message_ar: text.ar };
}
