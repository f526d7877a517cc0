import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ValidationError } from '@lgw/kernel';
import { TEAM_REPOSITORY, TeamRepositoryPort } from '../ports/team.repository.port';
import { ApiKeyPrincipals } from '../authenticate-api-key/authenticate-api-key.use-case';

@Injectable()
export class SetRateLimitUseCase {
  constructor(
    @Inject(TEAM_REPOSITORY) private readonly teams: TeamRepositoryPort,
    private readonly principals: ApiKeyPrincipals,
  ) {}

  async execute(command: { teamId: string; perMinute: unknown }): Promise<{ team_id: string; per_minute: number }> {
    const perMinute = command.perMinute;
    if (typeof perMinute !== 'number' || !Number.isInteger(perMinute) || perMinute < 1 || perMinute > 10_000_000) {
      throw new ValidationError('per_minute', 'must be an integer between 1 and 10000000', 'يجب أن يكون عدداً صحيحاً بين 1 و10000000');
    }
    if (!(await this.teams.setRateLimit(command.teamId, perMinute))) throw new DomainError('E_NOT_FOUND');
    this.principals.forgetTeam(command.teamId);
    return { team_id: command.teamId, per_minute: perMinute };
  }
}
