import { BillingCause, BillingLineDraft } from '../../domain/billing-line';
import { BillingPeriod, OutboxEvent } from '@lgw/kernel';

/** One line of the ledger as stored. Money in halalas. */
export interface LedgerLine {
  readonly shipmentId: string;
  readonly trackingNumber: string;
  readonly cause: BillingCause;
  readonly amountHalalas: number;
  readonly vatHalalas: number;
  readonly descriptionEn: string;
  readonly descriptionAr: string;
  /** When the line was written: an invoice's updated_at is its latest. */
  readonly recordedAt: Date;
}

/** Where lines of one domain event go. */
export interface LedgerEntry {
  readonly teamId: string;
  readonly shipmentId: string;
  readonly trackingNumber: string;
  /** The outbox event the lines come from: with shipment and cause, the line's unique key. */
  readonly sourceEventId: string;
  /** The instant that decides the billing period. */
  readonly occurredAt: Date;
  readonly period: BillingPeriod;
}

/** Totals of one period, summed by the database. */
export interface LedgerPeriodSummary {
  readonly periodStart: string;
  readonly subtotalHalalas: number;
  readonly surchargesHalalas: number;
  readonly vatHalalas: number;
  readonly lineCount: number;
  readonly updatedAt: Date;
}

export interface BillingLedgerPort {
  /**
   * Serialised per shipment: hands the shipment's lines so far to `decide` and appends what
   * it returns, skipping any (shipment, cause, source event) already there, and records the
   * source event as processed in the same transaction. Returns how many lines were added.
   */
  record(entry: LedgerEntry, decide: (existing: readonly LedgerLine[]) => readonly BillingLineDraft[]): Promise<number>;
  /** Records an event as processed without lines (nothing to bill, or nothing left to bill for). */
  acknowledge(eventId: string): Promise<void>;
  /**
   * Billable events (docs/api.md §10: created, cancelled, status changes bringing RETURN_TO_ORIGIN or a
   * measured weight) published within (publishedAfter, publishedBefore] and never processed,
   * oldest first: work whose job was lost.
   */
  unprocessedEvents(publishedAfter: Date, publishedBefore: Date, limit: number): Promise<OutboxEvent[]>;
  /**
   * One team's (or every team's) billable events never processed, oldest first: those the
   * relay has not published yet and those published after `publishedAfter` (the sweep's
   * look-back), so an issue can bill what was booked a moment before.
   */
  unbilledEvents(teamId: string | undefined, publishedAfter: Date, limit: number): Promise<OutboxEvent[]>;
  /** One team's lines of one period, in the order they occurred: one indexed query. */
  linesForPeriod(teamId: string, period: BillingPeriod): Promise<LedgerLine[]>;
  /** One summary per period with lines, newest first. */
  periodSummaries(teamId: string): Promise<LedgerPeriodSummary[]>;
}

export const BILLING_LEDGER = Symbol('BILLING_LEDGER');
