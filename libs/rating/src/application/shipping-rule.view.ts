import type { ShippingRule, ShippingRuleAction, ShippingRuleConditions } from '../domain/shipping-rule';

/** The ShippingRule resource (docs/api.md "Shipping rules"), as the API returns it. */
export interface ShippingRuleView {
  readonly id: string;
  readonly name: string;
  readonly priority: number;
  readonly enabled: boolean;
  readonly conditions: ShippingRuleConditions;
  readonly action: ShippingRuleAction;
  readonly created_at: string;
}

export function shippingRuleView(rule: ShippingRule): ShippingRuleView {
  return {
    id: rule.id,
    name: rule.name,
    priority: rule.priority,
    enabled: rule.enabled,
    conditions: rule.conditions,
    action: rule.action,
    created_at: rule.createdAt.toISOString(),
  };
}
