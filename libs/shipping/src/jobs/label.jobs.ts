import { Inject, Injectable } from '@nestjs/common';
import { RENDER_LABEL_JOB, RenderLabelUseCase } from '../application/labels/render-label/render-label.use-case';
import { RENDERER_STATUS, RendererStatusPort } from '../application/ports/label-renderer.port';
import { SweepLabelsUseCase } from '../application/labels/sweep-labels/sweep-labels.use-case';
import { RENDER_BATCH_LABELS_JOB, RenderBatchLabelsUseCase } from '../application/labels/render-batch-labels/render-batch-labels.use-case';
import { FeatureJobs, JobsContext } from '@lgw/kernel';

/** How often shipments still waiting for a label are looked for (and once at start-up). */
export const LABEL_SWEEP_EVERY_MS = 60_000;

@Injectable()
export class LabelJobs implements FeatureJobs {
  constructor(
    private readonly renderLabel: RenderLabelUseCase,
    private readonly sweepLabels: SweepLabelsUseCase,
    private readonly renderBatchLabels: RenderBatchLabelsUseCase,
    @Inject(RENDERER_STATUS) private readonly renderer: RendererStatusPort,
  ) {}

  async register({ jobs, maintenance }: JobsContext): Promise<void> {
    // Without a browser this worker takes no label job: they wait in the queue (one per
    // shipment) for a worker that can render, instead of spending their attempts here. Jobs
    // in memory die with the process; the label sweep finds those shipments again at start.
    if (this.renderer.availability().available) {
      jobs.handle(RENDER_LABEL_JOB, (data) => this.renderLabel.execute(data), { concurrency: 2 });
      // A batch page's labels, one page at a time: a print of many labels already fills a browser page.
      jobs.handle(RENDER_BATCH_LABELS_JOB, async (data) => void (await this.renderBatchLabels.execute(data)), { concurrency: 1 });
    }
    await maintenance.every('label-sweep', LABEL_SWEEP_EVERY_MS, async () => {
      await this.sweepLabels.execute();
    });
  }

  async onJobsLost(): Promise<Record<string, number>> {
    return { labels: await this.sweepLabels.execute() };
  }
}
