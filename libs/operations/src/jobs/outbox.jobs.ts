import { Inject, Injectable } from '@nestjs/common';
import { RedriveOutboxUseCase } from '../application/redrive-outbox/redrive-outbox.use-case';
import { RELAY_OUTBOX_JOB, RelayOutboxUseCase } from '../application/relay-outbox/relay-outbox.use-case';
import { APP_CONFIG, AppConfig } from '@lgw/platform';
import { FeatureJobs, JobsContext } from '@lgw/kernel';

/** How often committed domain events are turned into jobs. */
export const OUTBOX_RELAY_EVERY_MS = 200;

@Injectable()
export class OutboxJobs implements FeatureJobs {
  constructor(
    private readonly relayOutbox: RelayOutboxUseCase,
    private readonly redriveOutbox: RedriveOutboxUseCase,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async register({ jobs }: JobsContext): Promise<void> {
    jobs.handle(RELAY_OUTBOX_JOB, async () => {
      await this.relayOutbox.execute();
    });
    await jobs.every(RELAY_OUTBOX_JOB, OUTBOX_RELAY_EVERY_MS, undefined);
  }

  /** The work comes back from the outbox, not from Redis. */
  async onJobsLost(): Promise<Record<string, number>> {
    return { redriven: await this.redriveOutbox.execute(this.config.outboxRedriveWindowMs) };
  }
}
