import { Inject, Injectable } from '@nestjs/common';
import { billingPeriodOf, DomainError, EinvoiceParty } from '@lgw/domain';
import { CLOCK, ClockPort } from '../../ports/clock.port';
import { WEBHOOK_SECRET_CIPHER, WebhookSecretCipherPort } from '../../ports/webhooks.port';
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
} from '../einvoicing.ports';
import { SubmitEinvoicesUseCase } from '../submit-einvoices/submit-einvoices.use-case';

export interface IssueEinvoicesCommand {
  /** One team; absent = every team with lines to invoice. */
  readonly teamId?: string;
  /** The month-end run: only lines of periods already closed (Asia/Riyadh). */
  readonly closedPeriodsOnly?: boolean;
}

/**
 * Issues e-invoices (and credit notes) for every ledger line on none yet: the operator's
 * "invoice now" and the month-end run. Each team's documents are composed, stamped and
 * chained in one transaction, then submitted to ZATCA.
 */
@Injectable()
export class IssueEinvoicesUseCase {
  constructor(
    @Inject(EINVOICE_STORE) private readonly store: EinvoiceStorePort,
    @Inject(EINVOICE_CRYPTO) private readonly crypto: EinvoiceCryptoPort,
    @Inject(EINVOICE_SELLER) private readonly seller: EinvoiceSeller,
    @Inject(WEBHOOK_SECRET_CIPHER) private readonly cipher: WebhookSecretCipherPort,
    @Inject(CLOCK) private readonly clock: ClockPort,
    private readonly submitter: SubmitEinvoicesUseCase,
  ) {}

  async execute(command: IssueEinvoicesCommand): Promise<EinvoiceDocument[]> {
    const egs = await this.store.activeEgs();
    if (!egs) throw new DomainError('E_EINVOICING_NOT_ONBOARDED');
    const privateKeyPem = this.cipher.decrypt(egs.privateKeyEncrypted);
    const certificateDer = Buffer.from(egs.certificate, 'base64');
    const now = this.clock.now();
    const before = command.closedPeriodsOnly ? billingPeriodOf(now).start : undefined;
    let teams: string[];
    if (command.teamId !== undefined) {
      if ((await this.store.teamName(command.teamId)) === undefined) throw new DomainError('E_NOT_FOUND');
      teams = [command.teamId];
    } else {
      teams = await this.store.teamsToInvoice(before);
    }
    const issued: EinvoiceDocument[] = [];
    for (const teamId of teams) {
      const profile = await this.store.profile(teamId);
      const buyer = profile ? buyerOf(profile) : await this.anonymousBuyer(teamId);
      const documents = await this.store.issue(teamId, egs.id, before, (lines, head) =>
        composeDocuments(lines, head, {
          seller: this.seller,
          buyer,
          profile: profile?.vatNumber ? 'standard' : 'simplified',
          egsCommonName: egs.commonName,
          now,
          stamp: (unsigned) => this.crypto.stamp(unsigned, { privateKeyPem, certificateDer }, this.seller, now),
        }),
      );
      issued.push(...documents);
    }
    const submitted: EinvoiceDocument[] = [];
    for (const document of issued) submitted.push(await this.submitter.submit(document));
    return submitted;
  }

  private async anonymousBuyer(teamId: string): Promise<EinvoiceParty> {
    const name = (await this.store.teamName(teamId)) ?? teamId;
    return { legalNameAr: name, legalNameEn: name };
  }
}

function buyerOf(profile: BillingProfile): EinvoiceParty {
  return { legalNameAr: profile.legalNameAr, legalNameEn: profile.legalNameEn, vatNumber: profile.vatNumber, address: profile.address };
}
