import { billingPeriodFor } from '@lgw/kernel';
import { invoiceIdFor, periodOfInvoiceId } from './invoice-id';

describe('invoice ids', () => {
  const team = '3f2a9c1b-04de-4a7b-9c1d-0123456789ab';

  it('is stable per team and period and resolves back to the period', () => {
    const id = invoiceIdFor(team, billingPeriodFor(2026, 11));
    expect(id).toBe('INV-202611-3f2a9c1b04de');
    expect(invoiceIdFor(team, billingPeriodFor(2026, 11))).toBe(id);
    expect(periodOfInvoiceId(team, id)?.key).toBe('2026-11');
  });

  it("does not resolve another team's id or a malformed one", () => {
    const id = invoiceIdFor(team, billingPeriodFor(2026, 11));
    expect(periodOfInvoiceId('aaaaaaaa-04de-4a7b-9c1d-0123456789ab', id)).toBeNull();
    for (const bad of ['INV-202613-3f2a9c1b04de', 'INV-2026-11-3f2a9c1b04de', 'inv-202611-3f2a9c1b04de', '']) {
      expect(periodOfInvoiceId(team, bad)).toBeNull();
    }
  });
});
