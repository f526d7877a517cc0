import { ShipmentStatus, SAUDI_DELIVERY_CALENDAR } from '@lgw/kernel';
import { ReportedTrackingEvent, Shipment } from './shipment.aggregate';
import { booking } from './fixtures/shipment-booking.fixtures';
import { actionsAllowed, deliveryActionProblems, deliveryIssueKindOf, reattemptDates } from './delivery-issue';

// Sunday 2026-11-29 10:00 Riyadh.
const NOW = new Date('2026-11-29T07:00:00.000Z');
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

function outForDelivery(): Shipment {
  const draft = Shipment.book(booking()).draft();
  return Shipment.restore({
    ...draft,
    trackingNumber: 'SHM1',
    serviceReference: 'LGW1',
    status: 'OUT_FOR_DELIVERY',
    progress: 'OUT_FOR_DELIVERY',
  });
}

const failed = (id: string, minutes: number, extra: Partial<ReportedTrackingEvent> = {}): ReportedTrackingEvent => ({
  eventId: id,
  dedupeKey: `k:${id}`,
  status: 'EXCEPTION_FAILED_DELIVERY_ATTEMPT',
  carrierStatus: 'EXCEPTION',
  exceptionType: 'FAILED_DELIVERY_ATTEMPT',
  occurredAt: later(minutes),
  ...extra,
});
const scan = (id: string, status: ShipmentStatus, minutes: number): ReportedTrackingEvent => ({
  eventId: id,
  dedupeKey: `k:${id}`,
  status,
  carrierStatus: status,
  occurredAt: later(minutes),
});

const types = (s: Shipment) => s.pullEvents().events.map((e) => e.type);

describe('delivery issues on the Shipment', () => {
  it('a failed attempt opens an issue once; the next one counts an attempt and reopens it', () => {
    const s = outForDelivery();
    s.applyTrackingEvents([failed('f1', 1)], { now: NOW });
    expect(s.state.deliveryIssue).toMatchObject({ kind: 'FAILED_DELIVERY_ATTEMPT', status: 'OPEN', attempts: 1, openedAt: NOW });
    expect(s.state.deliveryIssue!.deadlineAt.getTime()).toBe(NOW.getTime() + 7 * 86_400_000);
    expect(types(s)).toContain('delivery_issue.opened');
    const id = s.state.deliveryIssue!.id;

    s.requestDeliveryAction({ action: 'reattempt', via: 'instruction', by: 'merchant', at: later(5), reattemptDate: '2026-11-30' });
    expect(s.state.deliveryIssue).toMatchObject({ status: 'ACTION_REQUESTED' });
    s.pullEvents();

    s.applyTrackingEvents([scan('o2', 'OUT_FOR_DELIVERY', 10), failed('f2', 11)], { now: later(12) });
    expect(s.state.deliveryIssue).toMatchObject({ id, status: 'OPEN', attempts: 2 });
    expect(types(s)).not.toContain('delivery_issue.opened');
  });

  it('delivery resolves it with delivery_issue.resolved, once', () => {
    const s = outForDelivery();
    s.applyTrackingEvents([failed('f1', 1)], { now: NOW });
    s.pullEvents();
    s.applyTrackingEvents([scan('d1', 'DELIVERED', 30)], { now: later(31) });
    expect(s.state.deliveryIssue).toMatchObject({ status: 'RESOLVED', resolvedAt: later(31) });
    const events = s.pullEvents().events.filter((e) => e.type === 'delivery_issue.resolved');
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({ resolution: 'delivered', kinds: ['delivery_issue.resolved'] });
    expect(() => s.assertDeliveryActionAllowed('reattempt')).toThrow(expect.objectContaining({ code: 'E_NO_OPEN_DELIVERY_ISSUE' }));
  });

  it('a return asked for ends the issue; the carrier then reporting the return adds no second resolved event', () => {
    const s = outForDelivery();
    s.applyTrackingEvents([failed('f1', 1)], { now: NOW });
    s.pullEvents();
    s.requestDeliveryAction({ action: 'return_to_origin', via: 'instruction', by: 'merchant', at: later(2) });
    expect(s.state.deliveryIssue).toMatchObject({ status: 'RETURNING' });
    expect(types(s).filter((t) => t === 'delivery_issue.resolved')).toHaveLength(1);
    s.applyTrackingEvents([scan('r1', 'RETURN_TO_ORIGIN', 10)], { now: later(11) });
    expect(types(s)).not.toContain('delivery_issue.resolved');
    expect(actionsAllowed(s.state.deliveryIssue)).toEqual([]);
  });

  it('an address issue and a refusal open issues of their kind; a refusal takes no contact change', () => {
    expect(deliveryIssueKindOf('ADDRESS_ISSUE')).toBe('ADDRESS_ISSUE');
    expect(deliveryIssueKindOf('FAILED_DELIVERY_ATTEMPT', 'REFUSED_BY_CONSIGNEE')).toBe('REFUSED');
    expect(deliveryIssueKindOf('CARRIER_DELAY')).toBeNull();
    const s = outForDelivery();
    s.applyTrackingEvents([failed('f1', 1, { carrierStatus: 'REFUSED' })], { now: NOW });
    expect(s.state.deliveryIssue).toMatchObject({ kind: 'REFUSED', carrierReasonEn: 'The recipient refused the parcel (REFUSED)' });
    expect(() => s.assertDeliveryActionAllowed('update_contact')).toThrow(
      expect.objectContaining({ code: 'E_DELIVERY_ACTION_NOT_ALLOWED' }),
    );
  });

  it('auto return: due at the team limit of attempts, or at the deadline while nobody answered', () => {
    const s = outForDelivery();
    s.applyTrackingEvents([failed('f1', 1)], { now: NOW });
    expect(s.autoReturnDue(3, later(2))).toBeNull();
    expect(s.autoReturnDue(1, later(2))).toBe('attempts');
    expect(s.autoReturnDue(3, new Date(NOW.getTime() + 8 * 86_400_000))).toBe('deadline');
  });
});

describe('delivery action rules', () => {
  const s = outForDelivery();
  s.applyTrackingEvents([failed('f1', 1)], { now: NOW });
  const issue = s.state.deliveryIssue!;

  it('lists every problem of a reattempt date: a Friday after the deadline is two', () => {
    const problems = deliveryActionProblems(
      issue,
      { action: 'reattempt', reattemptDate: '2026-12-11' },
      SAUDI_DELIVERY_CALENDAR,
      'SA',
      NOW,
    );
    expect(problems.map((p) => p.reason)).toEqual([
      expect.stringContaining('deadline'),
      expect.stringContaining('not a day the carrier delivers'),
    ]);
    expect(problems.every((p) => p.field === 'reattempt_date' && /[\u0600-\u06FF]/.test(p.reason_ar!))).toBe(true);
  });

  it('refuses today and the past, a bad date, a missing one; takes a delivery day before the deadline', () => {
    const reasons = (date: string | undefined) =>
      deliveryActionProblems(issue, { action: 'reattempt', reattemptDate: date }, SAUDI_DELIVERY_CALENDAR, 'SA', NOW).map((p) => p.reason);
    expect(reasons('2026-11-29')[0]).toMatch(/after today/);
    expect(reasons('2026-02-30')[0]).toMatch(/YYYY-MM-DD/);
    expect(reasons(undefined)[0]).toMatch(/required/);
    expect(reasons('2026-11-30')).toEqual([]);
  });

  it('a phone must be one a courier can call', () => {
    const problems = deliveryActionProblems(issue, { action: 'update_contact', phone: '12345' }, SAUDI_DELIVERY_CALENDAR, 'SA', NOW);
    expect(problems).toEqual([expect.objectContaining({ field: 'phone' })]);
    expect(deliveryActionProblems(issue, { action: 'update_contact', phone: '966551234567' }, SAUDI_DELIVERY_CALENDAR, 'SA', NOW)).toEqual(
      [],
    );
  });

  it('offers the recipient the carrier delivery days up to the deadline, Fridays and holidays left out', () => {
    const dates = reattemptDates(issue, SAUDI_DELIVERY_CALENDAR, NOW);
    expect(dates[0]).toBe('2026-11-30');
    expect(dates).not.toContain('2026-12-04');
    expect(dates.at(-1)).toBe('2026-12-06');
  });
});
