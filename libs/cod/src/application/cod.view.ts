import { Money } from '@lgw/kernel';
import { CodSummaryRecord, RemittanceItemRecord, RemittanceRecord } from './ports/cod-remittance.repository.port';

/** One carrier payout as the team sees it (docs/api.md, "Cash on delivery"). */
export interface RemittanceView {
  readonly id: string;
  readonly carrier: string;
  readonly carrier_reference: string;
  readonly remitted_at: string;
  readonly amount_sar: number;
  readonly item_count: number;
  readonly status: 'RECONCILED' | 'DISCREPANCY';
}

export interface RemittanceItemView {
  readonly shipment_id: string;
  readonly tracking_number: string;
  readonly expected_sar: number;
  readonly remitted_sar: number;
  /** remitted − expected: negative when the carrier paid out less than the cash to collect. */
  readonly difference_sar: number;
}

export interface RemittanceDetailView extends RemittanceView {
  readonly items: RemittanceItemView[];
}

export interface RemittancePage {
  readonly remittances: RemittanceView[];
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
}

export interface CodSummaryView {
  /** Cash still to be collected at the door. */
  readonly pending_sar: number;
  /** Cash collected and not paid out yet. */
  readonly collected_sar: number;
  readonly remitted_sar: number;
  /** Collections older than COD_OVERDUE_DAYS that no payout carried. */
  readonly overdue_count: number;
  readonly discrepancy_count: number;
}

const sar = (halalas: number) => Money.ofHalalas(halalas).toSar();

export function toRemittanceView(r: RemittanceRecord): RemittanceView {
  return {
    id: r.id,
    carrier: r.carrierCode,
    carrier_reference: r.carrierReference,
    remitted_at: r.remittedAt.toISOString(),
    amount_sar: sar(r.amountHalalas),
    item_count: r.itemCount,
    status: r.status,
  };
}

export function toRemittanceItemView(i: RemittanceItemRecord): RemittanceItemView {
  return {
    shipment_id: i.shipmentId,
    tracking_number: i.trackingNumber,
    expected_sar: sar(i.expectedHalalas),
    remitted_sar: sar(i.remittedHalalas),
    difference_sar: sar(i.remittedHalalas - i.expectedHalalas),
  };
}

export function toCodSummaryView(s: CodSummaryRecord): CodSummaryView {
  return {
    pending_sar: sar(s.pendingHalalas),
    collected_sar: sar(s.collectedHalalas),
    remitted_sar: sar(s.remittedHalalas),
    overdue_count: s.overdueCount,
    discrepancy_count: s.discrepancyCount,
  };
}
