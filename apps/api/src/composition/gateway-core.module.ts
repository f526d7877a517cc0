import { DynamicModule, Global, Module } from '@nestjs/common';
import {
  AuthenticateApiKeyUseCase,
  CreateTeamUseCase,
  GATEWAY_SETTINGS,
  GatewaySettings,
  IssueApiKeyUseCase,
  RATE_LIMITER,
  RevokeApiKeyUseCase,
  SetRateLimitUseCase,
  TEAM_REPOSITORY,
} from '@lgw/application';
import { TypeOrmTeamRepository } from '@lgw/persistence';
import { APP_CONFIG } from '@lgw/platform';
import { GatewayRuntime } from './gateway-runtime';
import { DATA_SOURCE, GATEWAY_RUNTIME, REDIS } from './tokens';

const USE_CASES = [
  AuthenticateApiKeyUseCase,
  CreateTeamUseCase,
  IssueApiKeyUseCase,
  RevokeApiKeyUseCase,
  SetRateLimitUseCase,
];

/** The composition root: the only place ports are bound to adapters. */
@Global()
@Module({})
export class GatewayCoreModule {
  static forRoot(runtime: GatewayRuntime): DynamicModule {
    const settings: GatewaySettings = {
      apiKeyPrefix: runtime.config.apiKeyPrefix,
      rateLimitPerMinute: runtime.config.rateLimitPerMinute,
      quoteTtlSeconds: runtime.config.quoteTtlSeconds,
    };
    const providers = [
      { provide: GATEWAY_RUNTIME, useValue: runtime },
      { provide: APP_CONFIG, useValue: runtime.config },
      { provide: GATEWAY_SETTINGS, useValue: settings },
      { provide: DATA_SOURCE, useValue: runtime.database.dataSource },
      { provide: REDIS, useValue: runtime.redis ?? null },
      { provide: RATE_LIMITER, useValue: runtime.rateLimiter },
      { provide: TEAM_REPOSITORY, useValue: new TypeOrmTeamRepository(runtime.database.dataSource) },
      ...USE_CASES,
    ];
    return {
      module: GatewayCoreModule,
      providers,
      exports: providers.map((p) => ('provide' in p ? p.provide : p)),
    };
  }
}
