import { Inject, Injectable } from '@nestjs/common';
import { BILLING_LEDGER, BillingLedgerPort } from '../ports/billing-ledger.port';
import { CLOCK, ClockPort } from '@lgw/kernel';
import { InvoiceView } from '../invoice.view';
import { GetInvoiceCommand, ledgerInvoice } from '../ledger-invoice';

/** An invoice, served from the ledger with one query whatever the number of shipments. */
@Injectable()
export class GetInvoiceUseCase {
  constructor(
    @Inject(BILLING_LEDGER) private readonly ledger: BillingLedgerPort,
    @Inject(CLOCK) private readonly clock: ClockPort,
  ) {}

  async execute(command: GetInvoiceCommand): Promise<InvoiceView> {
    return (await ledgerInvoice(this.ledger, this.clock.now(), command)).view;
  }
}
