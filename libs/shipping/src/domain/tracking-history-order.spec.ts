import fc from 'fast-check';
import { SHIPMENT_STATUSES, normalizeLocation, trackingEventIdentity, withoutDuplicates, mainFlowRank } from '@lgw/kernel';
import { HistoryEvent, orderTrackingHistory, provenStepRank } from './tracking-history-order';

const T0 = Date.parse('2026-01-10T09:00:00Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000);
const gateway = (id: string, code: string, seconds: number): HistoryEvent => ({ id, source: 'gateway', code, occurredAt: at(seconds) });
const carrier = (id: string, code: string, seconds: number, locationEn: string | null = null): HistoryEvent => ({
  id,
  source: 'carrier',
  code,
  occurredAt: at(seconds),
  locationEn,
});
const codes = (events: ReturnType<typeof orderTrackingHistory>) => events.map((p) => p.event.code);

describe('trackingEventIdentity', () => {
  it('is the code, the time at the given resolution and the place', () => {
    const a = { code: 'PICKED_UP', occurredAt: '2026-01-10T09:00:12Z', locationEn: 'Riyadh', locationAr: 'الرياض' };
    expect(trackingEventIdentity(a)).toBe(trackingEventIdentity({ ...a, occurredAt: new Date('2026-01-10T09:00:12.000Z') }));
    expect(trackingEventIdentity(a)).not.toBe(trackingEventIdentity({ ...a, occurredAt: '2026-01-10T09:00:40Z' }));
    expect(trackingEventIdentity(a, 60_000)).toBe(trackingEventIdentity({ ...a, occurredAt: '2026-01-10T09:00:40Z' }, 60_000));
    expect(trackingEventIdentity(a)).not.toBe(trackingEventIdentity({ ...a, code: 'AT_ORIGIN_HUB' }));
    expect(trackingEventIdentity(a)).not.toBe(trackingEventIdentity({ ...a, locationAr: 'جدة' }));
    expect(trackingEventIdentity({ ...a, locationEn: null })).toBe(trackingEventIdentity({ ...a, locationEn: '  ' }));
  });

  it('compares places without regard to case, spacing or Unicode form', () => {
    expect(normalizeLocation('  King  Khalid\tAirport ')).toBe('king khalid airport');
    expect(normalizeLocation('ＲＩＹＡＤＨ')).toBe('riyadh');
    expect(normalizeLocation(undefined)).toBe('');
  });

  it('withoutDuplicates keeps the first copy and skips known identities', () => {
    expect(withoutDuplicates(['a1', 'b1', 'a2', 'c1'], (s) => s[0], new Set(['c']))).toEqual(['a1', 'b1']);
  });

  it('is the same for equal events and differs when code, instant or place differ (property)', () => {
    const event = fc.record({
      code: fc.constantFrom('PICKED_UP', 'IN_TRANSIT', 'X-1'),
      occurredAt: fc.integer({ min: 0, max: 10 }).map((m) => new Date(T0 + m * 30_000)),
      locationEn: fc.constantFrom(null, 'Riyadh', 'Jeddah'),
    });
    fc.assert(
      fc.property(event, event, fc.constantFrom(1, 1000, 60_000), (a, b, resolution) => {
        const same =
          a.code === b.code &&
          Math.floor(a.occurredAt.getTime() / resolution) === Math.floor(b.occurredAt.getTime() / resolution) &&
          a.locationEn === b.locationEn;
        expect(trackingEventIdentity(a, resolution) === trackingEventIdentity(b, resolution)).toBe(same);
      }),
    );
  });
});

describe('orderTrackingHistory', () => {
  it('places a label finished after the pickup scan before the pickup, at the pickup time', () => {
    const history = [gateway('g1', 'CREATED', 0), carrier('c1', 'PICKED_UP', 5), gateway('g2', 'LABEL_GENERATED', 9)];
    const placed = orderTrackingHistory(history);
    expect(codes(placed)).toEqual(['PICKED_UP', 'LABEL_GENERATED', 'CREATED']);
    expect(placed.map((p) => p.shownAt)).toEqual([at(5), at(5), at(0)]);
  });

  it('keeps the gateway time when nothing later proves otherwise', () => {
    const placed = orderTrackingHistory([
      carrier('c0', 'LABEL_GENERATED', 1),
      gateway('g1', 'CREATED', 0),
      gateway('g2', 'LABEL_GENERATED', 3),
      carrier('c1', '9999', 2),
      carrier('c2', 'PICKED_UP', 8),
    ]);
    expect(codes(placed)).toEqual(['PICKED_UP', 'LABEL_GENERATED', '9999', 'LABEL_GENERATED', 'CREATED']);
    expect(placed[1]).toMatchObject({ event: { source: 'gateway' }, shownAt: at(3) });
  });

  it('moves every gateway step below a carrier clock that runs behind the booking, in flow order', () => {
    const placed = orderTrackingHistory([
      gateway('g1', 'CREATED', 10),
      gateway('g2', 'LABEL_GENERATED', 12),
      carrier('c1', 'EXCEPTION_ADDRESS_ISSUE', 4),
    ]);
    expect(codes(placed)).toEqual(['EXCEPTION_ADDRESS_ISSUE', 'LABEL_GENERATED', 'CREATED']);
    expect(placed.map((p) => p.shownAt)).toEqual([at(4), at(4), at(4)]);
  });

  it('does not move a gateway cancellation, and a carrier cancellation proves no step', () => {
    const placed = orderTrackingHistory([gateway('g1', 'CREATED', 0), gateway('g3', 'CANCELLED', 9), carrier('c1', 'CANCELLED', 4)]);
    expect(codes(placed)).toEqual(['CANCELLED', 'CANCELLED', 'CREATED']);
    expect(placed[0].event.source).toBe('gateway');
    expect(provenStepRank('CANCELLED')).toBeUndefined();
    expect(provenStepRank('EXCEPTION_FAILED_DELIVERY_ATTEMPT')).toBe(mainFlowRank('OUT_FOR_DELIVERY'));
    expect(provenStepRank('LOST')).toBe(mainFlowRank('PICKED_UP'));
  });

  it('shows a carrier event stored twice under different ids once', () => {
    const placed = orderTrackingHistory([
      carrier('b', 'PICKED_UP', 5, 'Riyadh'),
      carrier('a', 'PICKED_UP', 5, 'riyadh '),
      gateway('g', 'CREATED', 0),
    ]);
    expect(placed.map((p) => p.event.id)).toEqual(['a', 'g']);
  });

  it('shows the same scan of two pieces twice, once per piece (docs/adr/0087)', () => {
    const placed = orderTrackingHistory([
      { ...carrier('a', 'PICKED_UP', 5, 'Riyadh'), pieceNumber: 1 },
      { ...carrier('b', 'PICKED_UP', 5, 'Riyadh'), pieceNumber: 2 },
      { ...carrier('c', 'PICKED_UP', 5, 'Riyadh'), pieceNumber: 2 },
    ]);
    expect(placed.map((p) => p.event.id)).toEqual(['b', 'a']);
  });

  const anyHistory = fc
    .array(
      fc.record({
        source: fc.constantFrom<'gateway' | 'carrier'>('gateway', 'carrier'),
        code: fc.constantFrom(...SHIPMENT_STATUSES, '9999'),
        seconds: fc.integer({ min: 0, max: 30 }),
        place: fc.constantFrom(null, 'Riyadh', 'Jeddah'),
      }),
      { maxLength: 14 },
    )
    .map((rows) =>
      rows.map((r, i): HistoryEvent => ({
        id: `e${String(i).padStart(2, '0')}`,
        source: r.source,
        code: r.code,
        occurredAt: at(r.seconds),
        recordedAt: at(100 + i),
        locationEn: r.place,
      })),
    );

  it('properties: newest first by shown time, carriers at their own time, no gateway step above a carrier event past it, any input order', () => {
    fc.assert(
      fc.property(
        anyHistory.chain((h) => fc.tuple(fc.constant(h), fc.shuffledSubarray(h, { minLength: h.length, maxLength: h.length }))),
        ([history, shuffled]) => {
          const placed = orderTrackingHistory(history);
          const times = placed.map((p) => p.shownAt.getTime());
          expect(times).toEqual([...times].sort((a, b) => b - a));
          for (const p of placed) {
            if (p.event.source === 'carrier') expect(p.shownAt).toEqual(p.event.occurredAt);
            else expect(p.shownAt.getTime()).toBeLessThanOrEqual(p.event.occurredAt.getTime());
          }
          placed.forEach((g, gi) => {
            const rank = g.event.source === 'gateway' ? mainFlowRank(g.event.code as never) : undefined;
            if (rank === undefined) return;
            placed.forEach((c, ci) => {
              const proven = c.event.source === 'carrier' ? provenStepRank(c.event.code) : undefined;
              if (proven !== undefined && proven > rank) expect(ci).toBeLessThan(gi);
            });
          });
          const identities = placed.filter((p) => p.event.source === 'carrier').map((p) => trackingEventIdentity(p.event));
          expect(new Set(identities).size).toBe(identities.length);
          expect(new Set(identities)).toEqual(new Set(history.filter((e) => e.source === 'carrier').map((e) => trackingEventIdentity(e))));
          expect(placed.filter((p) => p.event.source === 'gateway')).toHaveLength(history.filter((e) => e.source === 'gateway').length);
          expect(orderTrackingHistory(shuffled).map((p) => p.event.id)).toEqual(placed.map((p) => p.event.id));
        },
      ),
      { numRuns: 300 },
    );
  });
});
