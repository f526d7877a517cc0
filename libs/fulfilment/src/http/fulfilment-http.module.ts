import { Module } from '@nestjs/common';
import { FulfilmentBatchesHttpController } from './fulfilment-batches.http.controller';

/**
 * Fulfilment batches over HTTP (docs/api.md §4 endpoints 14 and 15, plus the CSV downloads). Their
 * ports are bound by the context's module: the worker processes batches with the same ones.
 */
@Module({ controllers: [FulfilmentBatchesHttpController] })
export class FulfilmentHttpModule {}
