import { BillingPeriod, parseBillingPeriodKey } from '@lgw/kernel';

/**
 * An invoice is one team's one billing period, so its id is derived, not stored: stable
 * for the team and period, readable on a printed invoice, and resolvable without a table.
 * Form: INV-<YYYYMM>-<first 12 hex digits of the team id>, e.g. INV-202611-3f2a9c1b04de.
 */
const ID_PATTERN = /^INV-(\d{4})(\d{2})-([0-9a-f]{12})$/;

export function invoiceIdFor(teamId: string, period: BillingPeriod): string {
  return `INV-${period.key.replace('-', '')}-${teamTag(teamId)}`;
}

/** The period an id names, if it is well formed and belongs to this team; null otherwise. */
export function periodOfInvoiceId(teamId: string, id: string): BillingPeriod | null {
  const match = ID_PATTERN.exec(id);
  if (!match || match[3] !== teamTag(teamId)) return null;
  return parseBillingPeriodKey(`${match[1]}-${match[2]}`);
}

function teamTag(teamId: string): string {
  return teamId.replace(/-/g, '').slice(0, 12).toLowerCase();
}
