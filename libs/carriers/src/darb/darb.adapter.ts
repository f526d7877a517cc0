import { AddressProps, CarrierOperationNotSupportedError, CarrierRejectedError, CarrierUnavailableError } from '@lgw/kernel';
import {
  CarrierBooking,
  CarrierBookingFound,
  CarrierBookingRequest,
  CarrierBulkBooking,
  CarrierBulkOutcome,
  CarrierPickupOperations,
  CarrierPort,
  CarrierRemittancePage,
  CarrierTrackingEvent,
  PassthroughResponse,
} from '@lgw/carrier-access';
import { CarrierCallGuard } from '../shared/carrier-call-guard';
import { formatCsv, parseCsv } from '../shared/csv';
import { withDeadline } from '../shared/deadline';
import { RequestBatcher } from '../shared/request-batcher';
import { chunk } from '../shared/text';
import { DarbFileExchange } from './darb-file-exchange';
import { DarbTrackingRangePool } from './darb-tracking-range-pool';
import { DarbClient } from './darb.client';
import { fromDarbSettlementRows, fromDarbStatusRow, toDarbAddressChangeRow, toDarbOrderRow, toDarbProduct } from './darb.mapper';
import { DarbSettings } from './darb.settings';
import {
  DARB_ADDRESS_CHANGE_COLUMNS,
  DARB_CANCELLATION_COLUMNS,
  DARB_COLLECTION_COLUMNS,
  DarbCollectionResultRow,
  DARB_ORDER_COLUMNS,
  DarbOrderLookupRow,
  DarbOrderResultRow,
  DarbOrderRow,
  DarbSettlementRow,
  DarbStatusRow,
  DarbUpdateResultRow,
} from './darb.wire-types';

const FEED_BATCH = 200;
/** Darb no longer knows our block (its side was reset): take a fresh block and resend once. */
const STALE_NUMBER_CODES = new Set(['TRACKING_NUMBER_NOT_ISSUED', 'TRACKING_NUMBER_IN_USE']);

/** Darb Logistics (integration type csv_batch). */
export class DarbAdapter implements CarrierPort {
  readonly code = 'darb';
  private readonly files: DarbFileExchange;
  private readonly ranges: DarbTrackingRangePool;
  private readonly orders: RequestBatcher<DarbOrderRow, DarbOrderResultRow>;
  private readonly timeoutMs: number;
  /** Fulfilment batches: a page of orders leaves as whole order files, numbered from Darb's ranges. */
  readonly bulk: CarrierBulkBooking;

  constructor(
    private readonly client: DarbClient,
    private readonly guard: CarrierCallGuard,
    settings: Pick<
      DarbSettings,
      'rangeSize' | 'maxRowsPerFile' | 'maxFilesInFlight' | 'bulkOrdersPerFile' | 'bulkFilesInFlight' | 'resultWaitMs' | 'resilience'
    >,
  ) {
    this.timeoutMs = settings.resilience.timeoutMs;
    this.files = new DarbFileExchange(client, guard, settings.resultWaitMs);
    this.ranges = new DarbTrackingRangePool(() =>
      // A retried allocation may waste a block; blocks are plentiful, so that is harmless.
      guard.run('allocate tracking range', (signal) => client.allocateRange(settings.rangeSize, signal), { idempotent: true }),
    );
    this.orders = new RequestBatcher((rows) => this.files.submit<DarbOrderResultRow>('book', 'orders', DARB_ORDER_COLUMNS, rows), {
      carrierCode: this.code,
      operation: 'book',
      keyOf: (row) => row.order_ref,
      keyOfResult: (result) => result.order_ref,
      maxRowsPerFile: settings.maxRowsPerFile,
      maxFilesInFlight: settings.maxFilesInFlight,
      timeoutMs: settings.resilience.timeoutMs,
    });
    this.bulk = {
      ordersPerFile: settings.bulkOrdersPerFile,
      filesInFlight: settings.bulkFilesInFlight,
      bookMany: (requests) => this.bookMany(requests),
    };
  }

  static create(settings: DarbSettings): DarbAdapter {
    return new DarbAdapter(new DarbClient(settings), new CarrierCallGuard('darb', settings.resilience), settings);
  }

  get circuit() {
    return this.guard.circuit;
  }

  async book(request: CarrierBookingRequest): Promise<CarrierBooking> {
    const product = toDarbProduct(request.serviceCode);
    if (!product) throw new CarrierRejectedError(this.code, `unknown service level ${request.serviceCode}`);
    // A booking may need a range, a file and a second file: one deadline covers them all.
    return withDeadline(
      this.bookWith(request, product),
      this.timeoutMs,
      () => new CarrierUnavailableError(this.code, `book: no answer within ${this.timeoutMs} ms`, 5),
    );
  }

  private async bookWith(request: CarrierBookingRequest, product: string): Promise<CarrierBooking> {
    const first = await this.ranges.next();
    let result = await this.sendOrder(toDarbOrderRow(request, product, first));
    if (result.result === 'REJECTED' && STALE_NUMBER_CODES.has(result.error_code)) {
      this.ranges.discardBlockOf(first);
      result = await this.sendOrder(toDarbOrderRow(request, product, await this.ranges.next()));
    }
    if (result.result === 'ACCEPTED' || result.result === 'DUPLICATE') {
      // DUPLICATE: Darb already holds this order (a retry) and answers with its original number.
      return { trackingNumber: result.tracking_number, carrierReference: request.shipmentId };
    }
    throw new CarrierRejectedError(this.code, `${result.error_code}: ${result.error_message}`);
  }

  private async bookMany(requests: readonly CarrierBookingRequest[]): Promise<CarrierBulkOutcome[]> {
    const outcomes: CarrierBulkOutcome[] = new Array(requests.length);
    const files = chunk(
      requests.map((_, i) => i),
      this.bulk.ordersPerFile,
    );
    let next = 0;
    const sender = async () => {
      while (next < files.length) await this.sendOrderFile(requests, files[next++], outcomes, true);
    };
    await Promise.all(Array.from({ length: Math.min(this.bulk.filesInFlight, files.length) }, sender));
    return outcomes;
  }

  /**
   * One order file: numbers for all its orders, one upload, one result file, answers matched
   * back by order_ref (the shipment id). Orders whose numbers Darb no longer recognises go
   * once more in a file of their own with numbers from a fresh block.
   */
  private async sendOrderFile(
    requests: readonly CarrierBookingRequest[],
    indices: readonly number[],
    outcomes: CarrierBulkOutcome[],
    resendStale: boolean,
  ): Promise<void> {
    const sent: number[] = [];
    const products: string[] = [];
    for (const i of indices) {
      const product = toDarbProduct(requests[i].serviceCode);
      if (product) {
        sent.push(i);
        products.push(product);
      } else outcomes[i] = { refused: `unknown service level ${requests[i].serviceCode}` };
    }
    if (sent.length === 0) return;
    let rows: DarbOrderRow[];
    let results: DarbOrderResultRow[];
    try {
      const numbers = await this.ranges.take(sent.length);
      rows = sent.map((i, k) => toDarbOrderRow(requests[i], products[k], numbers[k]));
      results = await this.files.submit<DarbOrderResultRow>('book', 'orders', DARB_ORDER_COLUMNS, rows);
    } catch (error) {
      const outcome: CarrierBulkOutcome =
        error instanceof CarrierRejectedError ? { refused: error.carrierMessage } : { unavailable: error };
      for (const i of sent) outcomes[i] = outcome;
      return;
    }
    const byRef = new Map(results.map((r) => [r.order_ref, r]));
    const stale: number[] = [];
    sent.forEach((i, k) => {
      const result = byRef.get(requests[i].shipmentId);
      if (!result) {
        outcomes[i] = { unavailable: new CarrierUnavailableError(this.code, 'book: missing from result file', 5) };
      } else if (result.result === 'ACCEPTED' || result.result === 'DUPLICATE') {
        outcomes[i] = { booked: { trackingNumber: result.tracking_number, carrierReference: requests[i].shipmentId } };
      } else if (resendStale && STALE_NUMBER_CODES.has(result.error_code)) {
        this.ranges.discardBlockOf(rows[k].tracking_number);
        stale.push(i);
      } else {
        outcomes[i] = { refused: `${result.error_code}: ${result.error_message}` };
      }
    });
    if (stale.length > 0) await this.sendOrderFile(requests, stale, outcomes, false);
  }

  async cancel(trackingNumber: string): Promise<void> {
    const [result] = await this.files.submit<DarbUpdateResultRow>('cancel', 'cancellations', DARB_CANCELLATION_COLUMNS, [
      { tracking_number: trackingNumber, reason: 'cancelled by merchant' },
    ]);
    if (result?.result === 'CANCELLED' || result?.result === 'ALREADY_CANCELLED') return;
    throw new CarrierRejectedError(this.code, result ? `${result.error_code}: ${result.error_message}` : 'empty result file');
  }

  async findBookingByReference(gatewayReference: string): Promise<CarrierBookingFound | null> {
    const csv = await this.guard.run('find booking', (signal) => this.client.orderLookup([gatewayReference], signal), { idempotent: true });
    const rows = (await parseCsv(csv)) as unknown as DarbOrderLookupRow[];
    const row = rows.find((r) => r.order_ref === gatewayReference);
    if (!row || row.state === 'NOT_FOUND' || !row.tracking_number) return null;
    return { trackingNumber: row.tracking_number, carrierReference: gatewayReference, cancelled: row.state === 'CANCELLED' };
  }

  /** Collections as Darb takes them: a collection list file, one row per parcel. */
  readonly pickups: CarrierPickupOperations = {
    schedulePickup: async (request) => {
      const rows = request.trackingNumbers.map((tn) => ({
        collection_ref: request.reference,
        collection_date: request.date.replaceAll('-', ''),
        window_start: request.window.from.replace(':', ''),
        window_end: request.window.to.replace(':', ''),
        tracking_number: tn,
        pickup_city: request.address.city,
        pickup_short_address: request.address.short_address ?? '',
        pickup_phone: request.address.phone ?? '',
      }));
      const csv = await formatCsv(DARB_COLLECTION_COLUMNS, rows);
      // A re-sent list with the same collection_ref answers the collection already booked.
      const answer = await this.guard.run('schedule pickup', (signal) => this.client.submitCollectionList(csv, signal), {
        idempotent: true,
      });
      const [row] = (await parseCsv(answer)) as unknown as DarbCollectionResultRow[];
      if (row?.state !== 'SCHEDULED' || !row.collection_number) {
        throw new CarrierRejectedError(this.code, row?.error_message || 'collection list refused');
      }
      return { confirmationNumber: row.collection_number };
    },
    cancelPickup: async (confirmationNumber) => {
      await this.guard.run('cancel pickup', (signal) => this.client.cancelCollection(confirmationNumber, signal), { idempotent: true });
    },
    findPickupByReference: async (reference) => {
      const csv = await this.guard.run('find pickup', (signal) => this.client.collectionLookup([reference], signal), { idempotent: true });
      const rows = (await parseCsv(csv)) as unknown as DarbCollectionResultRow[];
      const row = rows.find((r) => r.collection_ref === reference);
      if (!row || row.state === 'NOT_FOUND' || !row.collection_number) return null;
      return { confirmationNumber: row.collection_number, cancelled: row.state === 'CANCELLED' };
    },
  };

  async fetchTracking(trackingNumbers: readonly string[]): Promise<CarrierTrackingEvent[]> {
    const events: CarrierTrackingEvent[] = [];
    for (const batch of chunk([...new Set(trackingNumbers)], FEED_BATCH)) {
      const feed = await this.guard.run('tracking', (signal) => this.client.statusFeed(batch, signal), { idempotent: true });
      for (const row of (await parseCsv(feed)) as unknown as DarbStatusRow[]) {
        const event = fromDarbStatusRow(row);
        if (event) events.push(event);
      }
    }
    return events;
  }

  /** Darb's settlement CSV after the last settlement_seq read: the cursor is that number. */
  async fetchRemittances(cursor: string | null): Promise<CarrierRemittancePage> {
    const after = cursor && /^\d+$/.test(cursor) ? Number(cursor) : 0;
    const file = await this.guard.run('remittances', (signal) => this.client.settlements(after, signal), { idempotent: true });
    const rows = (await parseCsv(file.csv)) as unknown as DarbSettlementRow[];
    const settled = fromDarbSettlementRows(rows);
    return { remittances: settled.remittances, cursor: String(Math.max(after, settled.lastSeq)), hasMore: file.more };
  }

  async updateDestination(trackingNumber: string, destination: AddressProps): Promise<void> {
    const [result] = await this.files.submit<DarbUpdateResultRow>('update destination', 'address-changes', DARB_ADDRESS_CHANGE_COLUMNS, [
      toDarbAddressChangeRow(trackingNumber, destination),
    ]);
    if (result?.result === 'UPDATED') return;
    throw new CarrierRejectedError(this.code, result ? `${result.error_code}: ${result.error_message}` : 'empty result file');
  }

  async passthrough(_rawBody: Buffer): Promise<PassthroughResponse> {
    throw new CarrierOperationNotSupportedError(this.code, 'passthrough');
  }

  async close(): Promise<void> {
    this.orders.close();
  }

  private sendOrder(row: DarbOrderRow): Promise<DarbOrderResultRow> {
    return this.orders.submit(row);
  }
}
