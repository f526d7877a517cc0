import { Money } from '@lgw/kernel';
import { CatalogueProductRecord } from './ports/catalogue.repository.port';

/** A catalogue product as the API shows it: every field present, null when not given. */
export interface CatalogueProductView {
  readonly sku: string;
  readonly name_en: string | null;
  readonly name_ar: string | null;
  readonly hs_code: string | null;
  readonly weight_kg: number | null;
  readonly length_cm: number | null;
  readonly width_cm: number | null;
  readonly height_cm: number | null;
  readonly origin_country: string | null;
  readonly value_sar: number | null;
  readonly created_at: string;
  readonly updated_at: string;
}

export function toCatalogueProductView(p: CatalogueProductRecord): CatalogueProductView {
  return {
    sku: p.sku,
    name_en: p.name_en ?? null,
    name_ar: p.name_ar ?? null,
    hs_code: p.hs_code ?? null,
    weight_kg: p.weight_kg ?? null,
    length_cm: p.length_cm ?? null,
    width_cm: p.width_cm ?? null,
    height_cm: p.height_cm ?? null,
    origin_country: p.origin_country ?? null,
    value_sar: p.value_sar === null || p.value_sar === undefined ? null : Money.fromSar(p.value_sar).toSar(),
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}
