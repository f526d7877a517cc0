import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@lgw/kernel';
import { TEAM_REPOSITORY, TeamRepositoryPort, TeamSummary } from '../ports/team.repository.port';

/** The operator's list of teams, and one team by id (the control panel's team page). */
@Injectable()
export class ListTeamsUseCase {
  constructor(@Inject(TEAM_REPOSITORY) private readonly teams: TeamRepositoryPort) {}

  execute(): Promise<TeamSummary[]> {
    return this.teams.listTeams();
  }

  async one(teamId: string): Promise<TeamSummary> {
    const team = await this.teams.findTeam(teamId);
    if (!team) throw new DomainError('E_NOT_FOUND');
    return team;
  }
}
