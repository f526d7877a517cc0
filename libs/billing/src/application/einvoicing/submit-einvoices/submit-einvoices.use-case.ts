import { Inject, Injectable, Logger } from '@nestjs/common';
import { WEBHOOK_SECRET_CIPHER, WebhookSecretCipherPort } from '@lgw/kernel';
import { EINVOICE_STORE, EinvoiceDocument, EinvoiceStorePort, FATOORA, FatooraPort } from '../einvoicing.ports';

/** How many pending documents one retry tick submits. */
const RETRY_BATCH = 100;

/**
 * Sends issued documents to ZATCA: standard (B2B) ones for clearance, simplified ones for
 * reporting. Accepted → CLEARED / REPORTED; rejected → REJECTED with ZATCA's messages (the
 * operator's; the team never sees it, and its lines go on the next issue); ZATCA unreachable
 * → the document stays PENDING_CLEARANCE and the retry job sends it again.
 */
@Injectable()
export class SubmitEinvoicesUseCase {
  private readonly logger = new Logger('Einvoicing');

  constructor(
    @Inject(EINVOICE_STORE) private readonly store: EinvoiceStorePort,
    @Inject(FATOORA) private readonly fatoora: FatooraPort,
    @Inject(WEBHOOK_SECRET_CIPHER) private readonly cipher: WebhookSecretCipherPort,
  ) {}

  /** The retry job: every PENDING_CLEARANCE document, oldest first. Returns how many settled. */
  async execute(): Promise<number> {
    const pending = await this.store.pending(RETRY_BATCH);
    let settled = 0;
    for (const document of pending) {
      const after = await this.submit(document);
      if (after.status !== 'PENDING_CLEARANCE') settled += 1;
    }
    return settled;
  }

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
