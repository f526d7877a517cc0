import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ValidationError, LabelFormat } from '@lgw/kernel';
import { LABEL_MERGER, LabelMergerPort } from '../../ports/label-renderer.port';
import { LABEL_STORE, LabelStorePort } from '../../ports/label-store.port';
import { ShipmentRecord } from '../../shipment.record';
import { LabelRendering } from '../render-label/render-label.use-case';

export const MERGE_MAX_LABELS = 500;
export const BATCH_LABELS_MAX_LIMIT = 1000;
/**
 * Labels read, or drawn in one browser print when not stored yet, together: a print costs tens of
 * milliseconds whatever it holds, so a batch's labels are drawn a chunk at a time, and the next
 * chunk is prepared while this one is written.
 */
const CHUNK = 50;
/** Labels rendered one by one at a time (other formats, carriers' own documents). */
const SINGLE_CONCURRENCY = 4;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export interface MergeLabelsCommand {
  readonly teamId: string;
  readonly shipmentIds: unknown;
  readonly format?: LabelFormat;
}

export interface BatchLabelsCommand {
  readonly teamId: string;
  readonly batchId: string;
  readonly format?: LabelFormat;
  readonly offset: number;
  readonly limit: number;
}

export interface BatchLabelProgressView {
  readonly batch_id: string;
  /** Shipments of the batch that are not cancelled: the labels the batch prints. */
  readonly printable: number;
  /** Of those, how many have their label rendered and stored. */
  readonly ready: number;
}

/**
 * One printable file for many labels, in the given order: a PDF (one label per page) or one
 * ZPL stream. Everything is checked before the first byte; then labels are read (or rendered
 * and stored, when not yet) a few at a time, so memory does not grow with the selection.
 */
@Injectable()
export class MergeLabelsUseCase {
  constructor(
    @Inject(LABEL_STORE) private readonly labels: LabelStorePort,
    @Inject(LABEL_MERGER) private readonly merger: LabelMergerPort,
    private readonly rendering: LabelRendering,
  ) {}

  /** A selection of 1–500 of the team's shipments; any unknown or foreign id → E_NOT_FOUND, a cancelled one → E_LABEL_VOIDED. */
  async selection(command: MergeLabelsCommand): Promise<AsyncIterable<Buffer>> {
    const ids = parseShipmentIds(command.shipmentIds);
    const found = new Map((await this.labels.shipmentsForTeam(command.teamId, [...new Set(ids)])).map((s) => [s.id, s]));
    const shipments = ids.map((id) => found.get(id));
    if (shipments.some((s) => !s)) throw new DomainError('E_NOT_FOUND');
    const voided = shipments.find((s) => s?.status === 'CANCELLED');
    if (voided) throw new DomainError('E_LABEL_VOIDED', { shipment_id: voided.id });
    const format = command.format ?? 'pdf_a6';
    this.refuseMissingFormats(shipments as ShipmentRecord[], format);
    return this.merge(shipments as ShipmentRecord[], format);
  }

  /**
   * How far the batch's labels are: printable shipments and how many have their label stored.
   * A page of labels not stored yet is rendered on the way (seconds per 20), so a client can
   * show this while it waits, or before it asks.
   */
  async batchProgress(teamId: string, batchId: string): Promise<BatchLabelProgressView> {
    const progress = await this.labels.batchLabelProgress(teamId, batchId);
    if (!progress) throw new DomainError('E_NOT_FOUND');
    return { batch_id: batchId, printable: progress.printable, ready: progress.ready };
  }

  /** A page of a batch's labels in file order; cancelled shipments are left out (their labels are void). */
  async batchPage(command: BatchLabelsCommand): Promise<AsyncIterable<Buffer>> {
    const ids = await this.labels.batchShipmentIds(command.teamId, command.batchId, command.offset, command.limit);
    if (!ids) throw new DomainError('E_NOT_FOUND');
    const byId = new Map((await this.labels.shipmentsForTeam(command.teamId, ids)).map((s) => [s.id, s]));
    const shipments = ids.map((id) => byId.get(id)).filter((s): s is ShipmentRecord => Boolean(s) && s?.status !== 'CANCELLED');
    if (shipments.length === 0) {
      throw new ValidationError(
        'offset',
        'no printable label in this page of the batch',
        'لا توجد ملصقات قابلة للطباعة في هذه الصفحة من الدفعة',
      );
    }
    const format = command.format ?? 'pdf_a6';
    this.refuseMissingFormats(shipments, format);
    return this.merge(shipments, format);
  }

  /**
   * A real carrier's own label document (DESIGN §7) is printed as it came: in a PDF merge its PDF
   * (its own page size) stands for the label; a stream in a format it does not issue (ZPL from a
   * carrier that issues PDF only) is refused before the first byte, naming the shipment.
   */
  private refuseMissingFormats(shipments: readonly ShipmentRecord[], format: LabelFormat): void {
    for (const shipment of shipments) {
      const own = this.rendering.carrierLabelFormats(shipment.carrierCode);
      if (own && this.formatFor(shipment, format) === undefined) {
        throw new ValidationError(
          'format',
          `shipment ${shipment.id} has its carrier's own label, in ${own.join(', ')} only`,
          `للشحنة ${shipment.id} ملصق شركة الشحن الخاص بها، بصيغة ${own.join('، ')} فقط`,
        );
      }
    }
  }

  /** The format a shipment's label is printed in for a merge asked in `format` (undefined: it has none that fits). */
  private formatFor(shipment: ShipmentRecord, format: LabelFormat): LabelFormat | undefined {
    const own = this.rendering.carrierLabelFormats(shipment.carrierCode);
    if (!own) return format;
    if (own.includes(format)) return format;
    return format === 'zpl' ? undefined : own.find((f) => f !== 'zpl');
  }

  private merge(shipments: readonly ShipmentRecord[], format: LabelFormat): AsyncIterable<Buffer> {
    return this.merger.merge(format, this.bodies(shipments, format));
  }

  /**
   * The chunks in order, as many drawn at once as the renderer prints at once: the next ones are
   * in the browser while the current one is written out. Memory stays bounded by that many chunks.
   */
  private async *bodies(shipments: readonly ShipmentRecord[], format: LabelFormat): AsyncIterable<Buffer> {
    const chunk = (at: number) => {
      const bodies = this.chunk(shipments.slice(at, at + CHUNK), format);
      bodies.catch(() => undefined); // awaited in order below; never an unhandled rejection meanwhile
      return bodies;
    };
    const ahead: Array<Promise<Buffer[]>> = [];
    let started = 0;
    const fill = () => {
      while (ahead.length < this.rendering.printsAtOnce && started < shipments.length) {
        ahead.push(chunk(started));
        started += CHUNK;
      }
    };
    fill();
    while (ahead.length > 0) {
      const current = ahead.shift() as Promise<Buffer[]>;
      fill();
      for (const body of await current) yield body;
    }
  }

  /** One chunk's labels in order: stored ones read, missing A6 labels drawn together, the rest one by one. */
  private async chunk(shipments: readonly ShipmentRecord[], asked: LabelFormat): Promise<Buffer[]> {
    const formats = shipments.map((s) => this.formatFor(s, asked) ?? asked);
    // One read for the chunk's stored labels (a 10,000-label download was 10,000 reads).
    const bodies = await this.labels.storedBodies(
      shipments[0]?.teamId ?? '',
      shipments.map((s, i) => ({ shipmentId: s.id, format: formats[i] })),
    );
    const drawable = shipments
      .map((s, i) => ({ s, i }))
      .filter(({ s, i }) => !bodies[i] && formats[i] === 'pdf_a6' && !this.rendering.carrierLabelFormats(s.carrierCode));
    if (drawable.length > 1) {
      const drawn = await this.rendering.renderAndStoreMany(drawable.map(({ s }) => s));
      drawable.forEach(({ i }, k) => (bodies[i] = drawn[k]));
    }
    let next = 0;
    const single = async () => {
      while (next < shipments.length) {
        const i = next++;
        if (!bodies[i]) bodies[i] = await this.rendering.renderFormat(shipments[i], formats[i]);
      }
    };
    await Promise.all(Array.from({ length: SINGLE_CONCURRENCY }, single));
    return bodies as Buffer[];
  }
}

/** 1–500 shipment ids, each a UUID. */
export function parseShipmentIds(value: unknown): string[] {
  if (!Array.isArray(value))
    throw new ValidationError('shipment_ids', 'must be an array of shipment ids', 'يجب أن تكون قائمة بمعرّفات الشحنات');
  if (value.length === 0) throw new ValidationError('shipment_ids', 'must name at least one shipment', 'يجب تحديد شحنة واحدة على الأقل');
  if (value.length > MERGE_MAX_LABELS) {
    throw new ValidationError(
      'shipment_ids',
      `must name at most ${MERGE_MAX_LABELS} shipments`,
      `يجب ألا يتجاوز عدد الشحنات ${MERGE_MAX_LABELS}`,
    );
  }
  value.forEach((id, index) => {
    if (typeof id !== 'string' || !UUID.test(id)) {
      throw new ValidationError(`shipment_ids[${index}]`, 'must be a shipment id (UUID)', 'يجب أن يكون معرّف شحنة صالحاً (UUID)');
    }
  });
  return (value as string[]).map((id) => id.toLowerCase());
}
