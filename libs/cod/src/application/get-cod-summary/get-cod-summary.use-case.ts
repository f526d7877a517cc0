import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, ClockPort } from '@lgw/kernel';
import { COD_REMITTANCE_REPOSITORY, CodRemittanceRepositoryPort } from '../ports/cod-remittance.repository.port';
import { COD_SETTINGS, CodSettings } from '../cod-settings';
import { CodSummaryView, toCodSummaryView } from '../cod.view';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where the team's cash on delivery stands: to collect, collected, paid out, overdue, in dispute. */
@Injectable()
export class GetCodSummaryUseCase {
  constructor(
    @Inject(COD_REMITTANCE_REPOSITORY) private readonly remittances: CodRemittanceRepositoryPort,
    @Inject(COD_SETTINGS) private readonly settings: CodSettings,
    @Inject(CLOCK) private readonly clock: ClockPort,
  ) {}

  async execute(command: { teamId: string }): Promise<CodSummaryView> {
    const overdueBefore = new Date(this.clock.now().getTime() - this.settings.overdueDays * DAY_MS);
    return toCodSummaryView(await this.remittances.summary(command.teamId, overdueBefore));
  }
}
