import { codAfterCollection, codAfterRefusal, CodLedgerState } from './cod-collection';

const at = new Date('2026-03-05T10:00:00.000Z');
const earlier = new Date('2026-03-04T10:00:00.000Z');
const pending: CodLedgerState = { amountHalalas: 15_000, status: null, collectedHalalas: null, collectedAt: null };

describe('cash on delivery after the carrier reports', () => {
  it('changes nothing on a shipment without cash to collect', () => {
    const none: CodLedgerState = { ...pending, amountHalalas: null };
    expect(codAfterCollection(none, 15_000, at)).toBe(none);
    expect(codAfterCollection({ ...none, amountHalalas: 0 }, undefined, at)).toEqual({ ...none, amountHalalas: 0 });
    expect(codAfterRefusal(none)).toBe(none);
  });

  it('takes a delivery that does not say how much as the full amount, COLLECTED', () => {
    expect(codAfterCollection(pending, undefined, at)).toEqual({
      ...pending,
      status: 'COLLECTED',
      collectedHalalas: 15_000,
      collectedAt: at,
    });
  });

  it('records the exact amount as COLLECTED, another amount as DISCREPANCY', () => {
    expect(codAfterCollection({ ...pending, status: 'PENDING' }, 15_000, at).status).toBe('COLLECTED');
    expect(codAfterCollection(pending, 14_000, at)).toEqual({
      ...pending,
      status: 'DISCREPANCY',
      collectedHalalas: 14_000,
      collectedAt: at,
    });
  });

  it('keeps what a payout read before the delivery scan decided, unless the amount differs', () => {
    expect(codAfterCollection({ ...pending, status: 'REMITTED' }, 15_000, at).status).toBe('REMITTED');
    expect(codAfterCollection({ ...pending, status: 'DISCREPANCY' }, undefined, at).status).toBe('DISCREPANCY');
    expect(codAfterCollection({ ...pending, status: 'REMITTED' }, 1, at).status).toBe('DISCREPANCY');
  });

  it('never overwrites a recorded collection: the same amount again changes nothing, another makes a DISCREPANCY', () => {
    const collected = codAfterCollection(pending, undefined, earlier);
    expect(codAfterCollection(collected, 15_000, at)).toBe(collected);
    expect(codAfterCollection(collected, undefined, at)).toBe(collected);
    const differs = codAfterCollection(collected, 9_000, at);
    expect(differs).toEqual({ ...collected, status: 'DISCREPANCY' });
    expect(differs.collectedHalalas).toBe(15_000);
    expect(differs.collectedAt).toBe(earlier);
    // Once a discrepancy, further reports change nothing.
    expect(codAfterCollection(differs, 7_000, at)).toBe(differs);
  });

  it('leaves a remitted collection alone when the same amount is reported again', () => {
    const remitted: CodLedgerState = { ...pending, status: 'REMITTED', collectedHalalas: 15_000, collectedAt: earlier };
    expect(codAfterCollection(remitted, 15_000, at)).toBe(remitted);
  });

  it('makes a return to origin REFUSED only while nothing was collected', () => {
    expect(codAfterRefusal(pending).status).toBe('REFUSED');
    expect(codAfterRefusal({ ...pending, status: 'PENDING' }).status).toBe('REFUSED');
    for (const status of ['COLLECTED', 'REMITTED', 'DISCREPANCY', 'REFUSED'] as const) {
      expect(codAfterRefusal({ ...pending, status }).status).toBe(status);
    }
  });
});
