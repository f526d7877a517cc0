import { Inject, Injectable } from '@nestjs/common';
import { WEBHOOK_SECRET_CIPHER, WebhookSecretCipherPort } from '@lgw/kernel';
import { EINVOICE_STORE, EinvoiceStorePort, FATOORA, FatooraPort } from '../einvoicing.ports';
import { EinvoiceSubmission } from '../einvoice-submission';

/** How many pending documents one retry tick submits. */
const RETRY_BATCH = 100;

/** The retry job of e-invoices waiting for ZATCA (EinvoiceSubmission sends each). */
@Injectable()
export class SubmitEinvoicesUseCase {
  private readonly submission: EinvoiceSubmission;

  constructor(
    @Inject(EINVOICE_STORE) private readonly store: EinvoiceStorePort,
    @Inject(FATOORA) fatoora: FatooraPort,
    @Inject(WEBHOOK_SECRET_CIPHER) cipher: WebhookSecretCipherPort,
  ) {
    this.submission = new EinvoiceSubmission(store, fatoora, cipher);
  }

  /** The retry job: every PENDING_CLEARANCE document, oldest first. Returns how many settled. */
  async execute(): Promise<number> {
    const pending = await this.store.pending(RETRY_BATCH);
    let settled = 0;
    for (const document of pending) {
      const after = await this.submission.submit(document);
      if (after.status !== 'PENDING_CLEARANCE') settled += 1;
    }
    return settled;
  }
}
