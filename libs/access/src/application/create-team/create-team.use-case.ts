import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ValidationError, GATEWAY_SETTINGS, GatewaySettings } from '@lgw/kernel';
import { TEAM_REPOSITORY, TeamRepositoryPort } from '../ports/team.repository.port';
import { generateApiKey } from '../api-key-material';
import { CreateTeamCommand, CreateTeamResult } from './create-team.command';

@Injectable()
export class CreateTeamUseCase {
  constructor(
    @Inject(TEAM_REPOSITORY) private readonly teams: TeamRepositoryPort,
    @Inject(GATEWAY_SETTINGS) private readonly settings: GatewaySettings,
  ) {}

  async execute(command: CreateTeamCommand): Promise<CreateTeamResult> {
    const name = typeof command.name === 'string' ? command.name.trim() : '';
    if (name.length === 0 || name.length > 200) {
      throw new ValidationError(
        'name',
        'must be a non-empty string of at most 200 characters',
        'يجب أن يكون نصاً غير فارغ لا يتجاوز 200 حرف',
      );
    }
    const team = { id: randomUUID(), name, rateLimitPerMinute: null };
    const live = generateApiKey(this.settings.apiKeyPrefix, 'live');
    const test = generateApiKey(this.settings.apiKeyPrefix, 'test');
    await this.teams.createWithKeys(
      team,
      randomUUID(),
      [live, test].map((key) => ({
        id: key.id,
        teamId: team.id,
        mode: key.mode,
        keyHash: key.hash,
        displayPrefix: key.displayPrefix,
        last4: key.last4,
      })),
    );
    return {
      team: { id: team.id, name: team.name },
      key_id: live.id,
      api_key: live.plaintext,
      test_key_id: test.id,
      test_api_key: test.plaintext,
    };
  }
}
