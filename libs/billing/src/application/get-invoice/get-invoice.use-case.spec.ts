import { billingPeriodFor, BillingPeriod, DomainError } from '@lgw/kernel';
import { invoiceIdFor } from '../../domain/invoice-id';
import { BillingLedgerPort, LedgerLine } from '../ports/billing-ledger.port';
import { GetInvoiceUseCase } from './get-invoice.use-case';

const TEAM = '3f2a9c1b-04de-4a7b-9c1d-0123456789ab';
const OTHER = '99999999-04de-4a7b-9c1d-0123456789ab';

function setup(lines: LedgerLine[] = []) {
  const asked: BillingPeriod[] = [];
  const ledger = {
    linesForPeriod: async (_team: string, period: BillingPeriod) => {
      asked.push(period);
      return lines;
    },
  } as unknown as BillingLedgerPort;
  // 2026-11-30 23:30 Riyadh time: still November there, already December 1st nowhere yet.
  const useCase = new GetInvoiceUseCase(ledger, { now: () => new Date('2026-11-30T20:30:00Z') });
  return { asked, useCase };
}

describe('GetInvoiceUseCase', () => {
  it('serves the current Riyadh month when no id is given, with zeros and the period start when empty', async () => {
    const { asked, useCase } = setup();
    const invoice = await useCase.execute({ teamId: TEAM });
    expect(asked.map((p) => p.key)).toEqual(['2026-11']);
    expect(invoice).toEqual({
      id: 'INV-202611-3f2a9c1b04de',
      period_start: '2026-11-01',
      period_end: '2026-11-30',
      line_items: [],
      subtotal_sar: 0,
      surcharges_sar: 0,
      vat_sar: 0,
      total_sar: 0,
      updated_at: '2026-10-31T21:00:00.000Z',
    });
  });

  it('serves a past period by its id, with totals from the lines', async () => {
    const line = (cause: LedgerLine['cause'], amountHalalas: number, vatHalalas: number): LedgerLine => ({
      shipmentId: 's',
      trackingNumber: 'T',
      cause,
      amountHalalas,
      vatHalalas,
      descriptionEn: 'd',
      descriptionAr: 'د',
      recordedAt: new Date('2026-10-15T10:00:00Z'),
    });
    const { useCase } = setup([line('shipment', 2233, 335), line('cod_fee', 500, 75), line('cancellation_credit', -2233, -335)]);
    const invoice = await useCase.execute({ teamId: TEAM, invoiceId: invoiceIdFor(TEAM, billingPeriodFor(2026, 10)) });
    expect(invoice).toMatchObject({ period_start: '2026-10-01', subtotal_sar: 0, surcharges_sar: 5, vat_sar: 0.75, total_sar: 5.75 });
    expect(invoice.updated_at).toBe('2026-10-15T10:00:00.000Z');
  });

  it.each([
    ['a future period', invoiceIdFor(TEAM, billingPeriodFor(2026, 12))],
    ["another team's id", invoiceIdFor(OTHER, billingPeriodFor(2026, 11))],
    ['a malformed id', 'INV-2026-11'],
  ])('answers not found for %s', async (_what, invoiceId) => {
    const { asked, useCase } = setup();
    const error = await useCase.execute({ teamId: TEAM, invoiceId }).catch((e) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error.code).toBe('E_NOT_FOUND');
    expect(asked).toEqual([]);
  });
});
