import { Module } from '@nestjs/common';
import { CatalogueHttpController } from './catalogue.http.controller';
import { DataReadinessHttpController } from './data-readiness.http.controller';

/**
 * The team's product catalogue and its data-readiness score (docs/api.md §4 endpoint 13). The
 * catalogue repository and use cases are bound in the core (the composition root).
 */
@Module({ controllers: [CatalogueHttpController, DataReadinessHttpController] })
export class CatalogueHttpModule {}
