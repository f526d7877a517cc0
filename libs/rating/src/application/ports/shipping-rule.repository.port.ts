import type { AuditSource } from '@lgw/kernel';
import type { ShippingRule, ShippingRuleProps } from '../../domain/shipping-rule';

/** A team's shipping rules (test mode's rules live in the test scope, as all team data does). */
export interface ShippingRuleRepositoryPort {
  /** Every rule of the team, in the order they apply (priority, then the first created). */
  list(teamId: string): Promise<ShippingRule[]>;
  /**
   * The same, as read at most a second ago: what every quote applies. A change made through this
   * process is seen at once, one made through another process within that second (docs/adr/0084).
   */
  listRecent(teamId: string): Promise<ShippingRule[]>;
  find(teamId: string, id: string): Promise<ShippingRule | null>;
  /** Each change is recorded in the team's audit trail by the same transaction (docs/adr/0082). */
  insert(teamId: string, id: string, props: ShippingRuleProps, now: Date, source: AuditSource): Promise<ShippingRule>;
  /** Null when the team has no such rule. */
  update(teamId: string, id: string, props: ShippingRuleProps, now: Date, source: AuditSource): Promise<ShippingRule | null>;
  /** False when the team has no such rule. */
  delete(teamId: string, id: string, source: AuditSource): Promise<boolean>;
}

export const SHIPPING_RULE_REPOSITORY = Symbol('SHIPPING_RULE_REPOSITORY');
