import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@lgw/kernel';
import { SHIPPING_RULE_REPOSITORY, ShippingRuleRepositoryPort } from '../ports/shipping-rule.repository.port';
import { shippingRuleView, ShippingRuleView } from '../shipping-rule.view';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Rule ids are UUIDs: anything else names no rule (404, never a database error). */
export function isRuleId(id: string): boolean {
  return UUID.test(id);
}

/** GET /shipping-rules/{id}: another team's rule is not found. */
@Injectable()
export class GetShippingRuleUseCase {
  constructor(@Inject(SHIPPING_RULE_REPOSITORY) private readonly rules: ShippingRuleRepositoryPort) {}

  async execute(command: { readonly teamId: string; readonly id: string }): Promise<ShippingRuleView> {
    const rule = isRuleId(command.id) ? await this.rules.find(command.teamId, command.id) : null;
    if (!rule) throw new DomainError('E_NOT_FOUND');
    return shippingRuleView(rule);
  }
}
