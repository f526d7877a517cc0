import { CARRIERS, CarrierDefinition } from '@lgw/carriers';
import { parseClockTime, weekdayOf } from '@lgw/kernel';
import { contractPickupSlot } from './support/carrier-contract.suite';

// The shared contract suite books a collection the carrier would accept: on a day and within the
// hours its definition declares (capabilities.pickups, weekdays 0 = Sunday), never a fixed date.
describe('the contract suite books a pickup from the carrier calendar', () => {
  const reference = CARRIERS.find((carrier) => carrier.descriptor.capabilities.pickups)!;
  const withCalendar = (collectionDays: number[], from: string, to: string): CarrierDefinition =>
    ({
      ...reference,
      descriptor: {
        ...reference.descriptor,
        capabilities: { ...reference.descriptor.capabilities, pickups: { collectionDays, hours: { from, to } } },
      },
    }) as CarrierDefinition;

  it.each([
    [[5], '14:00', '18:00'],
    [[6], '07:30', '09:30'],
    [[0, 3], '16:00', '23:00'],
  ])('collects only on days %j between %s and %s: the slot is one of them', (days, from, to) => {
    const slot = contractPickupSlot(withCalendar(days, from, to));
    expect(days).toContain(weekdayOf(slot.pickup_date));
    expect(slot.window.from).toBe(from);
    expect(parseClockTime(slot.window.to)!).toBeLessThanOrEqual(parseClockTime(to)!);
    expect(parseClockTime(slot.window.to)! - parseClockTime(slot.window.from)!).toBeGreaterThanOrEqual(120);
  });
});
