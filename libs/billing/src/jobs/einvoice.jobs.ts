import { Inject, Injectable, Logger } from '@nestjs/common';
import { IssueEinvoicesUseCase } from '../application/einvoicing/issue-einvoices/issue-einvoices.use-case';
import { SubmitEinvoicesUseCase } from '../application/einvoicing/submit-einvoices/submit-einvoices.use-case';
import { DomainError, FeatureJobs, JobsContext } from '@lgw/kernel';
import { APP_CONFIG, AppConfig } from '@lgw/platform';

/** The month-end e-invoicing run looks for closed months with lines on no e-invoice this often. */
export const EINVOICE_MONTH_END_EVERY_MS = 15 * 60_000;

@Injectable()
export class EinvoiceJobs implements FeatureJobs {
  private readonly logger = new Logger('BackgroundJobs');

  constructor(
    private readonly issueEinvoices: IssueEinvoicesUseCase,
    private readonly submitEinvoices: SubmitEinvoicesUseCase,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async register({ maintenance }: JobsContext): Promise<void> {
    await maintenance.every('einvoice-retry', this.config.einvoiceRetryEveryMs, async () => {
      const settled = await this.submitEinvoices.execute();
      if (settled > 0) this.logger.log({ event: 'einvoice.retried', settled });
    });
    await maintenance.every('einvoice-month-end', EINVOICE_MONTH_END_EVERY_MS, () => this.monthEnd());
  }

  /** Issues every closed month's lines (Asia/Riyadh); a gateway not onboarded with ZATCA issues nothing. */
  private async monthEnd(): Promise<void> {
    try {
      const documents = await this.issueEinvoices.execute({ closedPeriodsOnly: true });
      if (documents.length > 0) this.logger.log({ event: 'einvoice.month_end_issued', documents: documents.length });
    } catch (error) {
      if (error instanceof DomainError && error.code === 'E_EINVOICING_NOT_ONBOARDED') return;
      throw error;
    }
  }
}
