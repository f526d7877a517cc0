import { Inject, Injectable } from '@nestjs/common';
import { defineJob, enqueueJob, JobQueuePort, LabelRendererUnavailableError } from '@lgw/kernel';
import { LABEL_STORE, LabelStorePort } from '../../ports/label-store.port';
import { LABEL_QUEUE, LabelRendering } from '../render-label/render-label.use-case';

/** Labels drawn together, per browser print. */
export const LABELS_PER_PRINT = 50;

/**
 * Draws the labels of a fulfilment batch's page once the page is booked, so the warehouse's
 * download reads stored labels instead of waiting for the browser. Best effort: a label this job
 * did not draw is drawn when it is asked for, as before.
 */
export const RENDER_BATCH_LABELS_JOB = defineJob<{ readonly shipmentIds: readonly string[] }>(LABEL_QUEUE, 'render-batch-page');

export function enqueueBatchLabels(jobs: JobQueuePort, shipmentIds: readonly string[]): Promise<void> {
  if (shipmentIds.length === 0) return Promise.resolve();
  // One job per page of shipments however often it is asked (its first shipment and size name the page).
  return enqueueJob(
    jobs,
    RENDER_BATCH_LABELS_JOB,
    { shipmentIds },
    { jobId: `labels-${shipmentIds[0]}-${shipmentIds.length}`, attempts: 3 },
  );
}

@Injectable()
export class RenderBatchLabelsUseCase {
  constructor(
    @Inject(LABEL_STORE) private readonly labels: LabelStorePort,
    private readonly rendering: LabelRendering,
  ) {}

  /**
   * Job entry point: by shipment ids (one page of one batch); labels stored already or void are
   * skipped. The page's prints run as many at once as the renderer prints at once.
   */
  async execute(command: { readonly shipmentIds: readonly string[] }): Promise<{ readonly drawn: number }> {
    const prints: Array<readonly string[]> = [];
    for (let at = 0; at < command.shipmentIds.length; at += LABELS_PER_PRINT)
      prints.push(command.shipmentIds.slice(at, at + LABELS_PER_PRINT));
    let drawn = 0;
    let stop = false;
    let failure: { readonly error: unknown } | undefined;
    const next = async (): Promise<void> => {
      for (let ids = prints.shift(); ids && !stop; ids = prints.shift()) {
        try {
          drawn += await this.print(ids);
        } catch (error) {
          stop = true;
          // No browser here now: the labels are drawn when asked for; the job does not spend its attempts.
          if (!(error instanceof LabelRendererUnavailableError)) failure ??= { error };
        }
      }
    };
    // Every print in flight ends before the job does (its outcome is the job's), the first failure stops the rest.
    await Promise.all(Array.from({ length: this.rendering.printsAtOnce }, next));
    if (failure) throw failure.error;
    return { drawn };
  }

  /** One print's labels: those not stored yet of shipments still live whose label the gateway draws. */
  private async print(ids: readonly string[]): Promise<number> {
    // One read for the print (not two per label): a 100,000-row batch's pages otherwise cost its
    // worker some 57,000 round trips beside the bookings it shares the process with.
    const due = (await this.labels.unlabelledShipments(ids)).filter(
      (shipment) => shipment.status !== 'CANCELLED' && !this.rendering.carrierLabelFormats(shipment.carrierCode),
    );
    if (due.length === 0) return 0;
    return (await this.rendering.renderAndStoreMany(due)).filter(Boolean).length;
  }
}
