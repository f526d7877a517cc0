import { Inject, Injectable } from '@nestjs/common';
import { CATALOGUE_REPOSITORY, CatalogueRepositoryPort } from '../ports/catalogue.repository.port';
import { parseQueryInteger } from '@lgw/kernel';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@lgw/shipping';
import { CatalogueProductView, toCatalogueProductView } from '../catalogue-product.view';

export interface ListCatalogueProductsCommand {
  readonly teamId: string;
  readonly limit?: string;
  readonly offset?: string;
}

export interface CatalogueProductPage {
  readonly products: CatalogueProductView[];
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
}

/** The team's products in sku order, paged like GET /shipments. */
@Injectable()
export class ListCatalogueProductsUseCase {
  constructor(@Inject(CATALOGUE_REPOSITORY) private readonly catalogue: CatalogueRepositoryPort) {}

  async execute(command: ListCatalogueProductsCommand): Promise<CatalogueProductPage> {
    const limit = parseQueryInteger('limit', command.limit, DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE);
    const offset = parseQueryInteger('offset', command.offset, 0, 0, Number.MAX_SAFE_INTEGER);
    const page = await this.catalogue.list(command.teamId, limit, offset);
    return { products: page.items.map(toCatalogueProductView), total: page.total, limit, offset };
  }
}
