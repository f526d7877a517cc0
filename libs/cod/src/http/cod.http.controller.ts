import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { GetCodSummaryUseCase } from '../application/get-cod-summary/get-cod-summary.use-case';
import { GetRemittanceUseCase } from '../application/get-remittance/get-remittance.use-case';
import { ListRemittancesUseCase } from '../application/list-remittances/list-remittances.use-case';
import { Principal } from '@lgw/kernel';
import { CodSummaryDto, RemittanceDetailDto, RemittanceListResponseDto } from './dto/cod.response.dto';
import { ApiErrorResponses, CurrentPrincipal } from '@lgw/http-api';

@ApiTags('cash on delivery')
@ApiBearerAuth()
@Controller('api/v1/cod')
export class CodHttpController {
  constructor(
    private readonly listRemittances: ListRemittancesUseCase,
    private readonly getRemittance: GetRemittanceUseCase,
    private readonly getSummary: GetCodSummaryUseCase,
  ) {}

  @Get('summary')
  @ApiOperation({ summary: "Where the team's cash on delivery stands: to collect, collected, paid out, overdue, in dispute" })
  @ApiOkResponse({ type: CodSummaryDto })
  @ApiErrorResponses({ 503: 'E_SERVICE_UNAVAILABLE (Retry-After)' })
  summary(@CurrentPrincipal() principal: Principal): Promise<CodSummaryDto> {
    return this.getSummary.execute({ teamId: principal.teamId });
  }

  @Get('remittances')
  @ApiOperation({ summary: "The carriers' cash-on-delivery payouts to the team, newest first" })
  @ApiQuery({ name: 'limit', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } })
  @ApiQuery({ name: 'offset', required: false, schema: { type: 'integer', minimum: 0, default: 0 } })
  @ApiOkResponse({ type: RemittanceListResponseDto })
  @ApiErrorResponses({ 422: 'E_VALIDATION (limit, offset)' })
  list(
    @CurrentPrincipal() principal: Principal,
    @Query('limit') limit?: string,
    @Query('offset') offset?: string,
  ): Promise<RemittanceListResponseDto> {
    return this.listRemittances.execute({ teamId: principal.teamId, limit, offset });
  }

  @Get('remittances/:id')
  @ApiOperation({ summary: 'One payout with a line per shipment: expected, remitted, difference' })
  @ApiOkResponse({ type: RemittanceDetailDto })
  @ApiErrorResponses({ 404: "E_NOT_FOUND (unknown id or another team's)" })
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<RemittanceDetailDto> {
    return this.getRemittance.execute({ teamId: principal.teamId, remittanceId: id });
  }
}
