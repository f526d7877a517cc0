import { ShipmentStatus } from '@lgw/kernel';
import { ReportedTrackingEvent, Shipment, ShipmentBooking, ShipmentState } from './shipment.aggregate';
import { booking, bookedAt } from './fixtures/shipment-booking.fixtures';

const at = (minutes: number) => new Date(bookedAt.getTime() + minutes * 60_000);
const NOW = at(10_000);

/** A stored shipment in `status`, with nothing recorded yet. */
function stored(status: ShipmentStatus, overrides: Partial<ShipmentState> = {}, bookingOverrides: Partial<ShipmentBooking> = {}): Shipment {
  const draft = Shipment.book(booking(bookingOverrides)).draft();
  return Shipment.restore({ ...draft, trackingNumber: 'SHM1', serviceReference: 'LGW1', status, progress: status, ...overrides });
}

const scan = (
  eventId: string,
  status: ShipmentStatus | null,
  minutes: number,
  extra: Partial<ReportedTrackingEvent> = {},
): ReportedTrackingEvent => ({
  eventId,
  dedupeKey: `identity:${eventId}`,
  status,
  carrierStatus: status ?? 'X-1',
  occurredAt: at(minutes),
  ...extra,
});

describe('Shipment lifecycle: each change records its history and domain events', () => {
  it('records CREATED and shipment.created when the carrier confirms the booking, once', () => {
    const shipment = Shipment.book(booking()).confirmBooking({ trackingNumber: 'SHM9', carrierReference: 'R9' }, { batch_id: 'b1' });
    expect(shipment.state).toMatchObject({ trackingNumber: 'SHM9', carrierReference: 'R9', status: 'CREATED' });
    const changes = shipment.pullEvents();
    expect(changes.history).toEqual([
      expect.objectContaining({ eventKey: 'gateway:CREATED', code: 'CREATED', locationEn: 'Riyadh', occurredAt: bookedAt }),
    ]);
    expect(changes.events).toEqual([
      {
        teamId: booking().teamId,
        aggregateId: booking().id,
        type: 'shipment.created',
        payload: { shipment_id: booking().id, status: 'CREATED', kinds: ['shipment.created'], batch_id: 'b1' },
      },
    ]);
    // Pulled once: the repository saves them, then they are gone.
    expect(shipment.pullEvents()).toEqual({ events: [], history: [] });
  });

  describe('label generated', () => {
    it('moves a CREATED shipment to LABEL_GENERATED with shipment.status_changed', () => {
      const shipment = stored('CREATED');
      shipment.recordLabelGenerated(NOW);
      expect(shipment.state).toMatchObject({ status: 'LABEL_GENERATED', progress: 'LABEL_GENERATED', updatedAt: NOW });
      const { history, events } = shipment.pullEvents();
      expect(history.map((h) => h.eventKey)).toEqual(['gateway:LABEL_GENERATED']);
      expect(events).toEqual([
        expect.objectContaining({
          type: 'shipment.status_changed',
          payload: expect.objectContaining({ previous_status: 'CREATED', status: 'LABEL_GENERATED', kinds: ['shipment.status_updated'] }),
        }),
      ]);
    });

    it('is history only once the carrier scans got ahead of the label job, and nothing on a cancelled shipment', () => {
      const ahead = stored('PICKED_UP');
      ahead.recordLabelGenerated(NOW);
      expect(ahead.state.status).toBe('PICKED_UP');
      expect(ahead.pullEvents()).toEqual({ history: [expect.objectContaining({ code: 'LABEL_GENERATED' })], events: [] });
      const cancelled = stored('CANCELLED');
      cancelled.recordLabelGenerated(NOW);
      expect(cancelled.pullEvents()).toEqual({ history: [], events: [] });
    });
  });

  it('cancels: CANCELLED with when and why, its history step and shipment.cancelled', () => {
    const shipment = stored('LABEL_GENERATED');
    shipment.cancel('customer changed mind', NOW);
    expect(shipment.state).toMatchObject({
      status: 'CANCELLED',
      cancelledAt: NOW,
      cancelReason: 'customer changed mind',
      lastEventAt: NOW,
    });
    const { history, events } = shipment.pullEvents();
    expect(history.map((h) => h.eventKey)).toEqual(['gateway:CANCELLED']);
    expect(events[0]).toMatchObject({
      type: 'shipment.cancelled',
      payload: {
        previous_status: 'LABEL_GENERATED',
        status: 'CANCELLED',
        reason: 'customer changed mind',
        kinds: ['shipment.status_updated'],
      },
    });
  });

  it('schedules and releases a pickup, each step keyed by the pickup', () => {
    const shipment = stored('LABEL_GENERATED');
    shipment.schedulePickup('p1', NOW);
    expect(shipment.state).toMatchObject({ status: 'PICKUP_SCHEDULED', progress: 'PICKUP_SCHEDULED' });
    shipment.releasePickup('p1', at(10_001));
    expect(shipment.state.status).toBe('LABEL_GENERATED');
    const { history, events } = shipment.pullEvents();
    expect(history.map((h) => [h.eventKey, h.code])).toEqual([
      ['gateway:PICKUP_SCHEDULED:p1', 'PICKUP_SCHEDULED'],
      ['gateway:PICKUP_CANCELLED:p1', 'LABEL_GENERATED'],
    ]);
    expect(events.map((e) => [e.payload.previous_status, e.payload.status, e.payload.pickup_id, e.payload.tracking_number])).toEqual([
      ['LABEL_GENERATED', 'PICKUP_SCHEDULED', 'p1', 'SHM1'],
      ['PICKUP_SCHEDULED', 'LABEL_GENERATED', 'p1', 'SHM1'],
    ]);
  });

  it('changes its destination and says so, without any webhook kind', () => {
    const shipment = stored('IN_TRANSIT');
    const dammam = { name: 'Customer', line1: 'Corniche', city: 'Dammam', country: 'SA' };
    shipment.changeDestination(dammam, [], NOW);
    expect(shipment.state).toMatchObject({ destination: dammam, warnings: [], updatedAt: NOW });
    expect(shipment.loadedState.destination.city).toBe('Jeddah');
    expect(shipment.pullEvents().events).toEqual([
      expect.objectContaining({
        type: 'shipment.destination_updated',
        payload: expect.objectContaining({ previous_destination: booking().destination, destination: dammam, kinds: [] }),
      }),
    ]);
  });
});

describe('Shipment.applyTrackingEvents', () => {
  const apply = (
    shipment: Shipment,
    events: ReportedTrackingEvent[],
    lastRecordedException: Parameters<Shipment['applyTrackingEvents']>[1]['lastRecordedException'] = null,
  ) => shipment.applyTrackingEvents(events, { now: NOW, lastRecordedException });

  it('keeps every report in the history, moves the status as the reducer says, one domain event per change', () => {
    const shipment = stored('LABEL_GENERATED', { lastEventAt: at(0) });
    const transitions = apply(shipment, [
      scan('e2', 'IN_TRANSIT', 20),
      scan('e1', 'PICKED_UP', 10),
      scan('e3', null, 30, { carrierStatus: 'weird' }),
    ]);
    expect(transitions.map((t) => [t.from, t.to])).toEqual([
      ['LABEL_GENERATED', 'PICKED_UP'],
      ['PICKED_UP', 'IN_TRANSIT'],
    ]);
    expect(shipment.state).toMatchObject({
      status: 'IN_TRANSIT',
      progress: 'IN_TRANSIT',
      lastEventAt: at(20),
      updatedAt: NOW,
      terminalAt: null,
    });
    const { history, events } = shipment.pullEvents();
    expect(history.map((h) => [h.eventKey, h.code, h.recordedAt])).toEqual([
      ['e2', 'IN_TRANSIT', NOW],
      ['e1', 'PICKED_UP', NOW],
      ['e3', 'weird', NOW],
    ]);
    expect(events.map((e) => [e.type, e.payload.previous_status, e.payload.status, e.payload.occurred_at])).toEqual([
      ['shipment.status_changed', 'LABEL_GENERATED', 'PICKED_UP', at(10).toISOString()],
      ['shipment.status_changed', 'PICKED_UP', 'IN_TRANSIT', at(20).toISOString()],
    ]);
  });

  it('changes nothing but the history for a late scan, and leaves updatedAt alone', () => {
    const shipment = stored('IN_TRANSIT', { lastEventAt: at(50) });
    const before = shipment.state.updatedAt;
    apply(shipment, [scan('old', 'PICKED_UP', 5)]);
    expect(shipment.state).toMatchObject({ status: 'IN_TRANSIT', updatedAt: before });
    expect(shipment.pullEvents().events).toEqual([]);
  });

  it('announces every weighing, also one too late to move the status, and an exception with its type and weight', () => {
    const shipment = stored('IN_TRANSIT', { lastEventAt: at(50) });
    apply(shipment, [
      scan('w-late', 'EXCEPTION_WEIGHT_MISMATCH', 5, { measuredWeightKg: 3.5 }),
      scan('w-new', 'EXCEPTION_WEIGHT_MISMATCH', 60, { measuredWeightKg: 4 }),
    ]);
    const { history, events } = shipment.pullEvents();
    expect(history.map((h) => [h.exceptionType, h.measuredWeightKg])).toEqual([
      ['WEIGHT_MISMATCH', 3.5],
      ['WEIGHT_MISMATCH', 4],
    ]);
    expect(events.map((e) => e.type)).toEqual(['shipment.status_changed', 'shipment.weighed', 'shipment.weighed']);
    expect(events[0].payload).toMatchObject({
      exception_type: 'WEIGHT_MISMATCH',
      measured_weight_kg: 4,
      kinds: ['shipment.status_updated', 'shipment.exception'],
    });
  });

  it('starts the grace period when it reaches a terminal status, and keeps it when it was terminal already', () => {
    const delivered = stored('OUT_FOR_DELIVERY', { lastEventAt: at(0) });
    apply(delivered, [scan('d', 'DELIVERED', 10)]);
    expect(delivered.state).toMatchObject({ status: 'DELIVERED', terminalAt: NOW });
    const already = stored('DELIVERED', { terminalAt: at(1) });
    apply(already, [scan('late', 'OUT_FOR_DELIVERY', 5)]);
    expect(already.state.terminalAt).toEqual(at(1));
    const cancelledByGateway = stored('CANCELLED', { terminalAt: null });
    apply(cancelledByGateway, [scan('c', 'CANCELLED', 5)]);
    expect(cancelledByGateway.state.terminalAt).toBeNull();
  });

  describe('cash on delivery', () => {
    const cod = { codAmountHalalas: 15_000 };
    it('takes the cash a DELIVERED scan reports (the full amount when it does not say)', () => {
      const full = stored('OUT_FOR_DELIVERY', {}, cod);
      apply(full, [scan('d', 'DELIVERED', 10)]);
      expect(full.state.cod).toEqual({ status: 'COLLECTED', collectedHalalas: 15_000, collectedAt: at(10), remittanceId: null });
      const short = stored('OUT_FOR_DELIVERY', {}, cod);
      apply(short, [scan('d', 'DELIVERED', 10, { codCollectedHalalas: 9_000 })]);
      expect(short.state.cod).toMatchObject({ status: 'DISCREPANCY', collectedHalalas: 9_000 });
    });

    it('reads a late DELIVERED scan on a returned shipment as cash taken all the same', () => {
      const shipment = stored('RETURNED', {}, cod);
      apply(shipment, [scan('d', 'DELIVERED', 10)]);
      expect(shipment.state.status).toBe('RETURNED');
      expect(shipment.state.cod?.status).toBe('COLLECTED');
    });

    it('is REFUSED when the shipment turns back to its origin with nothing collected', () => {
      const shipment = stored('OUT_FOR_DELIVERY', { lastEventAt: at(0) }, cod);
      apply(shipment, [scan('r', 'RETURN_TO_ORIGIN', 10)]);
      expect(shipment.state.cod?.status).toBe('REFUSED');
    });

    it('leaves a shipment without cash on delivery alone', () => {
      const shipment = stored('OUT_FOR_DELIVERY');
      apply(shipment, [scan('d', 'DELIVERED', 10)]);
      expect(shipment.state.cod ?? null).toBeNull();
    });
  });

  describe('return reason', () => {
    it('is the last exception before the return, among the history and this batch', () => {
      const shipment = stored('OUT_FOR_DELIVERY', { lastEventAt: at(0) });
      apply(shipment, [scan('x', 'EXCEPTION_FAILED_DELIVERY_ATTEMPT', 10), scan('r', 'RETURN_TO_ORIGIN', 20)], {
        type: 'ADDRESS_ISSUE',
        occurredAt: at(5),
        recordedAt: at(6),
      });
      expect(shipment.state.returnReason).toBe('FAILED_DELIVERY_ATTEMPT');
    });

    it('comes from the history when this batch reports none', () => {
      const shipment = stored('EXCEPTION_ADDRESS_ISSUE', { lastEventAt: at(5), progress: 'OUT_FOR_DELIVERY' });
      apply(shipment, [scan('r', 'RETURN_TO_ORIGIN', 20)], { type: 'ADDRESS_ISSUE', occurredAt: at(5), recordedAt: at(6) });
      expect(shipment.state.returnReason).toBe('ADDRESS_ISSUE');
    });

    it('is never guessed, and the first one recorded stays', () => {
      const none = stored('OUT_FOR_DELIVERY', { lastEventAt: at(0) });
      apply(none, [scan('r', 'RETURN_TO_ORIGIN', 20)]);
      expect(none.state.returnReason ?? null).toBeNull();
      const kept = stored('OUT_FOR_DELIVERY', { lastEventAt: at(0), returnReason: 'CUSTOMS_HOLD' });
      apply(kept, [scan('x', 'EXCEPTION_ADDRESS_ISSUE', 10), scan('r', 'RETURN_TO_ORIGIN', 20)]);
      expect(kept.state.returnReason).toBe('CUSTOMS_HOLD');
    });

    it('is not recorded without a move into the return leg', () => {
      const shipment = stored('OUT_FOR_DELIVERY', { lastEventAt: at(0) });
      apply(shipment, [scan('x', 'EXCEPTION_ADDRESS_ISSUE', 10)]);
      expect(shipment.state.returnReason ?? null).toBeNull();
    });
  });
});

describe('Shipment proof of delivery (docs/adr/0088)', () => {
  const apply = (shipment: Shipment, events: ReportedTrackingEvent[]) => shipment.applyTrackingEvents(events, { now: NOW });

  it('keeps the proof of the delivery scan, at the time the carrier gives', () => {
    const shipment = stored('OUT_FOR_DELIVERY', { lastEventAt: at(0) });
    apply(shipment, [scan('d1', 'DELIVERED', 30, { proof: { method: 'OTP', receivedBy: ' Sara  Ali ' } })]);
    expect(shipment.state.proofOfDelivery).toEqual({ method: 'OTP', receivedBy: 'Sara Ali', photoUrl: null, at: at(30) });
  });

  it('keeps the first proof: a repeated delivery scan fills an empty one and never replaces one kept', () => {
    const shipment = stored('OUT_FOR_DELIVERY', { lastEventAt: at(0) });
    apply(shipment, [scan('d1', 'DELIVERED', 30)]);
    expect(shipment.state.status).toBe('DELIVERED');
    expect(shipment.state.proofOfDelivery ?? null).toBeNull();
    apply(shipment, [scan('d2', 'DELIVERED', 45, { proof: { photoUrl: 'https://pod.example/a.jpg' } })]);
    expect(shipment.state.proofOfDelivery).toMatchObject({ method: 'PHOTO', photoUrl: 'https://pod.example/a.jpg', at: at(45) });
    apply(shipment, [scan('d3', 'DELIVERED', 50, { proof: { method: 'SIGNATURE', receivedBy: 'Other' } })]);
    expect(shipment.state.proofOfDelivery).toMatchObject({ method: 'PHOTO', at: at(45) });
  });

  it('takes no proof on a shipment that is not delivered, nor from a scan that is not a delivery', () => {
    const returned = stored('RETURNED', { lastEventAt: at(100) });
    apply(returned, [scan('d1', 'DELIVERED', 30, { proof: { method: 'OTP', receivedBy: 'Sara' } })]);
    expect(returned.state.status).toBe('RETURNED');
    expect(returned.state.proofOfDelivery ?? null).toBeNull();
    const moving = stored('OUT_FOR_DELIVERY', { lastEventAt: at(0) });
    apply(moving, [scan('x1', 'IN_TRANSIT', 10, { proof: { method: 'OTP', receivedBy: 'Sara' } })]);
    expect(moving.state.proofOfDelivery ?? null).toBeNull();
  });
});
