import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  AddressProps,
  billingPeriodOf,
  ParcelProps,
  CarrierRejectedError,
  CSV_CODEC,
  CsvCodecPort,
  CLOCK,
  ClockPort,
  JOB_QUEUE,
  JobQueuePort,
  RateCard,
  rateCardForLane,
} from '@lgw/kernel';
import { BATCH_REJECTION_COLUMNS, BATCH_RESULT_COLUMNS, BatchPhase } from '../../domain/batch-csv-format';
import { bookingLines, billedShipment } from '@lgw/billing';
import { enqueueBatchLabels, newTrackingToken, Shipment } from '@lgw/shipping';
import {
  CARRIER_REGISTRY,
  carriersFor,
  carrierAdapter,
  CarrierBooking,
  CarrierBookingRequest,
  CarrierBulkOutcome,
  CarrierPort,
  CarrierRegistryPort,
  CARRIER_CATALOGUE,
  CarrierCataloguePort,
  RATE_CARDS,
  RateCardSourcePort,
} from '@lgw/carrier-access';
import { rateParcels, SHIPPING_RULE_REPOSITORY, ShippingRuleRepositoryPort } from '@lgw/rating';
import { batchOrderFacts, chooseFulfilmentOption, excludedByRuleError } from './batch-carrier-choice';
import { BATCH_FILE_STORE, BatchFileStorePort } from '../ports/batch-file-store.port';
import {
  BatchBooking,
  BatchOrderRecord,
  FULFILMENT_BATCH_REPOSITORY,
  FulfilmentBatchRecord,
  FulfilmentBatchRepositoryPort,
} from '../ports/fulfilment-batch.repository.port';
import { TenantModes } from '@lgw/access';
import { batchFileKeys } from '../fulfilment-batch.view';
import { BatchScan } from './batch-scan';
import { renderWorksheet, WORKSHEET_REJECTED, WorksheetCache, worksheetLine } from './batch-worksheet';
import { ProcessBatchCommand } from './process-batch.command';

/**
 * Orders handed to a carrier without bulk hand-off per step (its adapter regroups single
 * bookings); a carrier with one gets pages of its own files-per-call size.
 */
const BOOKING_PAGE = 2000;
const ORDER_SAVE_CHUNK = 5000;
const PROGRESS_EVERY_ROWS = 2000;
/**
 * An order recorded as handed off is looked up at the carrier, not sent again, and only once
 * this long has passed since: a file the carrier received is processed well within it (the
 * carrier call's own timeout is 5 s by default), so "not found" then means it never arrived.
 */
export const HANDOFF_SETTLE_MS = 10_000;
/** Lookups of handed-off orders in flight at once. */
const LOOKUPS_IN_FLIGHT = 16;

/**
 * Batch orders ship from the merchant's stock at the fulfilment carrier's warehouse; the
 * file names no origin or parcel, so the booking carries the warehouse and a nominal parcel
 * per order (the carrier weighs at packing; a different weight comes back through tracking).
 * docs/adr/0023-fulfilment-batches.md.
 */
export const FULFILMENT_ORIGIN: AddressProps = {
  name: 'Fulfilment centre',
  line1: 'Second Industrial City',
  city: 'Riyadh',
  country: 'SA',
  short_address: 'RIYD2342',
  phone: '966500000000',
};
/** A fulfilment carrier's service level as a batch books on it. */
interface BatchService {
  readonly carrierCode: string;
  readonly serviceCode: string;
  readonly transitMaxDays: number;
  readonly card: RateCard;
  readonly billed: boolean;
}

const KG_PER_UNIT = 0.5;
const MAX_NOMINAL_KG = 30;

export function nominalParcel(totalQty: number): ParcelProps {
  return { weight_kg: Math.min(MAX_NOMINAL_KG, Math.max(KG_PER_UNIT, totalQty * KG_PER_UNIT)), length_cm: 30, width_cm: 20, height_cm: 10 };
}

/**
 * The worker side of a batch. Every step can run again after a crash and lands in the same
 * place: validation is a pure re-read of the stored file; orders are saved once per
 * (batch, order_ref) with the shipment id the carrier will know them by; booking only takes
 * orders without a tracking number, and the carrier answers a re-sent order with its first
 * tracking number; shipments are keyed by that id; the result file is rewritten whole and
 * the final status is set once (PROCESSING → COMPLETED/REJECTED).
 */
@Injectable()
export class ProcessBatchUseCase {
  private readonly logger = new Logger('ProcessBatch');
  private readonly worksheets = new WorksheetCache();

  constructor(
    @Inject(FULFILMENT_BATCH_REPOSITORY) private readonly batches: FulfilmentBatchRepositoryPort,
    @Inject(BATCH_FILE_STORE) private readonly files: BatchFileStorePort,
    @Inject(CSV_CODEC) private readonly csv: CsvCodecPort,
    @Inject(CARRIER_REGISTRY) private readonly carriers: CarrierRegistryPort,
    @Inject(CARRIER_CATALOGUE) private readonly catalogue: CarrierCataloguePort,
    @Inject(RATE_CARDS) private readonly rateCards: RateCardSourcePort,
    @Inject(CLOCK) private readonly clock: ClockPort,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueuePort,
    @Inject(SHIPPING_RULE_REPOSITORY) private readonly rules: ShippingRuleRepositoryPort,
    private readonly modes: TenantModes,
  ) {}

  async execute(command: ProcessBatchCommand): Promise<void> {
    const batch = await this.batches.find(command.batchId);
    if (!batch || batch.status !== 'PROCESSING') return;
    let phase: BatchPhase = batch.phase;
    if (phase === 'queued' || phase === 'validating') {
      const valid = await this.validate(batch);
      if (!valid) return;
      phase = 'booking';
    }
    if (phase === 'booking') await this.book(batch);
    await this.writeResult(batch);
  }

  /** False when the batch ended REJECTED. */
  private async validate(batch: FulfilmentBatchRecord): Promise<boolean> {
    await this.batches.setProgress(batch.id, 'validating', 0);
    const scan = await this.readSource(batch, true);
    if (scan.problemRows > 0) {
      const header = `${this.csv.line(BATCH_REJECTION_COLUMNS)}\n`;
      await this.files.write(
        batchFileKeys(batch.id).rejections,
        renderWorksheet(await this.worksheet(batch), header, (tag, payload) => (tag === WORKSHEET_REJECTED ? `${payload}\n` : null)),
      );
      this.worksheets.drop(batch.id);
      const counts = { rowCount: scan.rowCount, acceptedCount: 0, rejectedCount: scan.problemRows };
      await this.batches.finish(batch.id, 'REJECTED', counts, this.clock.now());
      this.logger.log({ event: 'batch.rejected', batch_id: batch.id, ...counts });
      return false;
    }
    const drafts = scan.drafts(() => randomUUID());
    for (let i = 0; i < drafts.length; i += ORDER_SAVE_CHUNK) {
      await this.batches.saveOrders(batch.id, drafts.slice(i, i + ORDER_SAVE_CHUNK));
    }
    await this.batches.setProgress(batch.id, 'booking', 0, scan.rowCount);
    return true;
  }

  /**
   * The one read of the uploaded file: every row checked and folded into its order, and the
   * worksheet kept for the result or rejection file (batch-worksheet.ts). A re-run after a
   * crash reads again from the top.
   */
  private async readSource(batch: FulfilmentBatchRecord, reportProgress: boolean): Promise<BatchScan> {
    const scan = new BatchScan();
    await this.worksheets.collect(batch.id, this.worksheetLines(batch, scan, reportProgress));
    return scan;
  }

  private async *worksheetLines(batch: FulfilmentBatchRecord, scan: BatchScan, reportProgress: boolean): AsyncGenerator<string> {
    for await (const row of scan.rows(this.csv.parse(await this.source(batch)))) {
      if (reportProgress && row.rowNumber % PROGRESS_EVERY_ROWS === 0)
        await this.batches.setProgress(batch.id, 'validating', row.rowNumber);
      if (row.problems.length === 0) yield worksheetLine(String(row.orderSeq), this.csv.line(row.cells));
      else {
        const rejections = row.problems.map((p) => this.csv.line([String(row.rowNumber), p.field, p.reason_ar, p.reason_en]));
        yield worksheetLine(WORKSHEET_REJECTED, rejections.join('\n'));
      }
    }
  }

  /**
   * The batch's worksheet: the one this worker kept, else (a restart after a crash, another
   * replica, an outsized file) made again from the upload as it is read, never held whole.
   */
  private async worksheet(batch: FulfilmentBatchRecord): Promise<Iterable<Uint8Array> | AsyncIterable<Uint8Array>> {
    const held = this.worksheets.get(batch.id);
    if (held) return held;
    const lines = this.worksheetLines(batch, new BatchScan(), false);
    return (async function* () {
      for await (const line of lines) yield Buffer.from(line, 'utf8');
    })();
  }

  /**
   * Every fulfilment carrier's priced domestic service level, in catalogue order: what a batch
   * order may ship on. The team's shipping rules pick among them per order (docs/adr/0084);
   * with no rule, every order ships on the first, as before rules existed.
   */
  private fulfilmentServices(): BatchService[] {
    const services: BatchService[] = [];
    for (const carrier of this.catalogue.all()) {
      if (carrier.integration_type !== 'csv_batch') continue;
      for (const service of carrier.service_levels) {
        if (!service.lanes.includes('domestic')) continue;
        const listed = this.rateCards.get(service.code);
        // Batch orders ship inside Saudi Arabia: the domestic lane's prices.
        if (!listed) continue;
        services.push({
          carrierCode: carrier.code,
          serviceCode: service.code,
          transitMaxDays: service.transit_days.max,
          card: rateCardForLane(listed, 'domestic'),
          billed: true,
        });
      }
    }
    return services;
  }

  private async book(batch: FulfilmentBatchRecord): Promise<void> {
    const priced = this.fulfilmentServices();
    if (priced.length === 0) throw new Error('no csv_batch carrier with a priced service level is configured');
    const adapters = await carriersFor(this.carriers, batch.teamId);
    const rules = await this.rules.list(batch.teamId);
    // Test mode is never billed (docs/adr/0060): its bookings' events are recorded as billed with no line.
    const billed = (await this.modes.of(batch.teamId)) !== 'test';
    const services = priced.map((service) => ({ ...service, billed }));
    const first = carrierAdapter(adapters, services[0].carrierCode);
    const pageSize = first.bulk ? first.bulk.ordersPerFile * first.bulk.filesInFlight : BOOKING_PAGE;
    let settled = await this.batches.settledRows(batch.id);
    let afterSeq = 0;
    // Two pages in flight: the carrier books page n+1 while page n is being written.
    let writing: Promise<number> = Promise.resolve(0);
    for (;;) {
      const page = await this.batches.pendingOrders(batch.id, pageSize, afterSeq);
      if (page.length === 0) break;
      afterSeq = page[page.length - 1].seq;
      // Each order's service by the team's rules; an order they leave no service is refused, not booked.
      const groups = new Map<BatchService, BatchOrderRecord[]>();
      const ruledOut: Array<{ orderRef: string; error: string }> = [];
      let ruledOutRows = 0;
      for (const order of page) {
        const choice = chooseFulfilmentOption(rules, batchOrderFacts(order, nominalParcel(order.totalQty).weight_kg), services);
        if (!choice.option) {
          ruledOut.push({ orderRef: order.orderRef, error: excludedByRuleError(choice.ruleId ?? '') });
          ruledOutRows += order.rowCount;
        } else {
          const group = groups.get(choice.option);
          if (group) group.push(order);
          else groups.set(choice.option, [order]);
        }
      }
      if (ruledOut.length > 0) {
        await this.batches.recordBookings(batch.id, [], ruledOut);
        settled += ruledOutRows;
      }
      for (const [service, orders] of groups) {
        const adapter = carrierAdapter(adapters, service.carrierCode);
        const asked = Date.now();
        // Recorded before any of them leaves: after a crash, these are looked up, never re-sent blind.
        const fresh = orders.filter((order) => order.handedOffAt === null);
        await this.batches.markHandedOff(
          batch.id,
          fresh.map((order) => order.orderRef),
          this.clock.now(),
        );
        const outcomes = await this.handOver(adapter, orders, service.serviceCode);
        const answered = Date.now();
        settled += await writing;
        this.logger.debug({
          event: 'batch.page',
          batch_id: batch.id,
          carrier: service.carrierCode,
          orders: orders.length,
          carrier_ms: answered - asked,
          waited_for_write_ms: Date.now() - answered,
        });
        writing = this.recordPage(batch, orders, outcomes, service);
        writing.catch(() => undefined);
      }
      await this.batches.setProgress(batch.id, 'booking', settled);
    }
    settled += await writing;
    await this.batches.setProgress(batch.id, 'booking', settled);
  }

  /**
   * A page to the carrier: orders never sent go in its order files when it takes files
   * (CarrierPort.bulk), else one booking each; orders an earlier attempt handed off are looked
   * up first (resumeHandOff). Outcomes in page order.
   */
  private async handOver(adapter: CarrierPort, page: readonly BatchOrderRecord[], serviceCode: string): Promise<CarrierBulkOutcome[]> {
    const outcomes: CarrierBulkOutcome[] = new Array(page.length);
    const fresh: number[] = [];
    const resumed: number[] = [];
    page.forEach((order, i) => (order.handedOffAt === null ? fresh : resumed).push(i));
    const lookups = limitConcurrency(LOOKUPS_IN_FLIGHT);
    const single = (i: number, booking: Promise<CarrierBooking>) =>
      booking.then(
        (booked) => (outcomes[i] = { booked }),
        (error: unknown) =>
          (outcomes[i] = error instanceof CarrierRejectedError ? { refused: error.carrierMessage } : { unavailable: error }),
      );
    const bulk = adapter.bulk;
    await Promise.all([
      bulk && fresh.length > 0
        ? bulk.bookMany(fresh.map((i) => this.bookingRequest(page[i], serviceCode))).then((answers) => {
            answers.forEach((answer, k) => (outcomes[fresh[k]] = answer));
          })
        : Promise.all(fresh.map((i) => single(i, adapter.book(this.bookingRequest(page[i], serviceCode))))),
      ...resumed.map((i) =>
        single(
          i,
          lookups(() => this.resumeHandOff(adapter, page[i], serviceCode)),
        ),
      ),
    ]);
    return outcomes;
  }

  /**
   * Records one page: what the carrier confirmed is written even when part of the page failed,
   * then a carrier outage fails the attempt (the retry resumes at the first unbooked order).
   * Resolves to the rows settled by this page.
   */
  private async recordPage(
    batch: FulfilmentBatchRecord,
    page: readonly BatchOrderRecord[],
    outcomes: readonly CarrierBulkOutcome[],
    service: BatchService,
  ): Promise<number> {
    const now = this.clock.now();
    const bookings: BatchBooking[] = [];
    const refused: Array<{ orderRef: string; error: string }> = [];
    let unavailable: unknown;
    let rows = 0;
    outcomes.forEach((outcome, i) => {
      const order = page[i];
      if ('booked' in outcome) {
        bookings.push(this.booking(batch, order, service, outcome.booked, now));
        rows += order.rowCount;
      } else if ('refused' in outcome) {
        refused.push({ orderRef: order.orderRef, error: outcome.refused });
        rows += order.rowCount;
      } else {
        unavailable ??= outcome.unavailable;
      }
    });
    await this.batches.recordBookings(batch.id, bookings, refused);
    // The page's labels are drawn while the next pages book (best effort: a label not drawn is drawn when asked for).
    await enqueueBatchLabels(
      this.jobs,
      bookings.map((b) => b.shipment.id),
    ).catch((error: unknown) => this.logger.warn(`labels of a page of batch ${batch.id} not queued: ${String(error)}`));
    if (unavailable) throw unavailable;
    return rows;
  }

  /**
   * An order handed off by an earlier attempt that never recorded the answer (a crash, a lost
   * answer): the carrier's own record says whether it has it. Only an order the carrier does
   * not have, once the settle time has passed, is sent (again, for the first time at the carrier).
   */
  private async resumeHandOff(adapter: CarrierPort, order: BatchOrderRecord, serviceCode: string): Promise<CarrierBooking> {
    const settleLeft = (order.handedOffAt?.getTime() ?? 0) + HANDOFF_SETTLE_MS - this.clock.now().getTime();
    if (settleLeft > 0) await new Promise((resolve) => setTimeout(resolve, settleLeft));
    const found = await adapter.findBookingByReference(order.shipmentId);
    if (found && found.cancelled) throw new CarrierRejectedError(adapter.code, 'the carrier holds this order as cancelled');
    if (found) return { trackingNumber: found.trackingNumber, carrierReference: found.carrierReference };
    return adapter.book(this.bookingRequest(order, serviceCode));
  }

  private bookingRequest(order: BatchOrderRecord, serviceCode: string): CarrierBookingRequest {
    return {
      shipmentId: order.shipmentId,
      serviceCode,
      origin: FULFILMENT_ORIGIN,
      destination: order.destination,
      parcels: [nominalParcel(order.totalQty)],
      codAmountHalalas: Shipment.collectibleCodAmountHalalas(order.codAmountHalalas) ?? undefined,
      reference: order.orderRef,
    };
  }

  private booking(
    batch: FulfilmentBatchRecord,
    order: BatchOrderRecord,
    { carrierCode, serviceCode, transitMaxDays, card, billed }: BatchService,
    result: { trackingNumber: string; carrierReference: string },
    now: Date,
  ): BatchBooking {
    const parcels = [nominalParcel(order.totalQty)];
    const rated = rateParcels(card, parcels);
    const booked = Shipment.book({
      id: order.shipmentId,
      teamId: batch.teamId,
      quoteId: null,
      carrierCode,
      serviceCode,
      transitMaxDays,
      trackingToken: newTrackingToken(),
      lane: 'domestic',
      origin: FULFILMENT_ORIGIN,
      destination: order.destination,
      parcels,
      chargeableKg: rated.weights.chargeable_kg,
      codAmountHalalas: order.codAmountHalalas,
      reference: order.orderRef,
      price: rated.price,
      bookedAt: now,
    }).confirmBooking(result, { batch_id: batch.id, labelled_by_carrier: true, billed_with_booking: true });
    const shipment = booked.draft();
    return {
      orderRef: order.orderRef,
      // Saved with the CREATED step and shipment.created it recorded. No label job per shipment:
      // the page's labels are drawn together once it is recorded (recordPage), and GET /labels
      // renders any not yet drawn on demand.
      shipment: booked,
      // What billing's job would write for this event, in the month of booking.
      billing: {
        periodStart: billingPeriodOf(now).start,
        lines: billed ? bookingLines(billedShipment(shipment, () => rated.total.halalas - rated.price.lines.vat)) : [],
      },
    };
  }

  /** The result file from the worksheet and the orders' outcomes: no second read of the upload. */
  private async writeResult(batch: FulfilmentBatchRecord): Promise<void> {
    await this.batches.setProgress(batch.id, 'writing_result', 0);
    // Indexed by order seq (1-based, dense): one entry per order, never the rows.
    const tracking: Array<string | null> = [];
    for (let after = 0; ;) {
      const page = await this.batches.orderOutcomes(batch.id, after, 5000);
      if (page.length === 0) break;
      for (const o of page) tracking[o.seq] = o.trackingNumber;
      after = page[page.length - 1].seq;
    }
    const worksheet = await this.worksheet(batch);
    let rowCount = 0;
    let acceptedCount = 0;
    const created = `,${this.csv.line(['CREATED'])}\n`;
    const rejected = `,${this.csv.line(['', 'REJECTED'])}\n`;
    const header = `${this.csv.line(BATCH_RESULT_COLUMNS)}\n`;
    const lines = renderWorksheet(worksheet, header, (tag, payload) => {
      if (tag === WORKSHEET_REJECTED) throw new Error(`batch ${batch.id}: a row in error in a batch being completed`);
      rowCount += 1;
      const number = tracking[Number(tag)] ?? null;
      if (!number) return `${payload}${rejected}`;
      acceptedCount += 1;
      return `${payload},${this.csv.line([number])}${created}`;
    });
    await this.files.write(batchFileKeys(batch.id).result, lines);
    this.worksheets.drop(batch.id);
    const counts = { rowCount, acceptedCount, rejectedCount: rowCount - acceptedCount };
    if (await this.batches.finish(batch.id, 'COMPLETED', counts, this.clock.now())) {
      this.logger.log({ event: 'batch.completed', batch_id: batch.id, ...counts });
    }
  }

  private async source(batch: FulfilmentBatchRecord): Promise<AsyncIterable<Buffer>> {
    const content = await this.files.open(batchFileKeys(batch.id).source);
    if (!content) throw new Error(`batch ${batch.id}: source file missing`);
    return content;
  }
}

/** Runs at most `limit` of the tasks given to it at once, the others waiting their turn. */
function limitConcurrency(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}
