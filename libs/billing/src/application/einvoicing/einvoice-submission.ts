import { Logger } from '@nestjs/common';
import { WebhookSecretCipherPort } from '@lgw/kernel';
import { EinvoiceDocument, EinvoiceStorePort, FatooraPort } from './einvoicing.ports';

/**
 * Sends issued documents to ZATCA: standard (B2B) ones for clearance, simplified ones for
 * reporting. Accepted → CLEARED / REPORTED; rejected → REJECTED with ZATCA's messages (the
 * operator's; the team never sees it, and its lines go on the next issue); ZATCA unreachable
 * → the document stays PENDING_CLEARANCE and the retry job sends it again. A plain class over
 * its ports: the retry job (SubmitEinvoicesUseCase) and issuing (IssueEinvoicesUseCase) alike.
 */
export class EinvoiceSubmission {
  private readonly logger = new Logger('Einvoicing');

  constructor(
    private readonly store: EinvoiceStorePort,
    private readonly fatoora: FatooraPort,
    private readonly cipher: WebhookSecretCipherPort,
  ) {}

  async submit(document: EinvoiceDocument): Promise<EinvoiceDocument> {
    const egs = await this.store.activeEgs();
    if (!egs) return document;
    const credentials = { token: egs.productionToken, secret: this.cipher.decrypt(egs.productionSecretEncrypted) };
    const submission = {
      invoiceHash: document.invoiceHash,
      uuid: document.uuid,
      invoice: Buffer.from(document.xml, 'utf8').toString('base64'),
    };
    const outcome =
      document.profile === 'standard'
        ? await this.fatoora.clear(credentials, submission)
        : await this.fatoora.report(credentials, submission);
    if (outcome.kind === 'unavailable') {
      await this.store.countAttempt(document.id);
      this.logger.warn({ event: 'einvoice.submission_deferred', document_id: document.id, reason: outcome.reason });
      return document;
    }
    if (outcome.kind === 'rejected') {
      this.logger.warn({ event: 'einvoice.rejected', document_id: document.id, errors: outcome.errors.map((e) => e.code) });
      return this.store.recordOutcome(document.id, 'REJECTED', { errors: outcome.errors, warnings: outcome.warnings });
    }
    const cleared = outcome.clearedInvoice ? Buffer.from(outcome.clearedInvoice, 'base64').toString('utf8') : undefined;
    return this.store.recordOutcome(document.id, outcome.status, { errors: [], warnings: outcome.warnings }, cleared);
  }
}
