import { Inject, Injectable, Logger } from '@nestjs/common';
import { CLOCK, ClockPort } from '@lgw/kernel';
import { DELIVERY_ISSUE_REPOSITORY, DeliveryIssueRepositoryPort } from '../../ports/delivery-issue.repository.port';

const BATCH = 100;

/**
 * The recurring job behind `auto_return_after_attempts` and the issue's deadline (docs/adr/0083):
 * a parcel the carrier failed to deliver that often, or that nobody answered for in time, goes
 * back to its origin. The return is recorded on the issue as the gateway's instruction to the
 * carrier, under the shipment's row lock, where the aggregate decides again whether it is due.
 */
@Injectable()
export class AutoReturnUseCase {
  private readonly logger = new Logger('DeliveryIssues');

  constructor(
    @Inject(DELIVERY_ISSUE_REPOSITORY) private readonly issues: DeliveryIssueRepositoryPort,
    @Inject(CLOCK) private readonly clock: ClockPort,
  ) {}

  async execute(): Promise<{ returned: number }> {
    const now = this.clock.now();
    const due = await this.issues.dueForAutoReturn(now, BATCH);
    let returned = 0;
    for (const candidate of due) {
      try {
        let sent = false;
        await this.issues.change(candidate.shipmentId, (shipment) => {
          const reason = shipment.autoReturnDue(candidate.autoReturnAfterAttempts, now);
          if (!reason) return;
          shipment.requestDeliveryAction({ action: 'return_to_origin', via: 'instruction', by: 'gateway', at: now, reason });
          sent = true;
        });
        if (sent) returned++;
      } catch (error) {
        this.logger.error(
          `auto return of shipment ${candidate.shipmentId} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    return { returned };
  }
}
