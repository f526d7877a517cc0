import { Inject, Injectable } from '@nestjs/common';
import { OUTBOX_QUEUE, RedriveOutboxUseCase, RelayOutboxUseCase } from '@lgw/operations';
import { APP_CONFIG, AppConfig } from '@lgw/platform';
import { FeatureJobs, JobsContext } from '../feature-jobs';

/** How often committed domain events are turned into jobs. */
export const OUTBOX_RELAY_EVERY_MS = 200;

@Injectable()
export class OutboxJobs implements FeatureJobs {
  constructor(
    private readonly relayOutbox: RelayOutboxUseCase,
    private readonly redriveOutbox: RedriveOutboxUseCase,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async register({ worker, recurring }: JobsContext): Promise<void> {
    worker.register(OUTBOX_QUEUE, async () => {
      await this.relayOutbox.execute();
    });
    await recurring.schedule(OUTBOX_QUEUE, 'relay', OUTBOX_RELAY_EVERY_MS);
  }

  /** The work comes back from the outbox, not from Redis. */
  async onJobsLost(): Promise<Record<string, number>> {
    return { redriven: await this.redriveOutbox.execute(this.config.outboxRedriveWindowMs) };
  }
}
