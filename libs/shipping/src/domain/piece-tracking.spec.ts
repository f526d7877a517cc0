import { pieceStatus, rollUpPieceStatuses, ShipmentStatus } from '@lgw/kernel';
import { ReportedTrackingEvent, Shipment } from './shipment.aggregate';
import { booking, bookedAt } from './fixtures/shipment-booking.fixtures';
import { applyPieceEvents } from './piece-tracking';

const at = (minutes: number) => new Date(bookedAt.getTime() + minutes * 60_000);
const NOW = at(10_000);
const parcel = { weight_kg: 1, length_cm: 10, width_cm: 10, height_cm: 10 };

/** A stored SMSA-like shipment of `count` pieces the carrier numbered (A1 the master), in `status`. */
function multiPiece(status: ShipmentStatus = 'LABEL_GENERATED', count = 2, codAmountHalalas?: number): Shipment {
  const numbers = Array.from({ length: count }, (_, i) => `A${i + 1}`);
  const booked = Shipment.book(booking({ parcels: numbers.map(() => parcel), codAmountHalalas }))
    .confirmBooking({ trackingNumber: 'A1', carrierReference: 'S', pieceTrackingNumbers: numbers })
    .draft();
  return Shipment.restore({ ...booked, serviceReference: 'LGW1', status, progress: status });
}

const scan = (
  piece: number,
  status: ShipmentStatus | null,
  minutes: number,
  extra: Partial<ReportedTrackingEvent> = {},
): ReportedTrackingEvent => ({
  eventId: `p${piece}-${status}-${minutes}`,
  dedupeKey: `piece:${piece}|${status}|${minutes}`,
  status,
  carrierStatus: status ?? 'QQ',
  occurredAt: at(minutes),
  pieceNumber: piece,
  ...extra,
});

function apply(shipment: Shipment, events: ReportedTrackingEvent[]) {
  const transitions = shipment.applyTrackingEvents(events, { now: NOW });
  return { transitions, changes: shipment.pullEvents() };
}

const statusesOf = (shipment: Shipment) => shipment.state.pieces!.map((p) => pieceStatus(p, shipment.status));
const kindsOf = (changes: ReturnType<Shipment['pullEvents']>) =>
  changes.events.filter((e) => e.type === 'shipment.status_changed').flatMap((e) => e.payload.kinds as string[]);

describe('cancelling a shipment of several pieces (docs/adr/0087)', () => {
  it('is refused once the carrier collected any piece, naming it, though the shipment is not picked up yet', () => {
    const shipment = multiPiece('LABEL_GENERATED', 3);
    expect(shipment.cancellable).toBe(true);
    apply(shipment, [scan(2, 'PICKED_UP', 10)]);
    expect(shipment.status).toBe('LABEL_GENERATED');
    expect(shipment.cancellable).toBe(false);
    expect(() => shipment.assertCancellable()).toThrow(
      expect.objectContaining({
        code: 'E_CANCEL_NOT_ALLOWED',
        details: { status: 'LABEL_GENERATED', piece_number: 2, piece_status: 'PICKED_UP' },
      }),
    );
  });

  it('stays allowed while no piece has moved on its own', () => {
    const shipment = multiPiece('PICKUP_SCHEDULED', 2);
    expect(shipment.cancellable).toBe(true);
    expect(() => shipment.assertCancellable()).not.toThrow();
  });
});

describe('a carrier event for one piece (docs/adr/0087, tracking roll-up)', () => {
  it("moves its piece, and the shipment only as far as its slowest piece, recording the piece's number in the history", () => {
    const shipment = multiPiece();
    const { transitions, changes } = apply(shipment, [scan(1, 'PICKED_UP', 10)]);
    expect(statusesOf(shipment)).toEqual(['PICKED_UP', 'LABEL_GENERATED']);
    expect(shipment.status).toBe('LABEL_GENERATED');
    expect(transitions).toEqual([]);
    expect(changes.history).toEqual([expect.objectContaining({ eventKey: 'p1-PICKED_UP-10', code: 'PICKED_UP', pieceNumber: 1 })]);
    expect(changes.events).toEqual([]);

    const second = apply(shipment, [scan(2, 'PICKED_UP', 11)]);
    expect(shipment.status).toBe('PICKED_UP');
    expect(second.transitions.map((t) => [t.from, t.to, t.event.eventId])).toEqual([['LABEL_GENERATED', 'PICKED_UP', 'p2-PICKED_UP-11']]);
    expect(kindsOf(second.changes)).toEqual(['shipment.status_updated']);
    // The webhook can say which parcel moved the shipment.
    expect(second.changes.events.find((e) => e.type === 'shipment.status_changed')?.payload.piece_number).toBe(2);
    expect(shipment.state.lastEventAt).toEqual(at(11));
  });

  it('keeps a delivered piece from making the shipment DELIVERED while another is in transit', () => {
    const shipment = multiPiece('IN_TRANSIT');
    apply(shipment, [scan(1, 'IN_TRANSIT', 5), scan(2, 'IN_TRANSIT', 5)]);
    const { changes } = apply(shipment, [scan(1, 'OUT_FOR_DELIVERY', 20), scan(1, 'DELIVERED', 30)]);
    expect(statusesOf(shipment)).toEqual(['DELIVERED', 'IN_TRANSIT']);
    expect(shipment.status).toBe('IN_TRANSIT');
    expect(kindsOf(changes)).toEqual([]);
    expect(shipment.state.terminalAt).toBeNull();
  });

  it('is DELIVERED once, when the last piece is delivered, collecting the cash and keeping the proof then', () => {
    const shipment = multiPiece('OUT_FOR_DELIVERY', 3, 9_900);
    const first = apply(shipment, [
      scan(1, 'DELIVERED', 30, { codCollectedHalalas: 9_900 }),
      scan(2, 'DELIVERED', 31, { codCollectedHalalas: 9_900 }),
    ]);
    expect(kindsOf(first.changes)).toEqual([]);
    expect(shipment.state.cod ?? null).toBeNull();
    expect(shipment.state.proofOfDelivery ?? null).toBeNull();

    const last = apply(shipment, [
      scan(3, 'DELIVERED', 40, { codCollectedHalalas: 9_900, proof: { method: 'NONE', receivedBy: 'Noura' } }),
    ]);
    expect(shipment.status).toBe('DELIVERED');
    expect(kindsOf(last.changes)).toEqual(['shipment.status_updated', 'shipment.delivered']);
    expect(shipment.state.cod).toMatchObject({ status: 'COLLECTED', collectedHalalas: 9_900, collectedAt: at(40) });
    expect(shipment.state.proofOfDelivery).toMatchObject({ receivedBy: 'Noura' });
    expect(shipment.state.terminalAt).toEqual(NOW);

    // A late copy of a delivery scan under a new id, and a late scan of any piece, move nothing.
    const late = apply(shipment, [scan(2, 'DELIVERED', 31, { eventId: 'again' }), scan(1, 'OUT_FOR_DELIVERY', 50)]);
    expect(late.transitions).toEqual([]);
    expect(kindsOf(late.changes)).toEqual([]);
    expect(late.changes.history).toHaveLength(2);
    expect(shipment.status).toBe('DELIVERED');
  });

  it('ends in the same place whatever order the pieces’ scans arrive in, and whatever batches', () => {
    const events = [
      scan(1, 'PICKED_UP', 10),
      scan(2, 'PICKED_UP', 10),
      scan(1, 'IN_TRANSIT', 20),
      scan(2, 'IN_TRANSIT', 21),
      scan(2, 'OUT_FOR_DELIVERY', 30),
      scan(1, 'OUT_FOR_DELIVERY', 31),
      scan(1, 'DELIVERED', 40),
    ];
    const orders = [events, [...events].reverse(), [events[6], events[2], events[0], events[5], events[1], events[4], events[3]]];
    for (const order of orders) {
      const together = multiPiece();
      apply(together, order);
      const oneByOne = multiPiece();
      const kinds = order.flatMap((e) => kindsOf(apply(oneByOne, [e]).changes));
      for (const shipment of [together, oneByOne]) {
        expect(statusesOf(shipment)).toEqual(['DELIVERED', 'OUT_FOR_DELIVERY']);
        expect(shipment.status).toBe('OUT_FOR_DELIVERY');
      }
      expect(kinds).not.toContain('shipment.delivered');
    }
  });

  it('never moves a piece back for an older scan that arrives late, nor the shipment behind where it is', () => {
    const shipment = multiPiece('PICKUP_SCHEDULED');
    apply(shipment, [scan(1, 'AT_ORIGIN_HUB', 20)]);
    // The shipment was moved on by the gateway (a pickup booked): a slower piece does not take it back.
    expect(statusesOf(shipment)).toEqual(['AT_ORIGIN_HUB', 'PICKUP_SCHEDULED']);
    expect(shipment.status).toBe('PICKUP_SCHEDULED');
    apply(shipment, [scan(1, 'PICKED_UP', 10)]);
    expect(statusesOf(shipment)).toEqual(['AT_ORIGIN_HUB', 'PICKUP_SCHEDULED']);
  });

  it('takes a repeated scan of one piece once, and the same scan of two pieces as two', () => {
    const shipment = multiPiece();
    const { changes } = apply(shipment, [
      scan(1, 'PICKED_UP', 10),
      scan(1, 'PICKED_UP', 10, { eventId: 'copy' }),
      scan(2, 'PICKED_UP', 10),
    ]);
    expect(shipment.status).toBe('PICKED_UP');
    expect(changes.events.filter((e) => e.type === 'shipment.status_changed')).toHaveLength(1);
  });

  it('surfaces an exception of one piece at once, once, and leaves it as the pieces move on', () => {
    const shipment = multiPiece('IN_TRANSIT', 3);
    apply(shipment, [scan(1, 'IN_TRANSIT', 5), scan(2, 'IN_TRANSIT', 5), scan(3, 'IN_TRANSIT', 5)]);
    const held = apply(shipment, [scan(2, 'EXCEPTION_CARRIER_DELAY', 10)]);
    expect(shipment.status).toBe('EXCEPTION_CARRIER_DELAY');
    expect(kindsOf(held.changes)).toEqual(['shipment.status_updated', 'shipment.exception']);
    expect(statusesOf(shipment)).toEqual(['IN_TRANSIT', 'EXCEPTION_CARRIER_DELAY', 'IN_TRANSIT']);
    // Another piece held too: the shipment is already in an exception, nothing new to say.
    expect(kindsOf(apply(shipment, [scan(3, 'EXCEPTION_CARRIER_DELAY', 11)]).changes)).toEqual([]);

    apply(shipment, [scan(2, 'AT_DELIVERY_HUB', 20)]);
    expect(shipment.status).toBe('EXCEPTION_CARRIER_DELAY');
    const resumed = apply(shipment, [scan(3, 'AT_DELIVERY_HUB', 21)]);
    // The slowest piece (1) is in transit: the shipment resumes there, the pieces keep their own.
    expect(shipment.status).toBe('IN_TRANSIT');
    expect(resumed.transitions.map((t) => [t.from, t.to])).toEqual([['EXCEPTION_CARRIER_DELAY', 'IN_TRANSIT']]);
    expect(statusesOf(shipment)).toEqual(['IN_TRANSIT', 'AT_DELIVERY_HUB', 'AT_DELIVERY_HUB']);
  });

  it("keeps a failed attempt of one piece until the shipment may resume from it: out for delivery (the state machine's rule)", () => {
    const shipment = multiPiece('IN_TRANSIT');
    apply(shipment, [scan(1, 'OUT_FOR_DELIVERY', 5), scan(2, 'IN_TRANSIT', 5)]);
    expect(shipment.status).toBe('IN_TRANSIT');
    const failed = apply(shipment, [scan(1, 'EXCEPTION_FAILED_DELIVERY_ATTEMPT', 10)]);
    expect(shipment.status).toBe('EXCEPTION_FAILED_DELIVERY_ATTEMPT');
    expect(shipment.state.deliveryIssue).toMatchObject({ kind: 'FAILED_DELIVERY_ATTEMPT', status: 'OPEN', attempts: 1 });
    expect(failed.changes.events.map((e) => e.type)).toContain('delivery_issue.opened');
    // Piece 1 delivered, piece 2 still in transit: a failed attempt does not resume at IN_TRANSIT.
    apply(shipment, [scan(1, 'OUT_FOR_DELIVERY', 20), scan(1, 'DELIVERED', 25)]);
    expect(shipment.status).toBe('EXCEPTION_FAILED_DELIVERY_ATTEMPT');
    const delivered = apply(shipment, [scan(2, 'OUT_FOR_DELIVERY', 30), scan(2, 'DELIVERED', 40)]);
    expect(delivered.transitions.map((t) => [t.from, t.to])).toEqual([
      ['EXCEPTION_FAILED_DELIVERY_ATTEMPT', 'OUT_FOR_DELIVERY'],
      ['OUT_FOR_DELIVERY', 'DELIVERED'],
    ]);
    expect(shipment.state.deliveryIssue).toMatchObject({ status: 'RESOLVED' });
  });

  it('does not feed an exception the shipment surfaced back into a piece that reported nothing', () => {
    const shipment = multiPiece('IN_TRANSIT');
    apply(shipment, [scan(1, 'EXCEPTION_ADDRESS_ISSUE', 10)]);
    expect(statusesOf(shipment)).toEqual(['EXCEPTION_ADDRESS_ISSUE', 'IN_TRANSIT']);
    apply(shipment, [scan(1, 'OUT_FOR_DELIVERY', 20)]);
    expect(shipment.status).toBe('IN_TRANSIT');
  });

  it('keeps piece events as history only once the shipment has ended', () => {
    const shipment = multiPiece('CANCELLED');
    const { transitions, changes } = apply(shipment, [scan(1, 'PICKED_UP', 10)]);
    expect(transitions).toEqual([]);
    expect(changes.history).toHaveLength(1);
    expect(shipment.state.pieces!.every((p) => p.status === undefined)).toBe(true);
  });

  it('does not bill a weighing of one piece as the shipment’s weight', () => {
    const shipment = multiPiece();
    const { changes } = apply(shipment, [scan(1, 'EXCEPTION_WEIGHT_MISMATCH', 10, { measuredWeightKg: 4 })]);
    expect(changes.events.map((e) => e.type)).not.toContain('shipment.weighed');
    expect(changes.history[0]).toMatchObject({ measuredWeightKg: 4, pieceNumber: 1 });
  });

  it('takes an event naming a piece the shipment does not have as the shipment’s own', () => {
    const single = Shipment.restore({
      ...Shipment.book(booking()).confirmBooking({ trackingNumber: 'S1', carrierReference: 'R' }).draft(),
      status: 'LABEL_GENERATED',
      progress: 'LABEL_GENERATED',
    });
    const { changes } = apply(single, [scan(2, 'PICKED_UP', 10)]);
    expect(single.status).toBe('PICKED_UP');
    expect(changes.history[0].pieceNumber).toBeUndefined();
  });

  it('leaves a shipment whose carrier reports for the shipment as it was: its events move it, every piece shows its status', () => {
    const shipment = multiPiece('LABEL_GENERATED', 3);
    apply(shipment, [{ ...scan(1, 'PICKED_UP', 10), pieceNumber: undefined }]);
    expect(shipment.status).toBe('PICKED_UP');
    expect(shipment.state.pieces!.every((p) => p.status === undefined)).toBe(true);
    expect(statusesOf(shipment)).toEqual(['PICKED_UP', 'PICKED_UP', 'PICKED_UP']);
  });
});

describe('applyPieceEvents', () => {
  const pieces = [1, 2, 3].map((number) => ({ number, trackingNumber: `A${number}`, weightKg: 1 }));

  it('gives every piece a tracking state of its own, the shipment being their roll-up where its transitions allow', () => {
    const result = applyPieceEvents({ status: 'IN_TRANSIT' }, pieces, [
      { eventId: 'a', status: 'OUT_FOR_DELIVERY', occurredAt: at(1), pieceNumber: 2 },
      { eventId: 'b', status: 'RETURN_TO_ORIGIN', occurredAt: at(2), pieceNumber: 3 },
    ]);
    expect(result.pieces.map((p) => [p.status, p.progress])).toEqual([
      ['IN_TRANSIT', 'IN_TRANSIT'],
      ['OUT_FOR_DELIVERY', 'OUT_FOR_DELIVERY'],
      ['RETURN_TO_ORIGIN', 'RETURN_TO_ORIGIN'],
    ]);
    expect(result.state).toMatchObject({ status: 'RETURN_TO_ORIGIN', progress: 'RETURN_TO_ORIGIN', lastEventAt: at(2) });
    expect(rollUpPieceStatuses(result.pieces.map((p) => p.status!))).toBe(result.state.status);
  });
});
