import { Global, Module, Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DATA_SOURCE } from '@lgw/kernel';
import { BILLING_LEDGER } from './application/ports/billing-ledger.port';
import { EINVOICE_CRYPTO, EINVOICE_STORE } from './application/einvoicing/einvoicing.ports';
import { GetEinvoiceXmlUseCase } from './application/einvoicing/get-einvoice-xml/get-einvoice-xml.use-case';
import { GetInvoiceUseCase } from './application/get-invoice/get-invoice.use-case';
import { GetIssuedInvoiceUseCase } from './application/get-issued-invoice/get-issued-invoice.use-case';
import { IssueEinvoicesUseCase } from './application/einvoicing/issue-einvoices/issue-einvoices.use-case';
import { ListInvoicesUseCase } from './application/list-invoices/list-invoices.use-case';
import { OnboardEgsUseCase } from './application/einvoicing/onboard-egs/onboard-egs.use-case';
import { RecordBillingEventUseCase } from './application/record-billing-event/record-billing-event.use-case';
import { RenderInvoicePdfUseCase } from './application/render-invoice-pdf/render-invoice-pdf.use-case';
import { SetBillingProfileUseCase } from './application/einvoicing/set-billing-profile/set-billing-profile.use-case';
import { SqlBillingLedger } from './persistence/sql-billing-ledger.repository';
import { SqlEinvoiceStore } from './persistence/einvoicing/sql-einvoice.store';
import { SubmitEinvoicesUseCase } from './application/einvoicing/submit-einvoices/submit-einvoices.use-case';
import { SweepBillingUseCase } from './application/sweep-billing/sweep-billing.use-case';
import { ZatcaEinvoiceCrypto } from './adapters/zatca-einvoice.crypto';

const PROVIDERS: Provider[] = [
  { provide: BILLING_LEDGER, inject: [DATA_SOURCE], useFactory: (dataSource: DataSource) => new SqlBillingLedger(dataSource) },
  { provide: EINVOICE_STORE, inject: [DATA_SOURCE], useFactory: (dataSource: DataSource) => new SqlEinvoiceStore(dataSource) },
  { provide: EINVOICE_CRYPTO, useValue: new ZatcaEinvoiceCrypto() },
  RecordBillingEventUseCase,
  GetInvoiceUseCase,
  GetIssuedInvoiceUseCase,
  ListInvoicesUseCase,
  RenderInvoicePdfUseCase,
  SweepBillingUseCase,
  SetBillingProfileUseCase,
  SubmitEinvoicesUseCase,
  IssueEinvoicesUseCase,
  OnboardEgsUseCase,
  GetEinvoiceXmlUseCase,
];

/**
 * The billing ledger, invoices and e-invoices (Fatoora and the PDF renderer come with the process: libs/runtime).
 * Binds only this context's own ports and use cases; process resources (data source, configuration,
 * queues, renderers, carrier adapters) come from the composition root.
 */
@Global()
@Module({ providers: PROVIDERS, exports: PROVIDERS })
export class BillingModule {}
