import { Inject, Injectable } from '@nestjs/common';
import { enqueueJob, JOB_QUEUE, JobQueuePort, CLOCK, ClockPort } from '@lgw/kernel';
import { WEBHOOK_MESSAGE_REPOSITORY, WEBHOOK_SETTINGS, WebhookMessageRepositoryPort, WebhookSettings } from '../ports/webhooks.port';
import { DELIVER_WEBHOOK_JOB } from '../webhook-jobs';

/** Messages leased per round: bounded work per tick, the rest on the next. */
const BATCH = 500;
/** A lease outlives the attempt's timeout by this much before another job may take the message. */
const LEASE_MARGIN_MS = 5_000;

/**
 * Leases due messages and enqueues one delivery job each. The repository enforces the
 * per-team limit and round-robin order, so a team with a hanging endpoint or a large
 * backlog holds at most `perTeamConcurrency` delivery slots. If the process dies (or the
 * queue refuses) after the lease, the lease expires and a later round hands the message out
 * again, under the same webhook-id.
 */
@Injectable()
export class DispatchWebhookMessagesUseCase {
  constructor(
    @Inject(WEBHOOK_MESSAGE_REPOSITORY) private readonly messages: WebhookMessageRepositoryPort,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueuePort,
    @Inject(WEBHOOK_SETTINGS) private readonly settings: WebhookSettings,
    @Inject(CLOCK) private readonly clock: ClockPort,
  ) {}

  /** Returns how many deliveries were handed out. */
  async execute(command: { teamId?: string } = {}): Promise<number> {
    const claims = await this.messages.claimDue({
      now: this.clock.now(),
      perTeamLimit: this.settings.perTeamConcurrency,
      limit: BATCH,
      leaseMs: this.settings.timeoutMs + LEASE_MARGIN_MS,
      teamId: command.teamId,
    });
    for (const claim of claims) {
      await enqueueJob(
        this.jobs,
        DELIVER_WEBHOOK_JOB,
        { messageId: claim.id, leaseToken: claim.leaseToken },
        // Our own schedule retries; the queue runs each lease once (a crash is recovered by the lease).
        { jobId: `webhook-${claim.leaseToken}`, attempts: 1 },
      );
    }
    return claims.length;
  }
}
