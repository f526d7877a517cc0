import { AddressProps, AuditEntry } from '@lgw/kernel';
import { BatchPhase, BatchStatus } from '../../domain/batch-csv-format';
import { BillingLineDraft } from '@lgw/billing';
import { Shipment } from '@lgw/shipping';

/** A fulfilment batch as stored (the CSV files themselves are in the BatchFileStorePort). */
export interface FulfilmentBatchRecord {
  readonly id: string;
  readonly teamId: string;
  readonly status: BatchStatus;
  readonly phase: BatchPhase;
  readonly filename: string;
  readonly sizeBytes: number;
  readonly rowCount: number;
  readonly acceptedCount: number;
  readonly rejectedCount: number;
  /** Rows done in the current phase (validation, then booking). */
  readonly processedRows: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly finishedAt: Date | null;
}

/** One order of a valid batch: the rows sharing an order_ref. Money in halalas. */
export interface BatchOrderDraft {
  readonly orderRef: string;
  /** Fixed before booking: the carrier knows the order by it, so a re-sent order is recognised. */
  readonly shipmentId: string;
  /** Order of first appearance in the file. */
  readonly seq: number;
  readonly destination: AddressProps;
  readonly rowCount: number;
  readonly totalQty: number;
  readonly codAmountHalalas: number;
}

export interface BatchOrderRecord extends BatchOrderDraft {
  readonly trackingNumber: string | null;
  /** The carrier refused this order (its own validation); its rows are reported, not booked. */
  readonly carrierError: string | null;
  /** When the order was recorded as handed to the carrier (before its file left), or null: never sent. */
  readonly handedOffAt: Date | null;
}

/**
 * A booked order: the booked shipment (Shipment.confirmBooking), saved with the CREATED step
 * and the domain event it recorded, and the ledger lines of that domain event (none for a team
 * in test mode), written with it and recorded as billed, so no billing job runs per shipment
 * (docs/adr/0067).
 */
export interface BatchBooking {
  readonly orderRef: string;
  readonly shipment: Shipment;
  readonly billing: { readonly periodStart: string; readonly lines: readonly BillingLineDraft[] };
}

export interface BatchCounts {
  readonly rowCount: number;
  readonly acceptedCount: number;
  readonly rejectedCount: number;
}

export interface FulfilmentBatchRepositoryPort {
  /** With its audit event, in one transaction. */
  create(batch: FulfilmentBatchRecord, audit?: AuditEntry): Promise<void>;
  find(id: string): Promise<FulfilmentBatchRecord | null>;
  findForTeam(teamId: string, id: string): Promise<FulfilmentBatchRecord | null>;
  /** The team's batches, newest first. */
  listForTeam(teamId: string, limit: number, offset: number): Promise<{ items: FulfilmentBatchRecord[]; total: number }>;
  /**
   * Moves a PROCESSING batch on; also its heartbeat. Monotone: (phase, processed rows) never
   * goes back (a re-run after a crash re-counts below what was reported and is not shown).
   */
  setProgress(id: string, phase: BatchPhase, processedRows: number, rowCount?: number): Promise<void>;
  /** Idempotent: an order already saved for (batch, order_ref) is kept as it is. */
  saveOrders(batchId: string, orders: readonly BatchOrderDraft[]): Promise<void>;
  /** Orders neither booked nor refused yet, in file order, after `afterSeq`. */
  pendingOrders(batchId: string, limit: number, afterSeq: number): Promise<BatchOrderRecord[]>;
  /**
   * Shipments, their CREATED events, domain events and ledger lines (the events recorded as billed), and the orders' tracking numbers, in
   * one transaction. A shipment already recorded (a re-run after a crash) is left untouched.
   */
  recordBookings(
    batchId: string,
    bookings: readonly BatchBooking[],
    refused: ReadonlyArray<{ orderRef: string; error: string }>,
  ): Promise<void>;
  /** Records orders as handed to the carrier, before their file leaves (kept if already set). */
  markHandedOff(batchId: string, orderRefs: readonly string[], at: Date): Promise<void>;
  /** Rows whose order is booked or refused. */
  settledRows(batchId: string): Promise<number>;
  /** Every order's seq and tracking number (null: not booked), page by page in file order (seq > afterSeq): what the result file needs. */
  orderOutcomes(batchId: string, afterSeq: number, limit: number): Promise<Array<{ seq: number; trackingNumber: string | null }>>;
  /** PROCESSING → COMPLETED or REJECTED, once; false when it was no longer PROCESSING. */
  finish(id: string, status: 'COMPLETED' | 'REJECTED', counts: BatchCounts, at: Date): Promise<boolean>;
  /** PROCESSING batches not heard of since `before` (their job was lost or their worker died). */
  stalled(before: Date, limit: number): Promise<string[]>;
}

export const FULFILMENT_BATCH_REPOSITORY = Symbol('FULFILMENT_BATCH_REPOSITORY');
