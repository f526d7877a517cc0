import fc from 'fast-check';
import { SHIPMENT_STATUSES, ShipmentStatus, canTransition, isAllowedOnLane } from '@lgw/kernel';
import {
  StatusEvent,
  TrackingState,
  applyStatusEvent,
  applyStatusEvents,
  deriveTrackingState,
  initialTrackingState,
  statusEventIdentity,
} from './tracking-status-reducer';

const T0 = Date.parse('2025-03-01T08:00:00+03:00');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
const ev = (eventId: string, status: ShipmentStatus, minutes: number): StatusEvent => ({
  eventId,
  status,
  occurredAt: at(minutes),
});

function oneByOne(events: readonly StatusEvent[], start: TrackingState = initialTrackingState()): TrackingState {
  return events.reduce<TrackingState>((state, event) => applyStatusEvent(state, event), start);
}

describe('applyStatusEvents: examples', () => {
  it('applies forward skips', () => {
    const { state, transitions } = applyStatusEvents(initialTrackingState(), [ev('a', 'IN_TRANSIT', 5)]);
    expect(state.status).toBe('IN_TRANSIT');
    expect(transitions).toEqual([{ from: 'CREATED', to: 'IN_TRANSIT', event: ev('a', 'IN_TRANSIT', 5) }]);
  });

  it('never moves back because of an older event, but keeps it in history', () => {
    const start = applyStatusEvents(initialTrackingState(), [ev('b', 'AT_DELIVERY_HUB', 20)]).state;
    const { state, accepted, transitions } = applyStatusEvents(start, [ev('a', 'PICKED_UP', 5)], {
      knownIdentities: new Set([statusEventIdentity(ev('b', 'AT_DELIVERY_HUB', 20))]),
    });
    expect(state.status).toBe('AT_DELIVERY_HUB');
    expect(accepted.map((e) => e.eventId)).toEqual(['a']);
    expect(transitions).toEqual([]);
  });

  it('drops duplicates by code, time and place, whatever their id, within the batch and against the known history', () => {
    const known = new Set([statusEventIdentity(ev('b', 'IN_TRANSIT', 9))]);
    const { accepted } = applyStatusEvents(
      initialTrackingState(),
      [ev('a', 'PICKED_UP', 5), ev('a2', 'PICKED_UP', 5), ev('b-again', 'IN_TRANSIT', 9), ev('c', 'AT_ORIGIN_HUB', 6)],
      { knownIdentities: known },
    );
    expect(accepted.map((e) => e.eventId)).toEqual(['a', 'c']);
  });

  it('tells apart the same code at the same time in another place, and compares places loosely', () => {
    const riyadh = { ...ev('a', 'AT_ORIGIN_HUB', 5), locationEn: 'Riyadh' };
    const { accepted } = applyStatusEvents(initialTrackingState(), [
      riyadh,
      { ...ev('b', 'AT_ORIGIN_HUB', 5), locationEn: 'Dammam' },
      { ...ev('c', 'AT_ORIGIN_HUB', 5), locationEn: '  RIYADH ' },
    ]);
    expect(accepted.map((e) => e.eventId)).toEqual(['a', 'b']);
  });

  it("compares times at the carrier's resolution", () => {
    const first = { ...ev('a', 'PICKED_UP', 5), occurredAt: new Date(Date.parse(at(5)) + 12_000).toISOString() };
    const second = { ...ev('b', 'PICKED_UP', 5), occurredAt: new Date(Date.parse(at(5)) + 48_000).toISOString() };
    expect(applyStatusEvents(initialTrackingState(), [first, second]).accepted).toHaveLength(2);
    expect(applyStatusEvents(initialTrackingState(), [first, second], { timeResolutionMs: 60_000 }).accepted).toHaveLength(1);
  });

  it('applies a batch oldest first and reports each change', () => {
    const { transitions } = applyStatusEvents(initialTrackingState('LABEL_GENERATED'), [
      ev('c', 'IN_TRANSIT', 30),
      ev('a', 'PICKED_UP', 10),
      ev('b', 'EXCEPTION_WEIGHT_MISMATCH', 20),
    ]);
    expect(transitions.map(({ from, to }) => `${from}>${to}`)).toEqual([
      'LABEL_GENERATED>PICKED_UP',
      'PICKED_UP>EXCEPTION_WEIGHT_MISMATCH',
      'EXCEPTION_WEIGHT_MISMATCH>IN_TRANSIT',
    ]);
  });

  it('steps reported at the same instant (the carrier reports to the minute) are each a change, in lifecycle order, whatever their ids', () => {
    const steps: ShipmentStatus[] = ['PICKED_UP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED'];
    // Ids that sort against the lifecycle: by id alone DELIVERED would come first and end it.
    const events = steps.map((status, i) => ev(`z${9 - i}`, status, 7));
    for (const arrival of [events, [...events].reverse(), [events[2], events[0], events[3], events[1]]]) {
      const { state, transitions } = applyStatusEvents(initialTrackingState('LABEL_GENERATED'), arrival, { timeResolutionMs: 60_000 });
      expect(state.status).toBe('DELIVERED');
      expect(transitions.map(({ to }) => to)).toEqual(steps);
    }
  });
  it("an exception in the minute of the booking or of a scan applies at the carrier's resolution and is a status change", () => {
    // The booking's lastEventAt is the gateway's clock (seconds, milliseconds); a carrier that
    // reports to the minute floors its scans below it.
    const booked = { ...initialTrackingState('LABEL_GENERATED'), lastEventAt: new Date(T0 + 7 * 60_000 + 23_456) };
    const opts = { timeResolutionMs: 60_000 };
    const afterScan = applyStatusEvents(booked, [ev('a', 'PICKED_UP', 7)], opts);
    expect(afterScan.state.status).toBe('PICKED_UP');
    const held = applyStatusEvents(afterScan.state, [ev('b', 'EXCEPTION_CUSTOMS_HOLD', 7)], opts);
    expect(held.state.status).toBe('EXCEPTION_CUSTOMS_HOLD');
    expect(held.transitions.map(({ from, to }) => `${from}>${to}`)).toEqual(['PICKED_UP>EXCEPTION_CUSTOMS_HOLD']);
    const rightAfterBooking = applyStatusEvents(booked, [ev('c', 'EXCEPTION_ADDRESS_ISSUE', 7)], opts);
    expect(rightAfterBooking.transitions.map(({ to }) => to)).toEqual(['EXCEPTION_ADDRESS_ISSUE']);
  });

  it('exceptions at the same instant as each other and as a scan, in one batch: each is a status change, whatever their ids', () => {
    const events = [ev('a0', 'EXCEPTION_CUSTOMS_HOLD', 7), ev('z2', 'PICKED_UP', 7), ev('z1', 'EXCEPTION_WEIGHT_MISMATCH', 7)];
    for (const arrival of [events, [...events].reverse()]) {
      const { state, transitions } = applyStatusEvents(initialTrackingState('LABEL_GENERATED'), arrival, { timeResolutionMs: 60_000 });
      expect(transitions.map(({ to }) => to)).toEqual(['PICKED_UP', 'EXCEPTION_WEIGHT_MISMATCH', 'EXCEPTION_CUSTOMS_HOLD']);
      expect(state.status).toBe('EXCEPTION_CUSTOMS_HOLD');
    }
  });

  it('an exception newer than the last event sets the exception; the flow resumes at or after the interrupted step', () => {
    let state = oneByOne([ev('a', 'IN_TRANSIT', 10), ev('b', 'EXCEPTION_CARRIER_DELAY', 20)]);
    expect(state).toMatchObject({ status: 'EXCEPTION_CARRIER_DELAY', progress: 'IN_TRANSIT' });
    state = applyStatusEvent(state, ev('c', 'AT_ORIGIN_HUB', 30));
    expect(state.status).toBe('EXCEPTION_CARRIER_DELAY');
    state = applyStatusEvent(state, ev('d', 'IN_TRANSIT', 40));
    expect(state.status).toBe('IN_TRANSIT');
  });

  it('an older flow event that arrives during an exception raises the step the flow must resume at', () => {
    let state = oneByOne([ev('a', 'PICKED_UP', 10), ev('c', 'EXCEPTION_CARRIER_DELAY', 30)]);
    state = applyStatusEvent(state, ev('b', 'IN_TRANSIT', 20));
    expect(state).toMatchObject({ status: 'EXCEPTION_CARRIER_DELAY', progress: 'IN_TRANSIT' });
    expect(applyStatusEvent(state, ev('d', 'AT_ORIGIN_HUB', 40)).status).toBe('EXCEPTION_CARRIER_DELAY');
    expect(applyStatusEvent(state, ev('d', 'IN_TRANSIT', 40)).status).toBe('IN_TRANSIT');
  });

  it('an exception older than the last event does not apply', () => {
    const state = oneByOne([ev('b', 'IN_TRANSIT', 20), ev('a', 'EXCEPTION_ADDRESS_ISSUE', 10)]);
    expect(state.status).toBe('IN_TRANSIT');
  });

  it('an exception and a flow event at the same instant: the exception wins, in either order', () => {
    const events = [ev('a', 'OUT_FOR_DELIVERY', 10), ev('b', 'EXCEPTION_FAILED_DELIVERY_ATTEMPT', 10)];
    expect(oneByOne(events).status).toBe('EXCEPTION_FAILED_DELIVERY_ATTEMPT');
    expect(oneByOne([...events].reverse()).status).toBe('EXCEPTION_FAILED_DELIVERY_ATTEMPT');
  });

  it('a failed delivery attempt resumes with a new delivery round or returns', () => {
    const failed = oneByOne([ev('a', 'AT_DELIVERY_HUB', 10), ev('b', 'EXCEPTION_FAILED_DELIVERY_ATTEMPT', 20)]);
    expect(failed.progress).toBe('OUT_FOR_DELIVERY');
    expect(applyStatusEvent(failed, ev('c', 'AT_DELIVERY_HUB', 30)).status).toBe('EXCEPTION_FAILED_DELIVERY_ATTEMPT');
    expect(applyStatusEvent(failed, ev('c', 'OUT_FOR_DELIVERY', 30)).status).toBe('OUT_FOR_DELIVERY');
    const returning = applyStatusEvent(failed, ev('c', 'RETURN_TO_ORIGIN', 30));
    expect(returning.status).toBe('RETURN_TO_ORIGIN');
    expect(applyStatusEvent(returning, ev('d', 'OUT_FOR_DELIVERY', 40)).status).toBe('RETURN_TO_ORIGIN');
    expect(applyStatusEvent(returning, ev('d', 'DELIVERED', 40)).status).toBe('RETURN_TO_ORIGIN');
    expect(applyStatusEvent(returning, ev('d', 'RETURNED', 40)).status).toBe('RETURNED');
  });

  it('an exception counts as picked up: a carrier CANCELLED is then refused', () => {
    const state = oneByOne([ev('a', 'EXCEPTION_ADDRESS_ISSUE', 10), ev('b', 'CANCELLED', 20)]);
    expect(state).toMatchObject({ status: 'EXCEPTION_ADDRESS_ISSUE', progress: 'PICKED_UP' });
  });

  it('ignores customs steps on a domestic lane but applies a customs hold the carrier reports there', () => {
    const { state, accepted, transitions } = applyStatusEvents(
      initialTrackingState('PICKED_UP'),
      [ev('a', 'CUSTOMS_CLEARANCE', 10), ev('b', 'EXCEPTION_CUSTOMS_HOLD', 20)],
      { international: false },
    );
    expect(state).toMatchObject({ status: 'EXCEPTION_CUSTOMS_HOLD', progress: 'PICKED_UP' });
    expect(accepted).toHaveLength(2);
    expect(transitions.map(({ from, to }) => `${from}>${to}`)).toEqual(['PICKED_UP>EXCEPTION_CUSTOMS_HOLD']);
    // The flow resumes after the hold as after any exception.
    expect(applyStatusEvent(state, ev('c', 'IN_TRANSIT', 30), { international: false }).status).toBe('IN_TRANSIT');
  });

  it('keeps a late event after a terminal status as history without moving the status', () => {
    const delivered = applyStatusEvents(initialTrackingState(), [ev('a', 'OUT_FOR_DELIVERY', 10), ev('b', 'DELIVERED', 20)]).state;
    const late = { ...ev('c', 'IN_TRANSIT', 20), occurredAt: new Date(Date.parse(at(20)) - 1000).toISOString() };
    const { state, accepted, transitions } = applyStatusEvents(delivered, [late]);
    expect(state.status).toBe('DELIVERED');
    expect(accepted).toEqual([late]);
    expect(transitions).toEqual([]);
  });

  it('infers progress when the stored state has none', () => {
    const state = applyStatusEvent(
      { status: 'EXCEPTION_FAILED_DELIVERY_ATTEMPT', lastEventAt: new Date(at(10)) },
      ev('a', 'AT_DELIVERY_HUB', 20),
    );
    expect(state.status).toBe('EXCEPTION_FAILED_DELIVERY_ATTEMPT');
  });

  it('keeps the newest event time', () => {
    const { state } = applyStatusEvents(initialTrackingState(), [ev('b', 'IN_TRANSIT', 20), ev('a', 'PICKED_UP', 5)]);
    expect(state.lastEventAt).toEqual(new Date(at(20)));
  });

  it('derives the same state from a history in any order', () => {
    const history = [ev('a', 'PICKED_UP', 1), ev('b', 'EXCEPTION_CUSTOMS_HOLD', 2), ev('c', 'CUSTOMS_CLEARED', 3)];
    expect(deriveTrackingState(history)).toEqual(deriveTrackingState([...history].reverse()));
    expect(deriveTrackingState(history).status).toBe('CUSTOMS_CLEARED');
  });
});

// ---- property tests ----------------------------------------------------------------

/** The test's own model of the lifecycle, used only to generate valid event sequences. */
const FLOW: readonly ShipmentStatus[] = [
  'CREATED',
  'LABEL_GENERATED',
  'PICKUP_SCHEDULED',
  'PICKED_UP',
  'AT_ORIGIN_HUB',
  'DEPARTED_ORIGIN',
  'IN_TRANSIT',
  'ARRIVED_DESTINATION_COUNTRY',
  'CUSTOMS_CLEARANCE',
  'CUSTOMS_CLEARED',
  'AT_DELIVERY_HUB',
  'OUT_FOR_DELIVERY',
  'DELIVERED',
];
const EXCEPTIONS: readonly ShipmentStatus[] = [
  'EXCEPTION_CUSTOMS_HOLD',
  'EXCEPTION_ADDRESS_ISSUE',
  'EXCEPTION_WEIGHT_MISMATCH',
  'EXCEPTION_FAILED_DELIVERY_ATTEMPT',
  'EXCEPTION_CARRIER_DELAY',
];
/** Steps a domestic lane does not have; a customs hold is an exception and possible anywhere. */
const CUSTOMS: readonly ShipmentStatus[] = ['ARRIVED_DESTINATION_COUNTRY', 'CUSTOMS_CLEARANCE', 'CUSTOMS_CLEARED'];
const ENDS: readonly ShipmentStatus[] = ['DELIVERED', 'RETURNED', 'LOST', 'CANCELLED'];
const PICKED_UP = FLOW.indexOf('PICKED_UP');
const OUT_FOR_DELIVERY = FLOW.indexOf('OUT_FOR_DELIVERY');

interface Walk {
  status: ShipmentStatus;
  /** Index in FLOW of the furthest step reached; -1 on the return leg. */
  reached: number;
}

/** Statuses a carrier may validly report next (a repeat of the current one included). */
function nextSteps(walk: Walk, international: boolean | undefined): ShipmentStatus[] {
  const onLane = (s: ShipmentStatus) => international !== false || !CUSTOMS.includes(s);
  if (walk.status === 'RETURN_TO_ORIGIN') return ['RETURN_TO_ORIGIN', 'RETURNED', 'LOST'];
  const inException = EXCEPTIONS.includes(walk.status);
  const flow = FLOW.filter((_, i) => i >= walk.reached && (inException || i >= FLOW.indexOf(walk.status)));
  const steps = [...flow, ...EXCEPTIONS, 'RETURN_TO_ORIGIN', 'RETURNED', 'LOST'] as ShipmentStatus[];
  if (!inException && walk.reached < PICKED_UP) steps.push('CANCELLED');
  return steps.filter(onLane);
}

function step(walk: Walk, to: ShipmentStatus): Walk {
  if (to === 'RETURN_TO_ORIGIN') return { status: to, reached: -1 };
  if (FLOW.includes(to)) return { status: to, reached: Math.max(walk.reached, FLOW.indexOf(to)) };
  if (EXCEPTIONS.includes(to)) {
    const implied = to === 'EXCEPTION_FAILED_DELIVERY_ATTEMPT' ? OUT_FOR_DELIVERY : PICKED_UP;
    return { status: to, reached: Math.max(walk.reached, implied) };
  }
  return { status: to, reached: walk.reached };
}

interface Scenario {
  international: boolean | undefined;
  events: StatusEvent[];
}

const validScenario: fc.Arbitrary<Scenario> = fc
  .record({
    international: fc.constantFrom(true, false, undefined),
    choices: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 90 })), { maxLength: 24, size: 'medium' }),
  })
  .map(({ international, choices }) => {
    let walk: Walk = { status: 'CREATED', reached: 0 };
    let minutes = 0;
    const events: StatusEvent[] = [];
    for (const [pick, gap] of choices) {
      if (ENDS.includes(walk.status)) break;
      const options = nextSteps(walk, international);
      // Mostly non-final steps, so that sequences get long enough to shuffle meaningfully.
      const ongoing = options.filter((s) => !ENDS.includes(s));
      const pool = pick % 8 !== 0 && ongoing.length > 0 ? ongoing : options;
      const to = pool[Math.floor(pick / 8) % pool.length];
      minutes += gap;
      events.push(ev(`e${events.length}`, to, minutes));
      walk = step(walk, to);
    }
    return { international, events };
  });

const withPermutation = validScenario.chain((scenario) =>
  fc.record({
    scenario: fc.constant(scenario),
    permuted: fc.shuffledSubarray(scenario.events, {
      minLength: scenario.events.length,
      maxLength: scenario.events.length,
    }),
  }),
);

const expectedFinal = (events: readonly StatusEvent[]): ShipmentStatus =>
  events.length === 0 ? 'CREATED' : events[events.length - 1].status;

function applyOneByOne(events: readonly StatusEvent[], international: boolean | undefined): TrackingState {
  return events.reduce<TrackingState>((state, event) => applyStatusEvent(state, event, { international }), initialTrackingState());
}

const anyStatus = fc.constantFrom(...SHIPMENT_STATUSES);
const anyEvents = fc.array(
  fc.record({
    eventId: fc.string({ minLength: 1, maxLength: 4 }),
    status: anyStatus,
    occurredAt: fc.integer({ min: 0, max: 40 }).map(at),
  }),
  { maxLength: 20 },
);
const anyState: fc.Arbitrary<TrackingState> = fc.record({
  status: anyStatus,
  progress: fc.option(anyStatus, { nil: undefined }),
  lastEventAt: fc.option(
    fc.integer({ min: 0, max: 40 }).map((m) => new Date(at(m))),
    { nil: undefined },
  ),
});

describe('applyStatusEvents: properties', () => {
  it('a valid sequence applied in order ends in the status of its newest event', () => {
    fc.assert(
      fc.property(validScenario, ({ international, events }) => {
        expect(applyOneByOne(events, international).status).toBe(expectedFinal(events));
      }),
    );
  });

  it('any arrival order of a valid sequence, one event at a time, ends in the same status', () => {
    fc.assert(
      fc.property(withPermutation, ({ scenario, permuted }) => {
        expect(applyOneByOne(permuted, scenario.international).status).toBe(expectedFinal(scenario.events));
      }),
      { numRuns: 500 },
    );
  });

  it('any arrival order split into any batches ends in the same status', () => {
    const batched = withPermutation.chain((input) =>
      fc.record({ input: fc.constant(input), cuts: fc.array(fc.nat({ max: 20 }), { maxLength: 5 }) }),
    );
    fc.assert(
      fc.property(batched, ({ input: { scenario, permuted }, cuts }) => {
        const bounds = [0, ...cuts.map((c) => c % (permuted.length + 1)).sort((a, b) => a - b), permuted.length];
        let state = initialTrackingState();
        const known = new Set<string>();
        for (let i = 1; i < bounds.length; i++) {
          const batch = permuted.slice(bounds[i - 1], bounds[i]);
          const result = applyStatusEvents(state, batch, {
            international: scenario.international,
            knownIdentities: known,
          });
          result.accepted.forEach((e) => known.add(statusEventIdentity(e)));
          state = result.state;
        }
        expect(state.status).toBe(expectedFinal(scenario.events));
        expect(known.size).toBe(scenario.events.length);
      }),
    );
  });

  it('duplicates, under the same or a fresh id, do not change the result and are stored once', () => {
    const withDuplicates = withPermutation.chain((input) =>
      fc.record({
        input: fc.constant(input),
        extra: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.boolean()), { maxLength: 10 }),
      }),
    );
    fc.assert(
      fc.property(withDuplicates, ({ input: { scenario, permuted }, extra }) => {
        if (permuted.length === 0) return;
        const noisy = [...permuted];
        extra.forEach(([which, where, freshId], i) => {
          const original = permuted[which % permuted.length];
          noisy.splice(where % (noisy.length + 1), 0, { ...original, eventId: freshId ? `resent-${i}` : original.eventId });
        });
        const expected = expectedFinal(scenario.events);
        expect(applyOneByOne(noisy, scenario.international).status).toBe(expected);
        const batch = applyStatusEvents(initialTrackingState(), noisy, { international: scenario.international });
        expect(batch.state.status).toBe(expected);
        expect(batch.accepted).toHaveLength(scenario.events.length);
        // Against a known history, a re-sent event is dropped whatever its id.
        const known = new Set(scenario.events.map((e) => statusEventIdentity(e)));
        expect(applyStatusEvents(batch.state, noisy, { international: scenario.international, knownIdentities: known }).accepted).toEqual(
          [],
        );
      }),
    );
  });

  it('late events after a terminal status, in any order and batches, are kept as history and never move it', () => {
    const ended = validScenario.filter(({ events }) => events.length > 0 && ENDS.includes(events[events.length - 1].status));
    const lateEvents = fc.array(
      fc.record({ status: anyStatus, before: fc.integer({ min: 0, max: 600 }), freshId: fc.boolean(), copy: fc.nat() }),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(ended, lateEvents, fc.array(fc.nat({ max: 12 }), { maxLength: 3 }), ({ international, events }, late, cuts) => {
        const end = applyStatusEvents(initialTrackingState(), events, { international }).state;
        const endAt = Date.parse(String(events[events.length - 1].occurredAt));
        const arrivals: StatusEvent[] = late.map((l, i) =>
          l.freshId
            ? { eventId: `late-${i}`, status: l.status, occurredAt: new Date(endAt - l.before * 1000).toISOString() }
            : { ...events[l.copy % events.length], eventId: `again-${i}` },
        );
        let state: TrackingState = end;
        const known = new Set(events.map((e) => statusEventIdentity(e)));
        const bounds = [0, ...cuts.map((c) => c % (arrivals.length + 1)).sort((a, b) => a - b), arrivals.length];
        for (let i = 1; i < bounds.length; i++) {
          const result = applyStatusEvents(state, arrivals.slice(bounds[i - 1], bounds[i]), { international, knownIdentities: known });
          expect(result.transitions).toEqual([]);
          for (const e of result.accepted) {
            // Only new events are kept: never a copy of one already in the history.
            expect(known.has(statusEventIdentity(e))).toBe(false);
            known.add(statusEventIdentity(e));
          }
          state = result.state;
        }
        expect(state.status).toBe(end.status);
        const distinctLate = new Set(
          arrivals.map((e) => statusEventIdentity(e)).filter((id) => !events.some((e) => statusEventIdentity(e) === id)),
        );
        expect(known.size).toBe(new Set(events.map((e) => statusEventIdentity(e))).size + distinctLate.size);
      }),
    );
  });

  it('once terminal, nothing moves it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<ShipmentStatus>('DELIVERED', 'RETURNED', 'LOST', 'CANCELLED'),
        anyEvents,
        fc.constantFrom(true, false, undefined),
        (status, events, international) => {
          const { state, transitions } = applyStatusEvents({ status }, events, { international });
          expect(state.status).toBe(status);
          expect(transitions).toEqual([]);
        },
      ),
    );
  });

  it('every change it makes is a transition the state machine allows', () => {
    fc.assert(
      fc.property(anyState, anyEvents, fc.constantFrom(true, false, undefined), (start, events, international) => {
        fc.pre(isAllowedOnLane(start.status, { international }));
        const { transitions } = applyStatusEvents(start, events, { international });
        for (const { from, to } of transitions) {
          expect([from, to, canTransition(from, to, { international })]).toEqual([from, to, true]);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('the state derived from a history does not depend on its order, even for contradictory histories', () => {
    const distinct = anyEvents.map((events) => events.map((e, i) => ({ ...e, eventId: `${i}` })));
    fc.assert(
      fc.property(
        distinct.chain((events) =>
          fc.tuple(fc.constant(events), fc.shuffledSubarray(events, { minLength: events.length, maxLength: events.length })),
        ),
        ([events, shuffled]) => {
          expect(deriveTrackingState(shuffled)).toEqual(deriveTrackingState(events));
        },
      ),
    );
  });
});
