import { Global, Module, Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DATA_SOURCE } from '@lgw/kernel';
import { CATALOGUE_REPOSITORY } from './application/ports/catalogue.repository.port';
import { GetCatalogueProductUseCase } from './application/get-catalogue-product/get-catalogue-product.use-case';
import { ListCatalogueProductsUseCase } from './application/list-catalogue-products/list-catalogue-products.use-case';
import { ScoreDataReadinessUseCase } from './application/score-data-readiness/score-data-readiness.use-case';
import { SqlCatalogueRepository } from './persistence/sql-catalogue.repository';
import { UpsertCatalogueProductsUseCase } from './application/upsert-catalogue-products/upsert-catalogue-products.use-case';

const PROVIDERS: Provider[] = [
  { provide: CATALOGUE_REPOSITORY, inject: [DATA_SOURCE], useFactory: (dataSource: DataSource) => new SqlCatalogueRepository(dataSource) },
  UpsertCatalogueProductsUseCase,
  ListCatalogueProductsUseCase,
  GetCatalogueProductUseCase,
  ScoreDataReadinessUseCase,
];

/**
 * Catalogue products and data-readiness scores.
 * Binds only this context's own ports and use cases; process resources (data source, configuration,
 * queues, renderers, carrier adapters) come from the composition root.
 */
@Global()
@Module({ providers: PROVIDERS, exports: PROVIDERS })
export class CatalogueModule {}
