import { Inject, Injectable } from '@nestjs/common';
import { COD_REMITTANCE_REPOSITORY, CodRemittanceRepositoryPort } from '../ports/cod-remittance.repository.port';
import { parseQueryInteger } from '@lgw/kernel';
import { RemittancePage, toRemittanceView } from '../cod.view';

const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;

/** The team's cash-on-delivery payouts, newest first. */
@Injectable()
export class ListRemittancesUseCase {
  constructor(@Inject(COD_REMITTANCE_REPOSITORY) private readonly remittances: CodRemittanceRepositoryPort) {}

  async execute(command: { teamId: string; limit?: string; offset?: string }): Promise<RemittancePage> {
    const limit = parseQueryInteger('limit', command.limit, DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE);
    const offset = parseQueryInteger('offset', command.offset, 0, 0, Number.MAX_SAFE_INTEGER);
    const page = await this.remittances.list(command.teamId, limit, offset);
    return { remittances: page.items.map(toRemittanceView), total: page.total, limit, offset };
  }
}
