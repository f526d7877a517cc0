import { Inject, Injectable } from '@nestjs/common';
import { AuditSource, CLOCK, ClockPort, DomainError } from '@lgw/kernel';
import { CARRIER_CATALOGUE, CarrierCataloguePort } from '@lgw/carrier-access';
import { validateShippingRule } from '../../domain/shipping-rule';
import { SHIPPING_RULE_REPOSITORY, ShippingRuleRepositoryPort } from '../ports/shipping-rule.repository.port';
import { shippingRuleView, ShippingRuleView } from '../shipping-rule.view';
import { isRuleId } from '../get-shipping-rule/get-shipping-rule.use-case';

/** PUT /shipping-rules/{id}: the whole rule replaced, judged as on create. */
@Injectable()
export class UpdateShippingRuleUseCase {
  constructor(
    @Inject(SHIPPING_RULE_REPOSITORY) private readonly rules: ShippingRuleRepositoryPort,
    @Inject(CARRIER_CATALOGUE) private readonly catalogue: CarrierCataloguePort,
    @Inject(CLOCK) private readonly clock: ClockPort,
  ) {}

  async execute(command: {
    readonly teamId: string;
    readonly id: string;
    readonly body: unknown;
    readonly source: AuditSource;
  }): Promise<ShippingRuleView> {
    if (!isRuleId(command.id)) throw new DomainError('E_NOT_FOUND');
    const props = validateShippingRule(command.body, this.catalogue.all());
    const saved = await this.rules.update(command.teamId, command.id, props, this.clock.now(), command.source);
    if (!saved) throw new DomainError('E_NOT_FOUND');
    return shippingRuleView(saved);
  }
}
