import { applicableRule, applyShippingRule, ShipmentFacts, ShippingRule } from '@lgw/rating';

/** A fulfilment carrier's service level a batch order may ship on. */
export interface FulfilmentOption {
  readonly carrierCode: string;
  readonly serviceCode: string;
}

/** What the team's rules see of a batch order: a domestic parcel, its nominal weight, cash on delivery, no declared value. */
export function batchOrderFacts(
  order: { readonly destination: { readonly city: string; readonly country: string }; readonly codAmountHalalas: number | null },
  weightKg: number,
): ShipmentFacts {
  return {
    destinationCity: order.destination.city,
    destinationCountry: order.destination.country,
    weightKg,
    cod: (order.codAmountHalalas ?? 0) > 0,
    declaredValueSar: null,
  };
}

/**
 * The service a batch order (whose row names no carrier) ships on: the options in catalogue order,
 * shaped by the first applicable rule (excluded ones dropped, preferred ones first); the first left.
 * Null when the rule excluded every option.
 */
export function chooseFulfilmentOption<T extends FulfilmentOption>(
  rules: readonly ShippingRule[],
  facts: ShipmentFacts,
  options: readonly T[],
): { readonly option: T | null; readonly ruleId: string | null } {
  const rule = rules.length === 0 ? null : applicableRule(rules, facts);
  const ruled = applyShippingRule(rule, options, (o) => ({ carrier: o.carrierCode, service: o.serviceCode }));
  return { option: ruled.options[0]?.option ?? null, ruleId: ruled.ruleId };
}

/** The order's refusal when a rule leaves it no fulfilment carrier; English then Arabic, as the result file shows it. */
export function excludedByRuleError(ruleId: string): string {
  return `shipping rule ${ruleId} excludes every fulfilment carrier for this order / قاعدة الشحن ${ruleId} تستبعد كل شركات التنفيذ لهذا الطلب`;
}
