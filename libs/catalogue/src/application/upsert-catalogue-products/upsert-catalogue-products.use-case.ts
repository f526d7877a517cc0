import { Inject, Injectable } from '@nestjs/common';
import { CatalogueProduct } from '../../domain/catalogue-product';
import { ValidationError, CLOCK, ClockPort } from '@lgw/kernel';
import { CATALOGUE_REPOSITORY, CatalogueRepositoryPort } from '../ports/catalogue.repository.port';
import { MAX_CATALOGUE_UPSERT, UpsertCatalogueProductsCommand } from './upsert-catalogue-products.command';

export interface CatalogueUpsertView {
  readonly received: number;
  readonly created: number;
  readonly updated: number;
}

/**
 * Inserts or replaces products by sku, all or nothing: a refused item (its index and field
 * named) leaves the catalogue as it was.
 */
@Injectable()
export class UpsertCatalogueProductsUseCase {
  constructor(
    @Inject(CATALOGUE_REPOSITORY) private readonly catalogue: CatalogueRepositoryPort,
    @Inject(CLOCK) private readonly clock: ClockPort,
  ) {}

  async execute(command: UpsertCatalogueProductsCommand): Promise<CatalogueUpsertView> {
    const { products } = command;
    if (products.length === 0 || products.length > MAX_CATALOGUE_UPSERT) {
      throw new ValidationError(
        'products',
        `must contain 1 to ${MAX_CATALOGUE_UPSERT} products per call`,
        `يجب أن تحتوي من 1 إلى ${MAX_CATALOGUE_UPSERT} منتج في الطلب الواحد`,
      );
    }
    assertUniqueSkus(products);
    const result = await this.catalogue.upsert(command.teamId, products.map(normalise), this.clock.now());
    return { received: products.length, ...result };
  }
}

/** One statement cannot write the same row twice, and which of two would win is a guess. */
function assertUniqueSkus(products: readonly CatalogueProduct[]): void {
  const seen = new Map<string, number>();
  products.forEach((p, index) => {
    const first = seen.get(p.sku);
    if (first !== undefined)
      throw new ValidationError(
        `products.${index}.sku`,
        `duplicates products.${first}.sku in the same request`,
        `يكرر products.${first}.sku في الطلب نفسه`,
      );
    seen.set(p.sku, index);
  });
}

/** Absent and empty mean the same: not known. Country codes are compared upper-case. */
function normalise(p: CatalogueProduct): CatalogueProduct {
  const text = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v.trim());
  const num = (v: number | null | undefined) => (v === undefined ? null : v);
  return {
    sku: p.sku,
    name_en: text(p.name_en),
    name_ar: text(p.name_ar),
    hs_code: text(p.hs_code),
    weight_kg: num(p.weight_kg),
    length_cm: num(p.length_cm),
    width_cm: num(p.width_cm),
    height_cm: num(p.height_cm),
    origin_country: text(p.origin_country)?.toUpperCase() ?? null,
    value_sar: num(p.value_sar),
  };
}
