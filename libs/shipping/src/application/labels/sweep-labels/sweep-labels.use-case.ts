import { Inject, Injectable } from '@nestjs/common';
import { JOB_QUEUE, JobQueuePort, CLOCK, ClockPort } from '@lgw/kernel';
import { LABEL_STORE, LabelStorePort } from '../../ports/label-store.port';
import { enqueueLabel } from '../render-label/render-label.use-case';

/** Long enough that the outbox relay has had its turn; a duplicate is deduped anyway. */
const GRACE_MS = 30_000;
const BATCH = 500;

/**
 * Safety net for label jobs lost with an in-memory queue (embedded mode crash) or a worker
 * that gave up: re-enqueues shipments still waiting for their label.
 */
@Injectable()
export class SweepLabelsUseCase {
  constructor(
    @Inject(LABEL_STORE) private readonly labels: LabelStorePort,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueuePort,
    @Inject(CLOCK) private readonly clock: ClockPort,
  ) {}

  async execute(): Promise<number> {
    const ids = await this.labels.awaitingLabel(new Date(this.clock.now().getTime() - GRACE_MS), BATCH);
    for (const shipmentId of ids) {
      await enqueueLabel(this.jobs, shipmentId);
    }
    return ids.length;
  }
}
