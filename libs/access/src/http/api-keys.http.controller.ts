import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AuditSource, DomainError, Principal } from '@lgw/kernel';
import { ApiErrorResponses, CurrentPrincipal, RequestAuditSource } from '@lgw/http-api';
import { IssueApiKeyUseCase } from '../application/issue-api-key/issue-api-key.use-case';
import { ListApiKeysUseCase } from '../application/list-api-keys/list-api-keys.use-case';
import { RevokeApiKeyUseCase } from '../application/revoke-api-key/revoke-api-key.use-case';
import { ApiKeySummary } from '../application/ports/team.repository.port';
import { ApiKeyDto, ApiKeyListDto, CreateApiKeyRequestDto, CreatedApiKeyDto } from './dto/api-key.dto';

/** A team's keys as a resource of the team (docs/adr/0082-scoped-keys-and-audit.md). */
@ApiTags('api-keys')
@ApiBearerAuth()
@Controller('api/v1/api-keys')
export class ApiKeysHttpController {
  constructor(
    private readonly issueKey: IssueApiKeyUseCase,
    private readonly listKeys: ListApiKeysUseCase,
    private readonly revokeKey: RevokeApiKeyUseCase,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiCreatedResponse({ type: CreatedApiKeyDto, description: 'The key, with its secret (`api_key`) shown this once.' })
  @ApiErrorResponses({
    403: 'E_FORBIDDEN (a scope the calling key does not hold: details.required_scope; a test key asking for a live key)',
    422: 'E_VALIDATION (every unknown scope, malformed range and an expiry not in the future, listed in details.errors)',
  })
  async create(
    @CurrentPrincipal() principal: Principal,
    @RequestAuditSource() source: AuditSource,
    @Body() body: CreateApiKeyRequestDto,
  ): Promise<CreatedApiKeyDto> {
    const issued = await this.issueKey.execute({
      teamId: principal.accountId,
      mode: body.mode,
      name: body.name ?? null,
      scopes: body.scopes,
      expiresAt: body.expires_at ?? null,
      allowedIps: body.allowed_ips ?? [],
      grantor: { scopes: principal.scopes, mode: principal.mode },
      audit: { tenantId: principal.teamId, source },
    });
    return { ...apiKeyView(issued.key), api_key: issued.api_key };
  }

  @Get()
  @ApiOkResponse({ type: ApiKeyListDto, description: 'Active keys, newest first; never a secret.' })
  @ApiErrorResponses()
  async list(@CurrentPrincipal() principal: Principal): Promise<ApiKeyListDto> {
    return { keys: (await this.listKeys.execute({ teamId: principal.accountId, activeOf: principal.mode })).map(apiKeyView) };
  }

  @Get('current')
  @ApiOkResponse({
    type: ApiKeyDto,
    description: 'The calling key itself (any valid key may ask): what it may do, for clients such as the console.',
  })
  @ApiErrorResponses()
  async current(@CurrentPrincipal() principal: Principal): Promise<ApiKeyDto> {
    const key = (await this.listKeys.execute({ teamId: principal.accountId })).find((k) => k.id === principal.keyId);
    if (!key) throw new DomainError('E_UNAUTHENTICATED');
    return apiKeyView(key);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Revoked: the key stops working at once on this replica, within a second on the others.' })
  @ApiErrorResponses({
    403: 'E_FORBIDDEN (the key to revoke holds a scope the calling key lacks)',
    404: 'E_NOT_FOUND',
    409: "E_LAST_FULL_ACCESS_KEY (the calling key is its team's last full-access key)",
  })
  async remove(
    @CurrentPrincipal() principal: Principal,
    @RequestAuditSource() source: AuditSource,
    @Param('id') id: string,
  ): Promise<void> {
    await this.revokeKey.execute({
      teamId: principal.accountId,
      keyId: id,
      revoker: { keyId: principal.keyId, scopes: principal.scopes, mode: principal.mode },
      audit: { tenantId: principal.teamId, source },
    });
  }
}

export function apiKeyView(key: ApiKeySummary): ApiKeyDto {
  return {
    id: key.id,
    name: key.name,
    mode: key.mode,
    last4: key.last4,
    scopes: [...key.scopes],
    created_at: key.createdAt.toISOString(),
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    expires_at: key.expiresAt?.toISOString() ?? null,
    allowed_ips: [...key.allowedIps],
  };
}
