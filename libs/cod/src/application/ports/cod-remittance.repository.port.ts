import { CarrierRemittance } from '@lgw/carrier-access';

/**
 * The carrier account a payout feed belongs to (docs/adr/0091): 'platform' for the platform's
 * account, else the id of the team's connection. Part of the feed position's and the payout's keys.
 */
export type PayoutAccountKey = string;
export const PLATFORM_PAYOUT_ACCOUNT: PayoutAccountKey = 'platform';

/** The key of the account a connection id names (null: the platform's). */
export function payoutAccountKey(connectionId: string | null): PayoutAccountKey {
  return connectionId ?? PLATFORM_PAYOUT_ACCOUNT;
}

/** A team's share of one carrier payout, as recorded. Money in halalas. */
export interface RemittanceRecord {
  readonly id: string;
  readonly teamId: string;
  readonly carrierCode: string;
  readonly carrierReference: string;
  readonly remittedAt: Date;
  readonly amountHalalas: number;
  readonly itemCount: number;
  readonly status: 'RECONCILED' | 'DISCREPANCY';
}

export interface RemittanceItemRecord {
  readonly shipmentId: string;
  readonly trackingNumber: string;
  readonly expectedHalalas: number;
  readonly remittedHalalas: number;
}

export interface CodSummaryRecord {
  readonly pendingHalalas: number;
  readonly collectedHalalas: number;
  readonly remittedHalalas: number;
  readonly overdueCount: number;
  readonly discrepancyCount: number;
}

/** A payout line no shipment could take (docs/api.md "Cash on delivery"), kept for the operator. */
export interface UnmatchedPayoutLineRecord {
  readonly carrierCode: string;
  /** The team connection whose payout carried the line; null for the platform's account. */
  readonly connectionId: string | null;
  readonly carrierReference: string;
  readonly trackingNumber: string;
  readonly amountHalalas: number;
  readonly remittedAt: Date;
  readonly reason: 'UNKNOWN_TRACKING_NUMBER' | 'ALREADY_REMITTED' | 'OTHER_ACCOUNT';
  readonly recordedAt: Date;
}

/** What recording one payout did: the team remittances it created (none when it was recorded before). */
export interface RecordedPayout {
  readonly created: readonly RemittanceRecord[];
  readonly unmatched: number;
}

export interface CodRemittanceRepositoryPort {
  /** Where the payout feed of the carrier's account was last read up to (null: never read). */
  cursor(carrierCode: string, account: PayoutAccountKey): Promise<string | null>;
  saveCursor(carrierCode: string, account: PayoutAccountKey, cursor: string): Promise<void>;
  /**
   * Records one payout of an account in one transaction, idempotently (unique keys: a payout
   * read twice is recorded once): its lines attach to the carrier's shipments of that tracking
   * number booked on that account, one remittance per team; lines no shipment of the carrier
   * matches, whose shipment was booked on another account, or whose shipment another payout
   * already carried, are kept as unmatched for the operator. A `cod.remitted` domain event is
   * written with each new remittance.
   */
  recordPayout(carrierCode: string, account: PayoutAccountKey, payout: CarrierRemittance): Promise<RecordedPayout>;
  list(teamId: string, limit: number, offset: number): Promise<{ items: RemittanceRecord[]; total: number }>;
  /** Null for an unknown id and for another team's: both look the same. */
  find(teamId: string, id: string): Promise<{ remittance: RemittanceRecord; items: RemittanceItemRecord[] } | null>;
  summary(teamId: string, overdueBefore: Date): Promise<CodSummaryRecord>;
  /** Every team's unmatched payout lines (an operator's view), newest first. */
  listUnmatched(
    carrierCode: string | undefined,
    limit: number,
    offset: number,
  ): Promise<{ items: UnmatchedPayoutLineRecord[]; total: number }>;
}

export const COD_REMITTANCE_REPOSITORY = Symbol('COD_REMITTANCE_REPOSITORY');
