import { Inject, Injectable } from '@nestjs/common';
import { defineJob, enqueueJob, JobQueuePort, LabelRendererUnavailableError } from '@lgw/kernel';
import { LABEL_STORE, LabelStorePort } from '../../ports/label-store.port';
import { ShipmentRecord } from '../../shipment.record';
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

  /** Job entry point: by shipment ids (one page of one batch); labels stored already or void are skipped. */
  async execute(command: { readonly shipmentIds: readonly string[] }): Promise<{ readonly drawn: number }> {
    let drawn = 0;
    for (let at = 0; at < command.shipmentIds.length; at += LABELS_PER_PRINT) {
      const due: ShipmentRecord[] = [];
      for (const id of command.shipmentIds.slice(at, at + LABELS_PER_PRINT)) {
        const shipment = (await this.labels.find(id)) ? null : await this.labels.findShipment(id);
        if (shipment && shipment.status !== 'CANCELLED' && !this.rendering.carrierLabelFormats(shipment.carrierCode)) due.push(shipment);
      }
      if (due.length === 0) continue;
      try {
        drawn += (await this.rendering.renderAndStoreMany(due)).filter(Boolean).length;
      } catch (error) {
        // No browser here now: the labels are drawn when asked for; the job does not spend its attempts.
        if (error instanceof LabelRendererUnavailableError) return { drawn };
        throw error;
      }
    }
    return { drawn };
  }
}
