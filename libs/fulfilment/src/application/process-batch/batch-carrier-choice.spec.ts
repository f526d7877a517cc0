import type { ShippingRule } from '@lgw/rating';
import { batchOrderFacts, chooseFulfilmentOption } from './batch-carrier-choice';

const OPTIONS = [
  { carrierCode: 'a', serviceCode: 'a_one' },
  { carrierCode: 'a', serviceCode: 'a_two' },
  { carrierCode: 'b', serviceCode: 'b_one' },
];

const rule = (over: Partial<ShippingRule>): ShippingRule => ({
  id: 'r',
  name: 'r',
  priority: 1,
  enabled: true,
  conditions: { destination_cities: ['جدة'] },
  action: {},
  createdAt: new Date(0),
  ...over,
});

const jeddah = batchOrderFacts({ destination: { city: 'Jeddah', country: 'SA' }, codAmountHalalas: 1000 }, 1);
const riyadh = batchOrderFacts({ destination: { city: 'Riyadh', country: 'SA' }, codAmountHalalas: null }, 1);

describe('chooseFulfilmentOption', () => {
  it('without rules (or none applicable) ships on the first option, as before rules', () => {
    expect(chooseFulfilmentOption([], jeddah, OPTIONS)).toEqual({ option: OPTIONS[0], ruleId: null });
    expect(chooseFulfilmentOption([rule({ action: { prefer: [{ carrier: 'b' }] } })], riyadh, OPTIONS)).toEqual({
      option: OPTIONS[0],
      ruleId: null,
    });
  });

  it('takes the preferred service, else the first one not excluded, else none', () => {
    expect(chooseFulfilmentOption([rule({ action: { prefer: [{ carrier: 'b' }] } })], jeddah, OPTIONS).option).toBe(OPTIONS[2]);
    expect(chooseFulfilmentOption([rule({ action: { exclude: [{ carrier: 'a', service: 'a_one' }] } })], jeddah, OPTIONS).option).toBe(
      OPTIONS[1],
    );
    expect(chooseFulfilmentOption([rule({ action: { exclude: [{ carrier: 'a' }, { carrier: 'b' }] } })], jeddah, OPTIONS)).toEqual({
      option: null,
      ruleId: 'r',
    });
  });

  it('sees cash on delivery from the order', () => {
    const codOnly = rule({ conditions: { cod: true }, action: { prefer: [{ carrier: 'b' }] } });
    expect(chooseFulfilmentOption([codOnly], jeddah, OPTIONS).option).toBe(OPTIONS[2]);
    expect(chooseFulfilmentOption([codOnly], riyadh, OPTIONS).option).toBe(OPTIONS[0]);
  });
});
