import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Principal } from '@lgw/kernel';
import { AdminTokenGuard, ApiErrorResponses, CurrentPrincipal, sendCsvDownload } from '@lgw/http-api';
import { ListAuditEventsUseCase } from '../application/list-audit-events/list-audit-events.use-case';
import { ExportAuditEventsUseCase } from '../application/export-audit-events/export-audit-events.use-case';
import { VerifyAuditChainUseCase } from '../application/verify-audit-chain/verify-audit-chain.use-case';
import { AdminAuditEventQueryDto, AuditChainVerdictDto, AuditEventListDto, AuditEventQueryDto } from './dto/audit-event.dto';

/** The team's audit trail (docs/adr/0082-scoped-keys-and-audit.md). */
@ApiTags('audit-events')
@ApiBearerAuth()
@Controller('api/v1/audit-events')
export class AuditEventsHttpController {
  constructor(
    private readonly listEvents: ListAuditEventsUseCase,
    private readonly exportEvents: ExportAuditEventsUseCase,
    private readonly verifyChain: VerifyAuditChainUseCase,
  ) {}

  @Get()
  @ApiOkResponse({ type: AuditEventListDto, description: 'Newest first: every change made by the team, its operator or the gateway.' })
  @ApiErrorResponses({ 422: 'E_VALIDATION: every wrong or unknown parameter in details.errors' })
  list(@CurrentPrincipal() principal: Principal, @Query() query: AuditEventQueryDto): Promise<AuditEventListDto> {
    return this.listEvents.execute({ ...query, teamId: principal.teamId }) as Promise<AuditEventListDto>;
  }

  @Get('export.csv')
  @ApiOperation({
    summary: 'Export audit events as CSV',
    description:
      'The filters of GET /audit-events (no paging), newest first, streamed; UTF-8 with a byte-order mark, formula cells neutralised.',
  })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'text/csv, one line per event.', content: { 'text/csv': { schema: { type: 'string' } } } })
  @ApiErrorResponses({ 422: 'E_VALIDATION: every wrong or unknown parameter in details.errors' })
  async export(@CurrentPrincipal() principal: Principal, @Query() query: AuditEventQueryDto, @Res() reply: FastifyReply): Promise<void> {
    const file = this.exportEvents.execute({ ...query, teamId: principal.teamId });
    await sendCsvDownload(reply, file.filename, file.content);
  }

  @Get('verify')
  @ApiOkResponse({
    type: AuditChainVerdictDto,
    description: "Recomputes the team's hash chain: an altered or deleted event is named by first_broken_id.",
  })
  @ApiErrorResponses()
  verify(@CurrentPrincipal() principal: Principal): Promise<AuditChainVerdictDto> {
    return this.verifyChain.execute({ teamId: principal.teamId });
  }
}

/** The operator's view of any team's audit trail. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminTokenGuard)
@Controller('admin/v1/audit-events')
export class AuditEventsAdminHttpController {
  constructor(
    private readonly listEvents: ListAuditEventsUseCase,
    private readonly verifyChain: VerifyAuditChainUseCase,
  ) {}

  @Get()
  @ApiOkResponse({ type: AuditEventListDto })
  @ApiErrorResponses({ 422: 'E_VALIDATION' })
  list(@Query() query: AdminAuditEventQueryDto): Promise<AuditEventListDto> {
    const { team_id: teamId, ...filter } = query;
    return this.listEvents.execute({ ...filter, teamId }) as Promise<AuditEventListDto>;
  }

  @Get('verify')
  @ApiOkResponse({ type: AuditChainVerdictDto })
  @ApiErrorResponses({ 422: 'E_VALIDATION' })
  verify(@Query() query: AdminAuditEventQueryDto): Promise<AuditChainVerdictDto> {
    return this.verifyChain.execute({ teamId: query.team_id });
  }
}
