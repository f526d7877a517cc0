import { Inject, Injectable } from '@nestjs/common';
import { AuditSource, DomainError } from '@lgw/kernel';
import { SHIPPING_RULE_REPOSITORY, ShippingRuleRepositoryPort } from '../ports/shipping-rule.repository.port';
import { isRuleId } from '../get-shipping-rule/get-shipping-rule.use-case';

/** DELETE /shipping-rules/{id}: quotes issued under it keep the rule_id they were shown with. */
@Injectable()
export class DeleteShippingRuleUseCase {
  constructor(@Inject(SHIPPING_RULE_REPOSITORY) private readonly rules: ShippingRuleRepositoryPort) {}

  async execute(command: { readonly teamId: string; readonly id: string; readonly source: AuditSource }): Promise<void> {
    if (!isRuleId(command.id) || !(await this.rules.delete(command.teamId, command.id, command.source)))
      throw new DomainError('E_NOT_FOUND');
  }
}
