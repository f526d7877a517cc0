import { Inject, Injectable } from '@nestjs/common';
import { ApiMode, DomainError } from '@lgw/kernel';
import { ApiKeySummary, TEAM_REPOSITORY, TeamRepositoryPort } from '../ports/team.repository.port';

/** A team's keys as the control panel shows them: name, last four, scopes, creation, last use, revocation. */
@Injectable()
export class ListApiKeysUseCase {
  constructor(@Inject(TEAM_REPOSITORY) private readonly teams: TeamRepositoryPort) {}

  /** `activeOf`: a team listing its own keys sees the active ones, a test key only test keys. */
  async execute(command: { teamId: string; activeOf?: ApiMode }): Promise<ApiKeySummary[]> {
    if (!(await this.teams.exists(command.teamId))) throw new DomainError('E_NOT_FOUND');
    const keys = await this.teams.listKeys(command.teamId);
    const { activeOf } = command;
    if (!activeOf) return keys;
    return keys.filter((k) => !k.revokedAt && (activeOf === 'live' || k.mode === 'test'));
  }
}
