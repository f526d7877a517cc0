import { EXCEPTION_TYPES } from '@lgw/kernel';
import { returnReasonFrom, returnReasonOf } from './return-reason';

describe('returnReasonOf', () => {
  it.each(EXCEPTION_TYPES)('%s has a reason in both languages', (code) => {
    const reason = returnReasonOf(code);
    expect(reason?.code).toBe(code);
    expect(reason?.message_en).toMatch(/^[a-z]/);
    expect(reason?.message_ar).toMatch(/[\u0600-\u06FF]/);
  });

  it.each([null, undefined, '', 'RETURNED', 'failed_delivery_attempt'])('%p is no reason', (code) => {
    expect(returnReasonOf(code)).toBeNull();
  });
});

describe('returnReasonFrom', () => {
  const at = (iso: string) => new Date(iso);
  it('is the exception reported last, by when it happened', () => {
    expect(
      returnReasonFrom([
        { type: 'ADDRESS_ISSUE', occurredAt: at('2026-03-02T10:00:00Z'), recordedAt: at('2026-03-05T00:00:00Z') },
        { type: 'FAILED_DELIVERY_ATTEMPT', occurredAt: at('2026-03-03T10:00:00Z'), recordedAt: at('2026-03-03T11:00:00Z') },
      ]),
    ).toBe('FAILED_DELIVERY_ATTEMPT');
  });

  it('breaks a tie in time by when the gateway stored it', () => {
    const same = at('2026-03-03T10:00:00Z');
    expect(
      returnReasonFrom([
        { type: 'CARRIER_DELAY', occurredAt: same, recordedAt: at('2026-03-04T00:00:00Z') },
        { type: 'ADDRESS_ISSUE', occurredAt: same, recordedAt: at('2026-03-03T12:00:00Z') },
      ]),
    ).toBe('CARRIER_DELAY');
  });

  it('is null without any exception: never guessed', () => {
    expect(returnReasonFrom([])).toBeNull();
  });
});
