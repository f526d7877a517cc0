import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@lgw/kernel';
import { TEAM_REPOSITORY, TeamRepositoryPort } from '../ports/team.repository.port';
import { ApiKeyPrincipals } from '../authenticate-api-key/authenticate-api-key.use-case';

@Injectable()
export class RevokeApiKeyUseCase {
  constructor(
    @Inject(TEAM_REPOSITORY) private readonly teams: TeamRepositoryPort,
    private readonly principals: ApiKeyPrincipals,
  ) {}

  async execute(command: { teamId: string; keyId: string }): Promise<void> {
    const revoked = await this.teams.revokeKey(command.teamId, command.keyId, new Date());
    if (!revoked) throw new DomainError('E_NOT_FOUND');
    // This replica forgets the key at once; the others within their cache TTL (1 s).
    this.principals.forgetKey(command.keyId);
  }
}
