import { Inject, Injectable, Logger } from '@nestjs/common';
import { billingPeriodOf, DomainError, CLOCK, ClockPort, WEBHOOK_SECRET_CIPHER, WebhookSecretCipherPort, AuditSource } from '@lgw/kernel';
import { EinvoiceParty } from '../../../domain/einvoicing/ubl-invoice';
import { composeDocuments } from '../einvoice-composition';
import {
  BillingProfile,
  EINVOICE_CRYPTO,
  EINVOICE_SELLER,
  EINVOICE_STORE,
  EinvoiceCryptoPort,
  EinvoiceDocument,
  EinvoiceSeller,
  EinvoiceStorePort,
  FATOORA,
  FatooraPort,
} from '../einvoicing.ports';
import { EinvoiceSubmission } from '../einvoice-submission';
import { BILLING_LEDGER, BillingLedgerPort } from '../../ports/billing-ledger.port';
import { billingJob } from '../../billing-event';
import { LedgerBilling } from '../../ledger-billing';
import { RATE_CARDS, RateCardSourcePort } from '@lgw/carrier-access';
import { SHIPMENT_REPOSITORY, ShipmentRepositoryPort } from '@lgw/shipping';
import { TenantModes } from '@lgw/access';

/** The billing sweep's look-back: an event unbilled longer than that is the sweep's to report. */
const CATCH_UP_LOOK_BACK_MS = 24 * 60 * 60 * 1000;
const CATCH_UP_BATCH = 1_000;

/** A domain event billing could not turn into ledger lines yet: its lines are still on their way. */
export interface StillBilling {
  readonly shipmentId: string;
  readonly event: string;
  readonly reason: string;
}

export interface IssueOutcome {
  readonly documents: EinvoiceDocument[];
  readonly stillBilling: StillBilling[];
}

export interface IssueEinvoicesCommand {
  /** One team; absent = every team with lines to invoice. */
  readonly teamId?: string;
  /** The month-end run: only lines of periods already closed (Asia/Riyadh). */
  readonly closedPeriodsOnly?: boolean;
  /** Who asks (the operator); the gateway's own month-end run when absent. */
  readonly source?: AuditSource;
}

/**
 * Issues e-invoices (and credit notes) for every ledger line on none yet: the operator's
 * "invoice now" and the month-end run. Ledger lines come from billing jobs the outbox relay
 * queues after each booking, so a booking of a moment ago may have none yet: its events are
 * billed here first (billing is idempotent per event, a job running at the same time adds
 * nothing twice), and any that cannot be billed yet is named in the outcome. Each team's
 * documents are then composed, stamped and chained in one transaction and submitted to ZATCA.
 */
@Injectable()
export class IssueEinvoicesUseCase {
  private readonly logger = new Logger('IssueEinvoices');
  /** Bills a booking's events before its lines are invoiced (the billing job's own rule). */
  private readonly billing: LedgerBilling;
  /** Sends each issued document to ZATCA (the retry job's own rule). */
  private readonly submitter: EinvoiceSubmission;

  constructor(
    @Inject(EINVOICE_STORE) private readonly store: EinvoiceStorePort,
    @Inject(EINVOICE_CRYPTO) private readonly crypto: EinvoiceCryptoPort,
    @Inject(EINVOICE_SELLER) private readonly seller: EinvoiceSeller,
    @Inject(WEBHOOK_SECRET_CIPHER) private readonly cipher: WebhookSecretCipherPort,
    @Inject(CLOCK) private readonly clock: ClockPort,
    @Inject(FATOORA) fatoora: FatooraPort,
    @Inject(BILLING_LEDGER) private readonly ledger: BillingLedgerPort,
    @Inject(SHIPMENT_REPOSITORY) shipments: ShipmentRepositoryPort,
    @Inject(RATE_CARDS) rateCards: RateCardSourcePort,
    modes: TenantModes,
  ) {
    this.billing = new LedgerBilling(shipments, ledger, rateCards, modes);
    this.submitter = new EinvoiceSubmission(store, fatoora, cipher);
  }

  async execute(command: IssueEinvoicesCommand): Promise<EinvoiceDocument[]> {
    return (await this.issue(command)).documents;
  }

  async issue(command: IssueEinvoicesCommand): Promise<IssueOutcome> {
    const egs = await this.store.activeEgs();
    if (!egs) throw new DomainError('E_EINVOICING_NOT_ONBOARDED');
    const privateKeyPem = this.cipher.decrypt(egs.privateKeyEncrypted);
    const certificateDer = Buffer.from(egs.certificate, 'base64');
    const now = this.clock.now();
    const before = command.closedPeriodsOnly ? billingPeriodOf(now).start : undefined;
    let teams: string[] = [];
    if (command.teamId !== undefined) {
      if ((await this.store.teamName(command.teamId)) === undefined) throw new DomainError('E_NOT_FOUND');
      teams = [command.teamId];
    }
    const stillBilling = await this.billPending(command.teamId, now);
    if (command.teamId === undefined) teams = await this.store.teamsToInvoice(before);
    const issued: EinvoiceDocument[] = [];
    for (const teamId of teams) {
      const profile = await this.store.profile(teamId);
      const buyer = profile ? buyerOf(profile) : await this.anonymousBuyer(teamId);
      const documents = await this.store.issue(
        teamId,
        egs.id,
        before,
        (lines, head) =>
          composeDocuments(lines, head, {
            seller: this.seller,
            buyer,
            profile: profile?.vatNumber ? 'standard' : 'simplified',
            egsCommonName: egs.commonName,
            now,
            stamp: (unsigned) => this.crypto.stamp(unsigned, { privateKeyPem, certificateDer }, this.seller, now),
          }),
        command.source,
      );
      issued.push(...documents);
    }
    const submitted: EinvoiceDocument[] = [];
    for (const document of issued) submitted.push(await this.submitter.submit(document));
    return { documents: submitted, stillBilling };
  }

  /** Bills the team's (every team's) events that no billing job has processed yet. */
  private async billPending(teamId: string | undefined, now: Date): Promise<StillBilling[]> {
    const events = await this.ledger.unbilledEvents(teamId, new Date(now.getTime() - CATCH_UP_LOOK_BACK_MS), CATCH_UP_BATCH);
    const still: StillBilling[] = [];
    for (const event of events) {
      try {
        await this.billing.record(billingJob(event).data);
      } catch (error) {
        // Its job retries it (and the sweep after): the issue goes on with what is billed.
        const reason = (error instanceof Error ? error.message : String(error)).slice(0, 300);
        this.logger.warn(`billing of event ${event.id} (${event.type}) before an issue failed: ${reason}`);
        still.push({ shipmentId: event.aggregateId, event: event.type, reason });
      }
    }
    return still;
  }

  private async anonymousBuyer(teamId: string): Promise<EinvoiceParty> {
    const name = (await this.store.teamName(teamId)) ?? teamId;
    return { legalNameAr: name, legalNameEn: name };
  }
}

function buyerOf(profile: BillingProfile): EinvoiceParty {
  return { legalNameAr: profile.legalNameAr, legalNameEn: profile.legalNameEn, vatNumber: profile.vatNumber, address: profile.address };
}
