import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@lgw/kernel';
import { CATALOGUE_REPOSITORY, CatalogueRepositoryPort } from '../ports/catalogue.repository.port';
import { CatalogueProductView, toCatalogueProductView } from '../catalogue-product.view';

@Injectable()
export class GetCatalogueProductUseCase {
  constructor(@Inject(CATALOGUE_REPOSITORY) private readonly catalogue: CatalogueRepositoryPort) {}

  async execute(command: { readonly teamId: string; readonly sku: string }): Promise<CatalogueProductView> {
    const product = await this.catalogue.find(command.teamId, command.sku);
    if (!product) throw new DomainError('E_NOT_FOUND');
    return toCatalogueProductView(product);
  }
}
