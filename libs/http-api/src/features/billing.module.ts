import { Module } from '@nestjs/common';
import { InvoicesHttpController } from '../controllers/invoices.http.controller';

/**
 * Invoices (docs/api.md §4 endpoint 12, and past periods). The ledger, its use cases and the
 * invoice renderer are bound in the core: the worker records ledger lines too.
 */
@Module({ controllers: [InvoicesHttpController] })
export class BillingModule {}
