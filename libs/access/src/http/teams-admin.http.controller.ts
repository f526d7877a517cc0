import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiKeySummary, TeamSummary } from '../application/ports/team.repository.port';
import { CreateTeamUseCase } from '../application/create-team/create-team.use-case';
import { AuditSource, GATEWAY_SETTINGS, GatewaySettings, ValidationError } from '@lgw/kernel';
import { SetAutoReturnUseCase } from '../application/set-auto-return/set-auto-return.use-case';
import { SetBrandColourUseCase } from '../application/set-brand-colour/set-brand-colour.use-case';
import { IssueApiKeyUseCase } from '../application/issue-api-key/issue-api-key.use-case';
import { ListApiKeysUseCase } from '../application/list-api-keys/list-api-keys.use-case';
import { ListTeamsUseCase } from '../application/list-teams/list-teams.use-case';
import { RevokeApiKeyUseCase } from '../application/revoke-api-key/revoke-api-key.use-case';
import { SetAddressVerificationUseCase } from '../application/set-address-verification/set-address-verification.use-case';
import { SetRateLimitUseCase } from '../application/set-rate-limit/set-rate-limit.use-case';
import { CreateTeamRequestDto, IssueKeyRequestDto, SetRateLimitRequestDto, UpdateTeamRequestDto } from './dto/admin.request.dto';
import {
  ApiKeyListResponseDto,
  ApiKeySummaryDto,
  CreateTeamResponseDto,
  IssueKeyResponseDto,
  RateLimitResponseDto,
  TeamListResponseDto,
  TeamSummaryDto,
} from './dto/admin.response.dto';
import { AdminTokenGuard, ApiErrorResponses, RequestAuditSource } from '@lgw/http-api';

/** Operator API (docs/runbook.md): the control panel's backend, behind ADMIN_TOKEN. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminTokenGuard)
@Controller('admin/v1/teams')
export class TeamsAdminHttpController {
  constructor(
    private readonly createTeam: CreateTeamUseCase,
    private readonly issueKey: IssueApiKeyUseCase,
    private readonly revokeKey: RevokeApiKeyUseCase,
    private readonly setRateLimit: SetRateLimitUseCase,
    private readonly listTeams: ListTeamsUseCase,
    private readonly listKeys: ListApiKeysUseCase,
    private readonly setAddressVerification: SetAddressVerificationUseCase,
    private readonly setAutoReturn: SetAutoReturnUseCase,
    private readonly setBrandColour: SetBrandColourUseCase,
    @Inject(GATEWAY_SETTINGS) private readonly settings: GatewaySettings,
  ) {}

  @Get()
  @ApiOkResponse({ type: TeamListResponseDto })
  @ApiErrorResponses()
  async list(): Promise<TeamListResponseDto> {
    return { teams: (await this.listTeams.execute()).map((team) => teamView(this.settings.rateLimitPerMinute, team)) };
  }

  @Get(':teamId')
  @ApiOkResponse({ type: TeamSummaryDto })
  @ApiErrorResponses({ 404: 'E_NOT_FOUND' })
  async one(@Param('teamId') teamId: string): Promise<TeamSummaryDto> {
    return teamView(this.settings.rateLimitPerMinute, await this.listTeams.one(teamId));
  }

  @Patch(':teamId')
  @ApiOkResponse({ type: TeamSummaryDto, description: 'The team with its settings changed.' })
  @ApiErrorResponses({ 404: 'E_NOT_FOUND', 422: 'E_VALIDATION' })
  async update(@Param('teamId') teamId: string, @Body() body: UpdateTeamRequestDto): Promise<TeamSummaryDto> {
    if (body.address_verification === undefined && body.auto_return_after_attempts === undefined && body.brand_colour === undefined) {
      throw new ValidationError(
        'body',
        'name a setting: address_verification, auto_return_after_attempts or brand_colour',
        'حدد إعداداً للتعديل: address_verification أو auto_return_after_attempts أو brand_colour',
      );
    }
    if (body.brand_colour !== undefined) await this.setBrandColour.execute({ teamId, colour: body.brand_colour });
    if (body.address_verification !== undefined) await this.setAddressVerification.execute({ teamId, mode: body.address_verification });
    if (body.auto_return_after_attempts !== undefined) {
      await this.setAutoReturn.execute({ teamId, attempts: body.auto_return_after_attempts });
    }
    return teamView(this.settings.rateLimitPerMinute, await this.listTeams.one(teamId));
  }

  @Get(':teamId/keys')
  @ApiOkResponse({ type: ApiKeyListResponseDto })
  @ApiErrorResponses({ 404: 'E_NOT_FOUND' })
  async keys(@Param('teamId') teamId: string): Promise<ApiKeyListResponseDto> {
    return { keys: (await this.listKeys.execute({ teamId })).map(keyView) };
  }

  @Post()
  @HttpCode(201)
  @ApiCreatedResponse({ type: CreateTeamResponseDto })
  @ApiErrorResponses({ 422: 'E_VALIDATION' })
  create(@Body() body: CreateTeamRequestDto): Promise<CreateTeamResponseDto> {
    return this.createTeam.execute({ name: body.name });
  }

  @Post(':teamId/keys')
  @HttpCode(201)
  @ApiCreatedResponse({ type: IssueKeyResponseDto })
  @ApiErrorResponses({ 404: 'E_NOT_FOUND', 422: 'E_VALIDATION (mode)' })
  async addKey(
    @Param('teamId') teamId: string,
    @RequestAuditSource() source: AuditSource,
    @Body() body: IssueKeyRequestDto,
  ): Promise<IssueKeyResponseDto> {
    // Keys the operator issues have full access (`*`).
    const issued = await this.issueKey.execute({ teamId, mode: body?.mode ?? 'live', audit: { tenantId: teamId, source } });
    return { key_id: issued.key_id, api_key: issued.api_key, mode: issued.mode };
  }

  @Delete(':teamId/keys/:keyId')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Revoked: the key stops working at once.' })
  @ApiErrorResponses({ 404: 'E_NOT_FOUND' })
  async revoke(@Param('teamId') teamId: string, @Param('keyId') keyId: string, @RequestAuditSource() source: AuditSource): Promise<void> {
    await this.revokeKey.execute({ teamId, keyId, audit: { tenantId: teamId, source } });
  }

  @Put(':teamId/rate-limit')
  @HttpCode(200)
  @ApiOkResponse({ type: RateLimitResponseDto })
  @ApiErrorResponses({ 404: 'E_NOT_FOUND', 422: 'E_VALIDATION' })
  rateLimit(@Param('teamId') teamId: string, @Body() body: SetRateLimitRequestDto): Promise<RateLimitResponseDto> {
    return this.setRateLimit.execute({ teamId, perMinute: body.per_minute });
  }
}

function teamView(defaultPerMinute: number, team: TeamSummary): TeamSummaryDto {
  return {
    id: team.id,
    name: team.name,
    rate_limit_per_minute: team.rateLimitPerMinute,
    effective_rate_limit_per_minute: team.rateLimitPerMinute ?? defaultPerMinute,
    active_keys: team.activeKeys,
    created_at: team.createdAt.toISOString(),
    address_verification: team.addressVerification,
    auto_return_after_attempts: team.autoReturnAfterAttempts,
    brand_colour: team.brandColour,
  };
}

function keyView(key: ApiKeySummary): ApiKeySummaryDto {
  return {
    id: key.id,
    mode: key.mode,
    display_prefix: key.displayPrefix,
    created_at: key.createdAt.toISOString(),
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    revoked_at: key.revokedAt?.toISOString() ?? null,
    name: key.name,
    scopes: [...key.scopes],
    expires_at: key.expiresAt?.toISOString() ?? null,
    allowed_ips: [...key.allowedIps],
  };
}
