/** The warnings a shipment can carry (docs/api.md §10); each context builds its own (National Address verification in libs/addresses). */
export const SHIPMENT_WARNING_CODES = [
  'HS_CODES_MISSING',
  'DECLARED_VALUE_MISSING',
  'DESTINATION_PHONE_MISSING',
  'ORIGIN_NOT_NORMALISED',
  'QUOTE_NEAR_EXPIRY',
  'ADDRESS_NOT_VERIFIED',
  'ADDRESS_CORRECTED',
] as const;

export type ShipmentWarningCode = (typeof SHIPMENT_WARNING_CODES)[number];

export interface ShipmentWarning {
  readonly code: ShipmentWarningCode;
  readonly message_en: string;
  readonly message_ar: string;
}

/** One bilingual warning. */
export function shipmentWarning(code: ShipmentWarningCode, message_en: string, message_ar: string): ShipmentWarning {
  return { code, message_en, message_ar };
}
