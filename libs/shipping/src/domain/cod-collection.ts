import type { CodStatus } from '@lgw/kernel';
/** Where the cash of one shipment stands (docs/adr/0043-cash-on-delivery.md); null status = PENDING. */
export interface CodLedgerState {
  /** The cash to collect at the door; null or 0 without cash on delivery. */
  readonly amountHalalas: number | null;
  readonly status: CodStatus | null;
  readonly collectedHalalas: number | null;
  readonly collectedAt: Date | null;
}

/**
 * The carrier reports the cash taken at delivery (`reportedHalalas` undefined: it does not say,
 * which carriers only do for the full amount). Without cash on delivery nothing changes. A first
 * report sets the amount and COLLECTED, or DISCREPANCY when it differs from the amount to
 * collect; a payout read before the delivery scan (REMITTED, DISCREPANCY) keeps what the payout
 * decided. A recorded collection is never overwritten: a second report of the same amount
 * changes nothing, of another amount makes the shipment a DISCREPANCY (once).
 */
export function codAfterCollection(cod: CodLedgerState, reportedHalalas: number | undefined, at: Date): CodLedgerState {
  const amount = cod.amountHalalas ?? 0;
  if (amount <= 0) return cod;
  const reported = reportedHalalas ?? null;
  if (cod.collectedHalalas === null) {
    const taken = reported ?? amount;
    const status: CodStatus =
      taken !== amount ? 'DISCREPANCY' : cod.status === 'REMITTED' || cod.status === 'DISCREPANCY' ? cod.status : 'COLLECTED';
    return { ...cod, status, collectedHalalas: taken, collectedAt: cod.collectedAt ?? at };
  }
  if (reported !== null && reported !== cod.collectedHalalas && cod.status !== 'DISCREPANCY') {
    return { ...cod, status: 'DISCREPANCY', collectedAt: cod.collectedAt ?? at };
  }
  return cod;
}

/** A return to origin: the consignee refused the parcel, and the cash with it, while none was collected yet. */
export function codAfterRefusal(cod: CodLedgerState): CodLedgerState {
  if ((cod.amountHalalas ?? 0) <= 0) return cod;
  if (cod.status !== null && cod.status !== 'PENDING') return cod;
  return { ...cod, status: 'REFUSED' };
}
