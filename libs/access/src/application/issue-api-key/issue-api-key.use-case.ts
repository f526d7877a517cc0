import { Inject, Injectable } from '@nestjs/common';
import { ApiMode, DomainError, GATEWAY_SETTINGS, GatewaySettings } from '@lgw/kernel';
import { TEAM_REPOSITORY, TeamRepositoryPort } from '../ports/team.repository.port';
import { generateApiKey } from '../api-key-material';

export interface IssueApiKeyResult {
  readonly key_id: string;
  readonly api_key: string;
  readonly mode: ApiMode;
}

/**
 * A secondary key for rotation, live or test: the team's other keys keep working until
 * revoked.
 */
@Injectable()
export class IssueApiKeyUseCase {
  constructor(
    @Inject(TEAM_REPOSITORY) private readonly teams: TeamRepositoryPort,
    @Inject(GATEWAY_SETTINGS) private readonly settings: GatewaySettings,
  ) {}

  async execute(command: { teamId: string; mode?: ApiMode }): Promise<IssueApiKeyResult> {
    if (!(await this.teams.exists(command.teamId))) throw new DomainError('E_NOT_FOUND');
    const key = generateApiKey(this.settings.apiKeyPrefix, command.mode ?? 'live');
    await this.teams.addKey({
      id: key.id,
      teamId: command.teamId,
      mode: key.mode,
      keyHash: key.hash,
      displayPrefix: key.displayPrefix,
    });
    return { key_id: key.id, api_key: key.plaintext, mode: key.mode };
  }
}
