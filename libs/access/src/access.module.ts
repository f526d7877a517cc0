import { Global, Module, Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DATA_SOURCE } from '@lgw/kernel';
import { ApiKeyPrincipals, AuthenticateApiKeyUseCase } from './application/authenticate-api-key/authenticate-api-key.use-case';
import { CreateTeamUseCase } from './application/create-team/create-team.use-case';
import { IssueApiKeyUseCase } from './application/issue-api-key/issue-api-key.use-case';
import { ListApiKeysUseCase } from './application/list-api-keys/list-api-keys.use-case';
import { ListTeamsUseCase } from './application/list-teams/list-teams.use-case';
import { RevokeApiKeyUseCase } from './application/revoke-api-key/revoke-api-key.use-case';
import { SetBrandColourUseCase } from './application/set-brand-colour/set-brand-colour.use-case';
import { SetAutoReturnUseCase } from './application/set-auto-return/set-auto-return.use-case';
import { SetAddressVerificationUseCase } from './application/set-address-verification/set-address-verification.use-case';
import { SetRateLimitUseCase } from './application/set-rate-limit/set-rate-limit.use-case';
import { SqlTeamRepository } from './persistence/sql-team.repository';
import { TEAM_REPOSITORY, TeamRepositoryPort } from './application/ports/team.repository.port';
import { TenantModes } from './application/tenant-modes';
import { AUDIT_EVENT_REPOSITORY } from './application/ports/audit-event.repository.port';
import { SqlAuditEventRepository } from './persistence/sql-audit-event.repository';
import { ListAuditEventsUseCase } from './application/list-audit-events/list-audit-events.use-case';
import { ExportAuditEventsUseCase } from './application/export-audit-events/export-audit-events.use-case';
import { VerifyAuditChainUseCase } from './application/verify-audit-chain/verify-audit-chain.use-case';
import { PruneAuditEventsUseCase } from './application/prune-audit-events/prune-audit-events.use-case';
import { AuditJobs } from './jobs/audit.jobs';

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
  {
    provide: AUDIT_EVENT_REPOSITORY,
    inject: [DATA_SOURCE],
    useFactory: (dataSource: DataSource) => new SqlAuditEventRepository(dataSource),
  },
  ListAuditEventsUseCase,
  ExportAuditEventsUseCase,
  VerifyAuditChainUseCase,
  PruneAuditEventsUseCase,
  AuditJobs,
  SetAutoReturnUseCase,
  SetBrandColourUseCase,
];

/**
 * Teams, API keys and their settings, and the audit trail's reading side: the team store, tenancy and every use case of the context.
 * Binds only this context's own ports and use cases; process resources (data source, configuration,
 * queues, renderers, carrier adapters) come from the composition root.
 */
@Global()
@Module({ providers: PROVIDERS, exports: PROVIDERS })
export class AccessModule {}
