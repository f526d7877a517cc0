import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AuditSource, CLOCK, ClockPort } from '@lgw/kernel';
import { CARRIER_CATALOGUE, CarrierCataloguePort } from '@lgw/carrier-access';
import { validateShippingRule } from '../../domain/shipping-rule';
import { SHIPPING_RULE_REPOSITORY, ShippingRuleRepositoryPort } from '../ports/shipping-rule.repository.port';
import { shippingRuleView, ShippingRuleView } from '../shipping-rule.view';

export interface SaveShippingRuleCommand {
  readonly teamId: string;
  /** The body as sent: the domain judges all of it at once (every problem listed). */
  readonly body: unknown;
  /** Who asked, for the audit trail. */
  readonly source: AuditSource;
}

/** POST /shipping-rules: judged against the carriers on the catalogue, then saved. */
@Injectable()
export class CreateShippingRuleUseCase {
  constructor(
    @Inject(SHIPPING_RULE_REPOSITORY) private readonly rules: ShippingRuleRepositoryPort,
    @Inject(CARRIER_CATALOGUE) private readonly catalogue: CarrierCataloguePort,
    @Inject(CLOCK) private readonly clock: ClockPort,
  ) {}

  async execute(command: SaveShippingRuleCommand): Promise<ShippingRuleView> {
    const props = validateShippingRule(command.body, this.catalogue.all());
    return shippingRuleView(await this.rules.insert(command.teamId, randomUUID(), props, this.clock.now(), command.source));
  }
}
