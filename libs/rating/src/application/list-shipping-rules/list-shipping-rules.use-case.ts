import { Inject, Injectable } from '@nestjs/common';
import { SHIPPING_RULE_REPOSITORY, ShippingRuleRepositoryPort } from '../ports/shipping-rule.repository.port';
import { shippingRuleView, ShippingRuleView } from '../shipping-rule.view';

/** GET /shipping-rules: every rule of the team, in the order they are tried. */
@Injectable()
export class ListShippingRulesUseCase {
  constructor(@Inject(SHIPPING_RULE_REPOSITORY) private readonly rules: ShippingRuleRepositoryPort) {}

  async execute(command: { readonly teamId: string }): Promise<{ shipping_rules: ShippingRuleView[] }> {
    return { shipping_rules: (await this.rules.list(command.teamId)).map(shippingRuleView) };
  }
}
