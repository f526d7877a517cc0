import { Inject, Injectable } from '@nestjs/common';
import { BILLING_LEDGER, BillingLedgerPort } from '../ports/billing-ledger.port';
import { RATE_CARDS, RateCardSourcePort } from '@lgw/carrier-access';
import { SHIPMENT_REPOSITORY, ShipmentRepositoryPort } from '@lgw/shipping';
import { TenantModes } from '@lgw/access';
import { LedgerBilling } from '../ledger-billing';
import { BillingEventCommand } from './record-billing-event.command';

/** The billing job: one domain event into ledger lines (ledger-billing.ts), at least once per event. */
@Injectable()
export class RecordBillingEventUseCase {
  private readonly billing: LedgerBilling;

  constructor(
    @Inject(SHIPMENT_REPOSITORY) shipments: ShipmentRepositoryPort,
    @Inject(BILLING_LEDGER) ledger: BillingLedgerPort,
    @Inject(RATE_CARDS) rateCards: RateCardSourcePort,
    modes: TenantModes,
  ) {
    this.billing = new LedgerBilling(shipments, ledger, rateCards, modes);
  }

  execute(command: BillingEventCommand): Promise<number> {
    return this.billing.record(command);
  }
}
