import type { JobHandler, JobWorkerPort } from '@lgw/kernel';
import type { LabelData, LabelRendererPort } from '@lgw/shipping';
import type { GatewayMetrics } from '@lgw/platform';
import type { BrowserPoolEvent } from '@lgw/labels';
import type { JobQueueRuntime } from '@lgw/queue';

/**
 * The job worker with every handler timed: duration and failures per queue. The queues it
 * registers are the ones whose depth this process reports (only processes that run jobs).
 */
export function instrumentJobWorker(worker: JobWorkerPort, jobs: JobQueueRuntime, metrics: GatewayMetrics): JobWorkerPort {
  const queues: string[] = [];
  metrics.addQueueDepthSource(async () => {
    const depths = await Promise.all(queues.map((queue) => jobs.depth(queue)));
    return Object.fromEntries(queues.map((queue, i) => [queue, depths[i]]));
  });
  return {
    register<T>(queue: string, handler: JobHandler<T>, options?: { concurrency?: number }): void {
      worker.register<T>(
        queue,
        async (data, meta) => {
          const started = performance.now();
          let ok = false;
          try {
            await handler(data, meta);
            ok = true;
          } finally {
            metrics.observeJob(queue, ok, (performance.now() - started) / 1000);
          }
        },
        options,
      );
      queues.push(queue);
    },
    start: () => worker.start(),
    close: () => worker.close(),
  };
}

export function instrumentLabelRenderer(renderer: LabelRendererPort, metrics: GatewayMetrics): LabelRendererPort {
  return {
    get printsAtOnce() {
      return renderer.printsAtOnce;
    },
    async render(data: LabelData): Promise<Buffer> {
      const started = performance.now();
      let ok = false;
      try {
        const pdf = await renderer.render(data);
        ok = true;
        return pdf;
      } finally {
        metrics.observeLabelRender(ok, (performance.now() - started) / 1000);
      }
    },
    async renderMany(data: readonly LabelData[]): Promise<Buffer[]> {
      const started = performance.now();
      let ok = false;
      try {
        const pdfs = await renderer.renderMany(data);
        ok = true;
        return pdfs;
      } finally {
        // Each label counts once, at its share of the print's time, so the rate and mean stay per label.
        const share = (performance.now() - started) / 1000 / Math.max(1, data.length);
        for (let i = 0; i < data.length; i++) metrics.observeLabelRender(ok, share);
      }
    },
  };
}

/** Launches after the first one are restarts: a retired (render budget) or crashed browser. */
export function countBrowserEvent(metrics: GatewayMetrics, event: BrowserPoolEvent): void {
  if (event.type !== 'closed') metrics.countBrowserEvent(event.type);
}
