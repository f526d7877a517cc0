import { applicableRule, applyShippingRule, choiceCovers, ShipmentFacts, ShippingRule } from '../../domain/shipping-rule';
import { laneCityKey, quoteOnTimeRate, QUOTE_ON_TIME_WINDOW_DAYS, riyadhDayMinus } from '../../domain/carrier-performance';
import type { ShippingRuleRepositoryPort } from '../ports/shipping-rule.repository.port';
import type { LanePerformancePort, LaneServiceRecord } from '../ports/lane-performance.port';
import type { GetRatesCommand } from './get-rates.command';

/** What a rate request shows a rule: the destination, the parcels' weight, cash on delivery, a value declared in SAR. */
export function rateRequestFacts(command: GetRatesCommand): ShipmentFacts {
  const currency = command.declaredValueCurrency ?? 'SAR';
  return {
    destinationCity: command.destination.city,
    destinationCountry: command.destination.country,
    weightKg: command.parcels.reduce((sum, p) => sum + p.weight_kg, 0),
    cod: (command.codAmountHalalas ?? 0) > 0,
    declaredValueSar: command.declaredValue !== undefined && currency === 'SAR' ? command.declaredValue : null,
  };
}

/** The rule that applies to a rate request and the lane's record, as the quote loop asks for them. */
export interface RuledQuotes {
  excludes(carrier: string, service: string): boolean;
  annotations(carrier: string, service: string): { recommended: boolean; rule_id: string | null; on_time_rate: number | null };
  order<T extends { readonly carrier: { readonly code: string }; readonly service: { readonly code: string } }>(quotes: T[]): T[];
}

/**
 * Reads the team's rules and its record on the request's lane (in parallel), and answers what the
 * quote loop needs of them. With no rule, nothing is excluded and the order is unchanged.
 */
export async function ruledQuotes(
  command: GetRatesCommand,
  now: Date,
  rules: ShippingRuleRepositoryPort,
  performance: LanePerformancePort,
): Promise<RuledQuotes> {
  const [teamRules, lane] = await Promise.all([
    rules.listRecent(command.teamId),
    performance.lane(
      command.teamId,
      laneCityKey(command.origin.city),
      laneCityKey(command.destination.city),
      riyadhDayMinus(now, QUOTE_ON_TIME_WINDOW_DAYS),
    ),
  ]);
  const rule: ShippingRule | null = teamRules.length === 0 ? null : applicableRule(teamRules, rateRequestFacts(command));
  const record = (carrier: string, service: string): LaneServiceRecord | undefined =>
    lane.find((r) => r.carrier === carrier && r.service === service);
  if (!rule) {
    // Most teams have no rule: nothing to exclude, prefer or reorder on every rating.
    return {
      excludes: () => false,
      annotations: (carrier, service) => ({ recommended: false, rule_id: null, on_time_rate: quoteOnTimeRate(record(carrier, service)) }),
      order: (quotes) => quotes,
    };
  }
  return {
    excludes: (carrier, service) => (rule.action.exclude ?? []).some((e) => choiceCovers(e, carrier, service)),
    annotations: (carrier, service) => ({
      recommended: (rule.action.prefer ?? []).some((p) => choiceCovers(p, carrier, service)),
      rule_id: rule.id,
      on_time_rate: quoteOnTimeRate(record(carrier, service)),
    }),
    order: (quotes) =>
      applyShippingRule(rule, quotes, (q) => ({ carrier: q.carrier.code, service: q.service.code })).options.map((o) => o.option),
  };
}
