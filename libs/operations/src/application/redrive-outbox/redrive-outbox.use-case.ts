import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, ClockPort, OUTBOX, OutboxPort } from '@lgw/kernel';

/**
 * The outbox is the record of the work its events call for; the queue only carries it. When
 * the queue's store lost its jobs (Redis restarted empty, flushed, failed over), the events
 * published within `windowMs` go back to unpublished and the relay hands them out again: their
 * jobs may have been waiting, retrying or running when the store went. Every consumer is
 * idempotent (dedupe ids, conditional writes, message ids derived from the event), so work that
 * had finished is not done twice. Older events' jobs had long finished or given up; the label
 * and billing sweeps cover those that gave up.
 */
@Injectable()
export class RedriveOutboxUseCase {
  constructor(
    @Inject(OUTBOX) private readonly outbox: OutboxPort,
    @Inject(CLOCK) private readonly clock: ClockPort,
  ) {}

  /** Returns how many events will be relayed again. */
  async execute(windowMs: number): Promise<number> {
    return this.outbox.unpublishSince(new Date(this.clock.now().getTime() - windowMs));
  }
}
