import { CatalogueProduct } from '../../domain/catalogue-product';

export interface CatalogueProductRecord extends CatalogueProduct {
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface CatalogueRepositoryPort {
  /** Inserts or replaces every product by sku, atomically; returns how many were new. */
  upsert(teamId: string, products: readonly CatalogueProduct[], now: Date): Promise<{ created: number; updated: number }>;
  list(teamId: string, limit: number, offset: number): Promise<{ items: CatalogueProductRecord[]; total: number }>;
  find(teamId: string, sku: string): Promise<CatalogueProductRecord | null>;
  /** Every product of the team in sku order, a page at a time, for scoring (names are not read). */
  forEach(teamId: string, visit: (product: CatalogueProduct) => void): Promise<void>;
}

export const CATALOGUE_REPOSITORY = Symbol('CATALOGUE_REPOSITORY');
