/**
 * A product of a team's catalogue, as the merchant sent it. Every field but the sku is
 * optional: the catalogue exists to find what is missing, so incomplete data is accepted
 * and scored, not refused.
 */
export interface CatalogueProduct {
  readonly sku: string;
  readonly name_en?: string | null;
  readonly name_ar?: string | null;
  readonly hs_code?: string | null;
  readonly weight_kg?: number | null;
  readonly length_cm?: number | null;
  readonly width_cm?: number | null;
  readonly height_cm?: number | null;
  readonly origin_country?: string | null;
  readonly value_sar?: number | null;
}

export const CATALOGUE_PRODUCT_FIELDS = [
  'sku',
  'name_en',
  'name_ar',
  'hs_code',
  'weight_kg',
  'length_cm',
  'width_cm',
  'height_cm',
  'origin_country',
  'value_sar',
] as const;
