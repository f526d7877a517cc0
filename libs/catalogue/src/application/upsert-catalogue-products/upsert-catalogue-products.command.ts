import { CatalogueProduct } from '../../domain/catalogue-product';

/** At most this many products per PUT /catalogue/products (docs/api.md §10). */
export const MAX_CATALOGUE_UPSERT = 10_000;

export interface UpsertCatalogueProductsCommand {
  readonly teamId: string;
  /** Shapes already checked by the request DTO; the use case checks what spans items. */
  readonly products: readonly CatalogueProduct[];
}
