import type { ShippingRule } from '../../domain/shipping-rule';
import { laneCityKey } from '../../domain/carrier-performance';
import type { LanePerformancePort } from '../ports/lane-performance.port';
import type { ShippingRuleRepositoryPort } from '../ports/shipping-rule.repository.port';
import type { GetRatesCommand } from './get-rates.command';
import { rateRequestFacts, ruledQuotes } from './ruled-quotes';

const address = (city: string) => ({ name: 'n', line1: 'l', city, country: 'SA', phone: '966500000000' });
const COMMAND: GetRatesCommand = {
  teamId: 'team',
  origin: address('Riyadh'),
  destination: address('جدة'),
  parcels: [
    { weight_kg: 2, length_cm: 10, width_cm: 10, height_cm: 10 },
    { weight_kg: 3.5, length_cm: 10, width_cm: 10, height_cm: 10 },
  ],
};
const NOW = new Date('2026-11-27T10:00:00Z');

const rule = (over: Partial<ShippingRule>): ShippingRule => ({
  id: 'r1',
  name: 'r',
  priority: 1,
  enabled: true,
  conditions: { declared_value_sar: { min: 100 } },
  action: { prefer: [{ carrier: 'b' }], exclude: [{ carrier: 'c', service: 'c_slow' }] },
  createdAt: NOW,
  ...over,
});

function ports(rules: ShippingRule[], lane: Awaited<ReturnType<LanePerformancePort['lane']>> = []) {
  const asked: unknown[][] = [];
  const repository = { listRecent: async () => rules } as unknown as ShippingRuleRepositoryPort;
  const performance: LanePerformancePort = {
    lane: async (...args) => {
      asked.push(args);
      return lane;
    },
  };
  return { repository, performance, asked };
}

describe('rateRequestFacts', () => {
  it('sums the parcels, reads cash on delivery, and takes a declared value only in SAR', () => {
    expect(rateRequestFacts(COMMAND)).toEqual({
      destinationCity: 'جدة',
      destinationCountry: 'SA',
      weightKg: 5.5,
      cod: false,
      declaredValueSar: null,
    });
    expect(rateRequestFacts({ ...COMMAND, declaredValue: 200, codAmountHalalas: 100 })).toMatchObject({ cod: true, declaredValueSar: 200 });
    expect(rateRequestFacts({ ...COMMAND, declaredValue: 200, declaredValueCurrency: 'USD' }).declaredValueSar).toBeNull();
  });
});

describe('ruledQuotes', () => {
  const quote = (carrier: string, service: string) => ({ carrier: { code: carrier }, service: { code: service } });

  it("reads the lane by its city keys over the last 90 Riyadh days, and shows a service's on-time rate from 20 deliveries", async () => {
    const { repository, performance, asked } = ports(
      [],
      [
        { carrier: 'a', service: 'a_fast', delivered: 20, onTime: 15 },
        { carrier: 'b', service: 'b_std', delivered: 19, onTime: 19 },
      ],
    );
    const ruled = await ruledQuotes(COMMAND, NOW, repository, performance);
    expect(asked).toEqual([['team', laneCityKey('Riyadh'), laneCityKey('Jeddah'), '2026-08-29']]);
    expect(ruled.annotations('a', 'a_fast')).toEqual({ recommended: false, rule_id: null, on_time_rate: 0.75 });
    expect(ruled.annotations('b', 'b_std').on_time_rate).toBeNull();
    expect(ruled.excludes('c', 'c_slow')).toBe(false);
    const quotes = [quote('a', 'a_fast'), quote('b', 'b_std')];
    expect(ruled.order(quotes)).toEqual(quotes);
  });

  it('applies the rule whose conditions hold: exclusions, recommendations, order, its id on every quote', async () => {
    const { repository, performance } = ports([rule({})]);
    const none = await ruledQuotes({ ...COMMAND, declaredValue: 50 }, NOW, repository, performance);
    expect(none.annotations('b', 'b_std').rule_id).toBeNull();

    const ruled = await ruledQuotes({ ...COMMAND, declaredValue: 150 }, NOW, repository, performance);
    expect(ruled.excludes('c', 'c_slow')).toBe(true);
    expect(ruled.excludes('c', 'c_fast')).toBe(false);
    expect(ruled.annotations('b', 'b_std')).toEqual({ recommended: true, rule_id: 'r1', on_time_rate: null });
    expect(ruled.annotations('a', 'a_fast')).toEqual({ recommended: false, rule_id: 'r1', on_time_rate: null });
    const [a, b, c] = [quote('a', 'a_fast'), quote('b', 'b_std'), quote('c', 'c_fast')];
    expect(ruled.order([a, b, c])).toEqual([b, a, c]);
  });
});
