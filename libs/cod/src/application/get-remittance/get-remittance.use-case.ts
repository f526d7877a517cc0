import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@lgw/kernel';
import { COD_REMITTANCE_REPOSITORY, CodRemittanceRepositoryPort } from '../ports/cod-remittance.repository.port';
import { RemittanceDetailView, toRemittanceItemView, toRemittanceView } from '../cod.view';

/** One payout with a line per shipment; another team's id is not found, like an unknown one. */
@Injectable()
export class GetRemittanceUseCase {
  constructor(@Inject(COD_REMITTANCE_REPOSITORY) private readonly remittances: CodRemittanceRepositoryPort) {}

  async execute(command: { teamId: string; remittanceId: string }): Promise<RemittanceDetailView> {
    const found = await this.remittances.find(command.teamId, command.remittanceId);
    if (!found) throw new DomainError('E_NOT_FOUND');
    return { ...toRemittanceView(found.remittance), items: found.items.map(toRemittanceItemView) };
  }
}
