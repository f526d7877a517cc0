import { Module } from '@nestjs/common';
import { EinvoicingAdminHttpController } from './einvoicing-admin.http.controller';
import { InvoicesHttpController } from './invoices.http.controller';

/**
 * Invoices (docs/api.md §4 endpoint 12, and past periods) and e-invoicing (DESIGN §6: the
 * signed documents, and the operator's profiles, issue and onboarding routes). The ledger,
 * its use cases and the invoice renderer are bound in the core: the worker records ledger
 * lines and issues month-end e-invoices too.
 */
@Module({ controllers: [InvoicesHttpController, EinvoicingAdminHttpController] })
export class BillingHttpModule {}
