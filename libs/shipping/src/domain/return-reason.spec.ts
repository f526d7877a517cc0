import { EXCEPTION_TYPES } from '@lgw/kernel';
import { returnReasonOf } from './return-reason';

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
