import { Body, Controller, Delete, HttpCode, Param, Post, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CreateTeamUseCase, IssueApiKeyUseCase, RevokeApiKeyUseCase, SetRateLimitUseCase } from '@lgw/application';
import {
  CreateTeamRequestDto,
  CreateTeamResponseDto,
  IssueKeyResponseDto,
  RateLimitResponseDto,
  SetRateLimitRequestDto,
} from '../../dto/admin.dto';
import { AdminTokenGuard } from '../../http/admin-token.guard';
import { ApiErrorResponses } from '../../http/api-error-responses.decorator';

/** Operator API (DESIGN §2): the control panel's backend, behind ADMIN_TOKEN. */
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
  ) {}

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
  @ApiErrorResponses({ 404: 'E_NOT_FOUND' })
  addKey(@Param('teamId') teamId: string): Promise<IssueKeyResponseDto> {
    return this.issueKey.execute({ teamId });
  }

  @Delete(':teamId/keys/:keyId')
  @HttpCode(204)
  @ApiErrorResponses({ 404: 'E_NOT_FOUND' })
  async revoke(@Param('teamId') teamId: string, @Param('keyId') keyId: string): Promise<void> {
    await this.revokeKey.execute({ teamId, keyId });
  }

  @Put(':teamId/rate-limit')
  @HttpCode(200)
  @ApiOkResponse({ type: RateLimitResponseDto })
  @ApiErrorResponses({ 404: 'E_NOT_FOUND', 422: 'E_VALIDATION' })
  rateLimit(@Param('teamId') teamId: string, @Body() body: SetRateLimitRequestDto): Promise<RateLimitResponseDto> {
    return this.setRateLimit.execute({ teamId, perMinute: body.per_minute });
  }
}
