import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@lgw/kernel';
import { ApiKeySummary, TEAM_REPOSITORY, TeamRepositoryPort } from '../ports/team.repository.port';

/** A team's keys as the control panel shows them: prefix, creation, last use, revocation. */
@Injectable()
export class ListApiKeysUseCase {
  constructor(@Inject(TEAM_REPOSITORY) private readonly teams: TeamRepositoryPort) {}

  async execute(command: { teamId: string }): Promise<ApiKeySummary[]> {
    if (!(await this.teams.exists(command.teamId))) throw new DomainError('E_NOT_FOUND');
    return this.teams.listKeys(command.teamId);
  }
}
