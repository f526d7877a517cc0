import { Inject, Injectable, Optional } from '@nestjs/common';
import { eventKindsForStatusChange, LabelFormat as DomainLabelFormat, ValidationError } from '@lgw/domain';
import {
  ResolveCarrierConnectionUseCase,
  shipmentCarrier,
} from '../../carrier-connections/resolve-carrier-connection/resolve-carrier-connection.use-case';
import { CARRIER_REGISTRY, CarrierRegistryPort } from '../../ports/carrier.port';
import {
  LABEL_FORMAT_RENDERER,
  LABEL_RENDERER,
  LabelFormat,
  LabelFormatRendererPort,
  LabelRendererPort,
  LabelRendererUnavailableError,
} from '../../ports/label-renderer.port';
import { LABEL_STORE, LabelStorePort } from '../../ports/label-store.port';
import { CARRIER_CATALOGUE, CarrierCataloguePort } from '../../ports/rating-sources.port';
import { CLOCK, ClockPort } from '../../ports/clock.port';
import { EVENT_JOB_ATTEMPTS, JobQueuePort } from '../../ports/job-queue.port';
import { gatewayEvent, ShipmentRecord } from '../../shipments/shipment.record';
import { toLabelData } from '../label-data';

export const LABEL_QUEUE = 'labels';

/** One label job per shipment, however many times it is asked for. */
export function labelJobId(shipmentId: string): string {
  return `label-${shipmentId}`;
}

/** Queues a shipment's label (the relay, and the sweep for labels whose job was lost). */
export function enqueueLabel(jobs: JobQueuePort, shipmentId: string): Promise<void> {
  return jobs.enqueue(LABEL_QUEUE, 'render', { shipmentId }, { jobId: labelJobId(shipmentId), attempts: EVENT_JOB_ATTEMPTS });
}

/**
 * Renders a shipment's label once and keeps it. Safe to run twice (a retried job, or a
 * GET racing the job): the first stored PDF wins and the status moves only from CREATED.
 */
@Injectable()
export class RenderLabelUseCase {
  constructor(
    @Inject(LABEL_STORE) private readonly labels: LabelStorePort,
    @Inject(LABEL_RENDERER) private readonly renderer: LabelRendererPort,
    @Inject(CARRIER_CATALOGUE) private readonly catalogue: CarrierCataloguePort,
    @Inject(CLOCK) private readonly clock: ClockPort,
    @Inject(LABEL_FORMAT_RENDERER) private readonly formats: LabelFormatRendererPort,
    @Optional() @Inject(CARRIER_REGISTRY) private readonly carriers?: CarrierRegistryPort,
    @Optional() private readonly connections?: ResolveCarrierConnectionUseCase,
  ) {}

  /** The formats of the carrier's own label document, when the carrier issues one (DESIGN §7); else undefined. */
  carrierLabelFormats(carrierCode: string): readonly DomainLabelFormat[] | undefined {
    return this.catalogue.find(carrierCode)?.capabilities.labels?.formats;
  }

  /**
   * Job entry point: by shipment id, whatever the team. A browser that cannot run ends the job
   * without spending its retries: the shipment stays waiting for its label and the label sweep
   * asks again a minute later (docs/adr/0034-labels-without-a-browser.md).
   */
  async execute(command: { shipmentId: string }): Promise<void> {
    if (await this.labels.find(command.shipmentId)) return;
    const shipment = await this.labels.findShipment(command.shipmentId);
    if (!shipment) return;
    try {
      const own = this.carrierLabelFormats(shipment.carrierCode);
      // A real carrier's AWB document: fetched and kept as it came, nothing rendered (DESIGN §7).
      if (own) {
        await this.renderFormat(shipment, own[0]);
        return;
      }
      // The A6 label, and the ZPL precomputed with it: serving ZPL then needs no browser (ADR 0049).
      await this.renderFormat(shipment, 'zpl');
      // A shipment that asked for 4×6 gets it ready too.
      if (shipment.labelFormat === 'pdf_4x6') await this.renderFormat(shipment, 'pdf_4x6');
    } catch (error) {
      if (!(error instanceof LabelRendererUnavailableError)) throw error;
    }
  }

  /**
   * The label in a format, rendered and stored now if it is not yet (the A6 label first: the
   * other formats hang off it). A label whose shipment's destination changed while it was being
   * rendered is not kept: it is rendered again from the current shipment.
   */
  async renderFormat(shipment: ShipmentRecord, format: LabelFormat): Promise<Buffer> {
    const own = this.carrierLabelFormats(shipment.carrierCode);
    if (own) {
      if (!own.includes(format)) throw carrierFormatRefused(own);
      const kept = (await this.labels.find(shipment.id)) ?? (await this.renderAndStore(shipment));
      if (!kept) throw new LabelRendererUnavailableError('the shipment changed while its label was fetched', 1);
      return kept;
    }
    let current = shipment;
    for (let attempt = 1; ; attempt++) {
      const a6 = (await this.labels.find(current.id)) ?? (await this.renderAndStore(current));
      if (a6 && format === 'pdf_a6') return a6;
      if (a6 && format !== 'pdf_a6') {
        const stored = await this.labels.findFormat(current.teamId, current.id, format);
        if (stored?.body) return stored.body;
        const body = await this.formats.render(format, toLabelData(current, this.catalogue.find(current.carrierCode)));
        const kept = await this.labels.saveFormat(current.id, format, body, this.clock.now());
        if (kept) return kept;
      }
      const reread = await this.labels.findShipment(current.id);
      if (!reread || attempt >= 3) throw new LabelRendererUnavailableError('the shipment changed while its label was rendered', 1);
      current = reread;
    }
  }

  /** Renders and stores the A6 label; null when the shipment's destination changed meanwhile. */
  async renderAndStore(shipment: ShipmentRecord): Promise<Buffer | null> {
    const pdf = this.carrierLabelFormats(shipment.carrierCode)
      ? await this.fetchCarrierLabel(shipment)
      : await this.renderer.render(toLabelData(shipment, this.catalogue.find(shipment.carrierCode)));
    const at = this.clock.now();
    return this.labels.saveAndAdvance(shipment, pdf, at, gatewayEvent(shipment.id, 'LABEL_GENERATED', at), [
      {
        teamId: shipment.teamId,
        aggregateId: shipment.id,
        type: 'shipment.status_changed',
        payload: {
          shipment_id: shipment.id,
          previous_status: 'CREATED',
          status: 'LABEL_GENERATED',
          kinds: eventKindsForStatusChange('CREATED', 'LABEL_GENERATED'),
        },
      },
    ]);
  }

  /** The carrier's own document, on the account the shipment was booked on. */
  private async fetchCarrierLabel(shipment: ShipmentRecord): Promise<Buffer> {
    if (!this.carriers) throw new Error('no carrier registry for carrier labels');
    const carrier = await shipmentCarrier(this.carriers, this.connections, shipment.teamId, shipment);
    if (!carrier.fetchLabel) throw new Error(`carrier ${shipment.carrierCode} declares labels but cannot fetch them`);
    return carrier.fetchLabel(shipment.trackingNumber);
  }
}

/** 422 naming the formats a real carrier's label document exists in. */
export function carrierFormatRefused(formats: readonly DomainLabelFormat[]): ValidationError {
  return new ValidationError(
    'format',
    `this carrier issues its own label in ${formats.join(', ')} only`,
    `تصدر شركة الشحن ملصقها بصيغة ${formats.join('، ')} فقط`,
  );
}
