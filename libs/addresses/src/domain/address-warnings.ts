import { AddressDifference, ShipmentWarning, ShipmentWarningCode, shipmentWarning } from '@lgw/kernel';

/** The warnings National Address verification gives; recomputed whenever the destination changes. */
export const ADDRESS_WARNING_CODES = ['ADDRESS_NOT_VERIFIED', 'ADDRESS_CORRECTED'] as const satisfies readonly ShipmentWarningCode[];

/** Why a Saudi destination could not be verified. */
export type AddressNotVerifiedReason = 'not_found' | 'service_unavailable';

/** ADDRESS_NOT_VERIFIED: booked on the address as sent, which the register did not confirm. */
export function addressNotVerifiedWarning(reason: AddressNotVerifiedReason, field: string): ShipmentWarning {
  return reason === 'not_found'
    ? shipmentWarning(
        'ADDRESS_NOT_VERIFIED',
        `The destination's National Address (${field}) was not found in the address register; the carrier may refuse the parcel.`,
        `لم يُعثر على العنوان الوطني للوجهة (${field}) في سجل العناوين؛ قد ترفض شركة الشحن الطرد.`,
      )
    : shipmentWarning(
        'ADDRESS_NOT_VERIFIED',
        'The National Address service could not be reached; the destination was booked as sent, without verification.',
        'تعذر الوصول إلى خدمة العنوان الوطني؛ تم حجز الوجهة كما أُرسلت دون التحقق منها.',
      );
}

/** ADDRESS_CORRECTED: the register contradicted fields sent; the stored address carries the register's values. */
export function addressCorrectedWarning(differences: readonly AddressDifference[]): ShipmentWarning {
  const list = differences.map((d) => `${d.field}: ${d.sent} -> ${d.verified}`);
  return shipmentWarning(
    'ADDRESS_CORRECTED',
    `The destination did not match its National Address and was corrected (${list.join('; ')}).`,
    `لم تطابق الوجهة عنوانها الوطني وتم تصحيحها (${list.join('؛ ')}).`,
  );
}
