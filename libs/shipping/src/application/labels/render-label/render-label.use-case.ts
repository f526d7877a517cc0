import { Inject, Injectable } from '@nestjs/common';
import {
  LABEL_FORMAT_RENDERER,
  LABEL_MERGER,
  LABEL_RENDERER,
  LabelFormatRendererPort,
  LabelMergerPort,
  LabelRendererPort,
} from '../../ports/label-renderer.port';
import {
  LabelFormat,
  LabelRendererUnavailableError,
  CLOCK,
  ClockPort,
  defineJob,
  enqueueJob,
  EVENT_JOB_ATTEMPTS,
  JobQueuePort,
  ValidationError,
} from '@lgw/kernel';
import { LABEL_STORE, LabelStorePort } from '../../ports/label-store.port';
import { CARRIER_CATALOGUE, CarrierCataloguePort, CarrierConnectionResolver } from '@lgw/carrier-access';
import { ShipmentRecord } from '../../shipment.record';
import { toLabelData } from '../label-data';

export const LABEL_QUEUE = 'labels';

/** Renders a new shipment's label. */
export const RENDER_LABEL_JOB = defineJob<{ readonly shipmentId: string }>(LABEL_QUEUE, 'render');

/** One label job per shipment, however many times it is asked for. */
export function labelJobId(shipmentId: string): string {
  return `label-${shipmentId}`;
}

/** Queues a shipment's label (the relay, and the sweep for labels whose job was lost). */
export function enqueueLabel(jobs: JobQueuePort, shipmentId: string): Promise<void> {
  return enqueueJob(jobs, RENDER_LABEL_JOB, { shipmentId }, { jobId: labelJobId(shipmentId), attempts: EVENT_JOB_ATTEMPTS });
}

/**
 * Renders a shipment's label once and keeps it. Safe to run twice (a retried job, or a
 * GET racing the job): the first stored PDF wins and the status moves only from CREATED.
 * A service over the label ports, shared by the label job, GET label and the merged print.
 */
@Injectable()
export class LabelRendering {
  constructor(
    @Inject(LABEL_STORE) private readonly labels: LabelStorePort,
    @Inject(LABEL_RENDERER) private readonly renderer: LabelRendererPort,
    @Inject(CARRIER_CATALOGUE) private readonly catalogue: CarrierCataloguePort,
    @Inject(CLOCK) private readonly clock: ClockPort,
    @Inject(LABEL_FORMAT_RENDERER) private readonly formats: LabelFormatRendererPort,
    private readonly connections: CarrierConnectionResolver,
    @Inject(LABEL_MERGER) private readonly merger: LabelMergerPort,
  ) {}

  /** Labels being drawn by this process now, by shipment id, each settling to what was stored. */
  private readonly drawing = new Map<string, Promise<Buffer | null>>();

  /** Prints of many labels worth keeping in flight at once (the renderer's browser pages). */
  get printsAtOnce(): number {
    return Math.max(1, this.renderer.printsAtOnce);
  }

  /** The formats of the carrier's own label document, when the carrier issues one (DESIGN §7); else undefined. */
  carrierLabelFormats(carrierCode: string): readonly LabelFormat[] | undefined {
    return this.catalogue.find(carrierCode)?.capabilities.labels?.formats;
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
    return this.labels.saveAndAdvance(shipment, pdf, at, (current) => current.recordLabelGenerated(at));
  }

  /**
   * The A6 labels of shipments whose label the gateway draws, rendered in one print and stored,
   * in order; null for a shipment whose label is the carrier's own or whose destination changed
   * while it was drawn (the caller renders those one by one). A label this process is drawing
   * already is waited for, not drawn again: a batch's label job and its download go through the
   * same pages at the same time, and each would otherwise print every label twice.
   */
  async renderAndStoreMany(shipments: readonly ShipmentRecord[]): Promise<Array<Buffer | null>> {
    const drawn = shipments.filter((s) => !this.carrierLabelFormats(s.carrierCode));
    const others = new Map<string, Promise<Buffer | null>>();
    const mine: ShipmentRecord[] = [];
    for (const s of drawn) {
      const other = this.drawing.get(s.id);
      if (other) others.set(s.id, other);
      else mine.push(s);
    }
    const kept = new Map<string, Buffer | null>();
    if (mine.length > 0) {
      const print = this.printAndStore(mine);
      const claims = mine.map((s) => {
        const claim = print.then((stored) => stored.get(s.id) ?? null);
        claim.catch(() => undefined); // its own caller sees the failure; a waiter gets null below
        this.drawing.set(s.id, claim);
        return [s.id, claim] as const;
      });
      try {
        for (const [id, pdf] of await print) kept.set(id, pdf);
      } finally {
        for (const [id, claim] of claims) if (this.drawing.get(id) === claim) this.drawing.delete(id);
      }
    }
    // Another caller's print that failed leaves these to be drawn one by one, as a changed one is.
    for (const [id, other] of others) kept.set(id, await other.catch(() => null));
    return shipments.map((s) => kept.get(s.id) ?? null);
  }

  private async printAndStore(shipments: readonly ShipmentRecord[]): Promise<Map<string, Buffer | null>> {
    const pdfs = await this.renderer.renderMany(shipments.map((s) => toLabelData(s, this.catalogue.find(s.carrierCode))));
    const at = this.clock.now();
    const stored = await this.labels.saveAndAdvanceMany(
      shipments.map((shipment, i) => ({ shipment, pdf: pdfs[i] })),
      at,
      (current) => current.recordLabelGenerated(at),
    );
    return new Map(shipments.map((s, i) => [s.id, stored[i]]));
  }

  /**
   * The carrier's own document, on the account the shipment was booked on. A carrier that numbers
   * pieces issues a document per piece (SMSA's waybill per parcel AWB): they are joined in piece
   * order into one file, each page as the carrier drew it (docs/adr/0087).
   */
  private async fetchCarrierLabel(shipment: ShipmentRecord): Promise<Buffer> {
    const carrier = await this.connections.forShipment(shipment.teamId, shipment);
    if (!carrier.fetchLabel) throw new Error(`carrier ${shipment.carrierCode} declares labels but cannot fetch them`);
    const descriptor = this.catalogue.find(shipment.carrierCode);
    const pieces = shipment.pieces ?? [];
    if (pieces.length < 2 || descriptor?.capabilities?.pieces?.numbering !== 'carrier') return carrier.fetchLabel(shipment.trackingNumber);
    const fetch = carrier.fetchLabel.bind(carrier);
    const documents = (async function* () {
      for (const piece of pieces) yield await fetch(piece.trackingNumber);
    })();
    const format = descriptor.capabilities?.labels?.formats[0] ?? 'pdf_a6';
    const chunks: Buffer[] = [];
    for await (const chunk of this.merger.merge(format, documents)) chunks.push(chunk);
    return Buffer.concat(chunks);
  }
}

/** 422 naming the formats a real carrier's label document exists in. */
export function carrierFormatRefused(formats: readonly LabelFormat[]): ValidationError {
  return new ValidationError(
    'format',
    `this carrier issues its own label in ${formats.join(', ')} only`,
    `تصدر شركة الشحن ملصقها بصيغة ${formats.join('، ')} فقط`,
  );
}

/** The label job: renders what a new shipment needs, by shipment id whatever the team. */
@Injectable()
export class RenderLabelUseCase {
  constructor(
    @Inject(LABEL_STORE) private readonly labels: LabelStorePort,
    private readonly rendering: LabelRendering,
  ) {}

  /**
   * Job entry point: by shipment id, whatever the team. A browser that cannot run ends the job
   * without spending its retries: the shipment stays waiting for its label and the label sweep
   * asks again a minute later (docs/adr/0034-labels-without-a-browser.md).
   */
  async execute(command: { shipmentId: string }): Promise<void> {
    // One read: nothing to do for a label stored already or a shipment unknown.
    const [shipment] = await this.labels.unlabelledShipments([command.shipmentId]);
    if (!shipment) return;
    try {
      const own = this.rendering.carrierLabelFormats(shipment.carrierCode);
      // A real carrier's AWB document: fetched and kept as it came, nothing rendered (DESIGN §7).
      if (own) {
        await this.rendering.renderFormat(shipment, own[0]);
        return;
      }
      // The A6 label, and the ZPL precomputed with it: serving ZPL then needs no browser (ADR 0049).
      await this.rendering.renderFormat(shipment, 'zpl');
      // A shipment that asked for 4×6 gets it ready too.
      if (shipment.labelFormat === 'pdf_4x6') await this.rendering.renderFormat(shipment, 'pdf_4x6');
    } catch (error) {
      if (!(error instanceof LabelRendererUnavailableError)) throw error;
    }
  }
}
