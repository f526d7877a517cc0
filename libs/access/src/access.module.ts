import { Global, Module, Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DATA_SOURCE } from '@lgw/kernel';
import { ApiKeyPrincipals, AuthenticateApiKeyUseCase } from './application/authenticate-api-key/authenticate-api-key.use-case';
import { CreateTeamUseCase } from './application/create-team/create-team.use-case';
import { IssueApiKeyUseCase } from './application/issue-api-key/issue-api-key.use-case';
import { ListApiKeysUseCase } from './application/list-api-keys/list-api-keys.use-case';
import { ListTeamsUseCase } from './application/list-teams/list-teams.use-case';
import { RevokeApiKeyUseCase } from './application/revoke-api-key/revoke-api-key.use-case';
import { SetAddressVerificationUseCase } from './application/set-address-verification/set-address-verification.use-case';
import { SetRateLimitUseCase } from './application/set-rate-limit/set-rate-limit.use-case';
import { SqlTeamRepository } from './persistence/sql-team.repository';
import { TEAM_REPOSITORY, TeamRepositoryPort } from './application/ports/team.repository.port';
import { TenantModes } from './application/tenant-modes';

const PROVIDERS: Provider[] = [
  { provide: TEAM_REPOSITORY, inject: [DATA_SOURCE], useFactory: (dataSource: DataSource) => new SqlTeamRepository(dataSource) },
  { provide: TenantModes, inject: [TEAM_REPOSITORY], useFactory: (teams: TeamRepositoryPort) => new TenantModes(teams) },
  ApiKeyPrincipals,
  AuthenticateApiKeyUseCase,
  CreateTeamUseCase,
  IssueApiKeyUseCase,
  RevokeApiKeyUseCase,
  SetRateLimitUseCase,
  ListTeamsUseCase,
  ListApiKeysUseCase,
  SetAddressVerificationUseCase,
];

/**
 * Teams, API keys and their settings: the team store, tenancy and every use case of the context.
 * Binds only this context's own ports and use cases; process resources (data source, configuration,
 * queues, renderers, carrier adapters) come from the composition root.
 */
@Global()
@Module({ providers: PROVIDERS, exports: PROVIDERS })
export class AccessModule {}
