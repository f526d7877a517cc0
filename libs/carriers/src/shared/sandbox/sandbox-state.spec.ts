import { SHIPMENT_STATUSES } from '@lgw/kernel';
import { DOMESTIC_STATUSES } from '../status-map';
import { nextAutomaticStatus } from './lifecycle';
import { NewShipment, SandboxState } from './sandbox-state';
import { Vocabulary } from './sandbox-types';

/** A carrier with a code for every status, and a domestic one without customs codes. */
const vocabulary = (statuses: readonly string[]): Vocabulary =>
  Object.fromEntries(statuses.map((status) => [status, { code: `c${SHIPMENT_STATUSES.indexOf(status as never)}`, text: status }]));

function newState(autoAdvanceMs: number, now?: () => number): SandboxState {
  const state = new SandboxState(autoAdvanceMs, now);
  state.addCarrier('global', vocabulary(SHIPMENT_STATUSES));
  state.addCarrier('local', vocabulary(DOMESTIC_STATUSES));
  return state;
}

const booking = (overrides: Partial<NewShipment> = {}): NewShipment => ({
  carrier: 'global',
  trackingNumber: 'SHM1',
  carrierReference: 'shp_1',
  service: 'EXP-DOM',
  origin: { city: 'Riyadh', country: 'SA' },
  destination: { city: 'Jeddah', country: 'SA' },
  parcels: [{ weight_kg: 1, length_cm: 1, width_cm: 1, height_cm: 1 }],
  native: {},
  ...overrides,
});

describe('SandboxState', () => {
  it('records nothing at booking when auto-advance is off', () => {
    const state = newState(0);
    const shipment = state.addShipment(booking());
    expect(shipment.events).toEqual([]);
    expect(state.advanceDue()).toBe(0);
  });

  it('records events in the carrier vocabulary with bilingual default places', () => {
    const state = newState(0);
    const shipment = state.addShipment(booking({ carrier: 'local' }));
    const picked = state.recordStatus(shipment, 'PICKED_UP', { source: 'control' });
    expect(picked).toMatchObject({ nativeCode: 'c3', specStatus: 'PICKED_UP', locationEn: 'Riyadh', locationAr: 'الرياض' });
    const delivered = state.recordStatus(shipment, 'DELIVERED', { source: 'control' });
    expect(delivered).toMatchObject({ nativeCode: 'c12', locationEn: 'Jeddah', locationAr: 'جدة' });
    expect(() => state.recordStatus(shipment, 'CUSTOMS_CLEARANCE', { source: 'control' })).toThrow(/no code for CUSTOMS_CLEARANCE/);
  });

  it('sends the parcel back on the next step after the third failed delivery attempt, then ends RETURNED', () => {
    let now = 0;
    const state = newState(1000, () => now);
    const shipment = state.addShipment(booking());
    state.recordStatus(shipment, 'OUT_FOR_DELIVERY', { source: 'control' });
    expect(nextAutomaticStatus(shipment, state.carrier('global').vocabulary)).toBe('DELIVERED');
    for (let attempt = 1; attempt <= 2; attempt++) {
      state.recordStatus(shipment, 'EXCEPTION_FAILED_DELIVERY_ATTEMPT', { source: 'control' });
      state.recordStatus(shipment, 'OUT_FOR_DELIVERY', { source: 'control' });
    }
    expect(nextAutomaticStatus(shipment, state.carrier('global').vocabulary)).toBe('DELIVERED');
    state.recordStatus(shipment, 'EXCEPTION_FAILED_DELIVERY_ATTEMPT', { source: 'control' });
    expect(nextAutomaticStatus(shipment, state.carrier('global').vocabulary)).toBe('RETURN_TO_ORIGIN');
    now += 1000;
    state.advanceDue();
    expect(shipment.latestStatus).toBe('RETURN_TO_ORIGIN');
    now += 1000;
    state.advanceDue();
    expect(shipment.latestStatus).toBe('RETURNED');
    expect(shipment.events.map((e) => e.specStatus).slice(-2)).toEqual(['RETURN_TO_ORIGIN', 'RETURNED']);
  });

  it('walks the domestic path one step per interval, skipping customs, and stops at DELIVERED', () => {
    let now = 0;
    const state = newState(1000, () => now);
    const shipment = state.addShipment(booking());
    const seen: (string | null)[] = [];
    for (let i = 0; i < 15; i++) {
      now += 1000;
      state.advanceDue();
      seen.push(shipment.events.at(-1)?.specStatus ?? null);
    }
    expect([...new Set(seen)]).toEqual([
      'LABEL_GENERATED',
      'PICKUP_SCHEDULED',
      'PICKED_UP',
      'AT_ORIGIN_HUB',
      'DEPARTED_ORIGIN',
      'IN_TRANSIT',
      'AT_DELIVERY_HUB',
      'OUT_FOR_DELIVERY',
      'DELIVERED',
    ]);
    expect(shipment.events).toHaveLength(9);
  });

  it('goes through customs on international lanes and resumes the flow after an exception', () => {
    let now = 0;
    const state = newState(10, () => now);
    const shipment = state.addShipment(booking({ destination: { city: 'Dubai', country: 'AE' } }));
    state.recordStatus(shipment, 'IN_TRANSIT', { source: 'control' });
    state.recordStatus(shipment, 'EXCEPTION_CARRIER_DELAY', { source: 'control' });
    for (let i = 0; i < 3; i++) {
      now += 10;
      state.advanceDue();
    }
    expect(shipment.events.map((e) => e.specStatus)).toEqual([
      'IN_TRANSIT',
      'EXCEPTION_CARRIER_DELAY',
      'ARRIVED_DESTINATION_COUNTRY',
      'CUSTOMS_CLEARANCE',
      'CUSTOMS_CLEARED',
    ]);
  });

  it('stops advancing cancelled shipments and finishes a return', () => {
    let now = 0;
    const state = newState(10, () => now);
    const cancelled = state.addShipment(booking());
    const returning = state.addShipment(booking({ trackingNumber: 'SHM2' }));
    state.cancel(cancelled);
    state.recordStatus(returning, 'RETURN_TO_ORIGIN', { source: 'control' });
    now += 10;
    state.advanceDue();
    now += 10;
    state.advanceDue();
    expect(cancelled.events).toEqual([]);
    expect(returning.events.map((e) => e.specStatus)).toEqual(['RETURN_TO_ORIGIN', 'RETURNED']);
  });

  it('reset forgets shipments and faults', () => {
    const state = newState(0);
    state.addShipment(booking());
    state.carrier('global').fault = { mode: 'down', latencyMs: 0 };
    const hook = jest.fn();
    state.onReset(hook);
    state.reset();
    expect(state.carrier('global').shipments.size).toBe(0);
    expect(state.carrier('global').fault.mode).toBe('none');
    expect(hook).toHaveBeenCalled();
  });
});
