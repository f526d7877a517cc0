import { mayCallForNotice, noticeFor } from './notification-event';

describe('which domain events call for a notice', () => {
  const changed = (status: string, extra: Record<string, unknown> = {}) => noticeFor('shipment.status_changed', { status, ...extra }, '42');

  it('shipped once, whichever first move reports it', () => {
    expect(changed('PICKED_UP')).toEqual({ event: 'shipped', occurrence: 'once', facts: {} });
    expect(changed('IN_TRANSIT')).toEqual({ event: 'shipped', occurrence: 'once', facts: {} });
  });

  it('out for delivery per scan (its time), delivered once', () => {
    expect(changed('OUT_FOR_DELIVERY', { occurred_at: '2026-11-27T06:00:00.000Z' })).toEqual({
      event: 'out_for_delivery',
      occurrence: '2026-11-27T06:00:00.000Z',
      facts: {},
    });
    expect(changed('OUT_FOR_DELIVERY')?.occurrence).toBe('event:42');
    expect(changed('DELIVERED')).toEqual({ event: 'delivered', occurrence: 'once', facts: {} });
  });

  it('a delivery issue per issue, a delay per new date', () => {
    expect(noticeFor('delivery_issue.opened', { delivery_issue_id: 'i-1' }, '1')).toEqual({
      event: 'delivery_issue',
      occurrence: 'i-1',
      facts: {},
    });
    expect(noticeFor('shipment.delayed', { estimated_delivery_date: '2026-12-03' }, '1')).toEqual({
      event: 'delayed',
      occurrence: '2026-12-03',
      facts: { estimatedDeliveryDate: '2026-12-03' },
    });
  });

  it('nothing else', () => {
    expect(changed('LABEL_GENERATED')).toBeNull();
    expect(changed('EXCEPTION_FAILED_DELIVERY_ATTEMPT')).toBeNull();
    expect(noticeFor('shipment.created', {}, '1')).toBeNull();
    expect(noticeFor('shipment.delayed', {}, '1')).toBeNull();
    expect(mayCallForNotice('delivery_issue.resolved', {})).toBe(false);
    expect(mayCallForNotice('shipment.status_changed', { status: 'DELIVERED' })).toBe(true);
  });
});
