import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ListUnmatchedPayoutLinesUseCase } from '../application/list-unmatched-lines/list-unmatched-lines.use-case';
import { UnmatchedPayoutLineListResponseDto } from './dto/cod.response.dto';
import { AdminTokenGuard, ApiErrorResponses } from '@lgw/http-api';

/** Cash on delivery for operators: the payout lines no shipment could take. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminTokenGuard)
@Controller('admin/v1/cod')
export class CodAdminHttpController {
  constructor(private readonly listUnmatched: ListUnmatchedPayoutLinesUseCase) {}

  @Get('unmatched-lines')
  @ApiOperation({
    summary: "Carrier payout lines kept unmatched (unknown tracking number, or paid out before), every team's, newest first",
  })
  @ApiQuery({ name: 'carrier', required: false, schema: { type: 'string' } })
  @ApiQuery({ name: 'limit', required: false, schema: { type: 'integer', minimum: 1, maximum: 500, default: 50 } })
  @ApiQuery({ name: 'offset', required: false, schema: { type: 'integer', minimum: 0, default: 0 } })
  @ApiOkResponse({ type: UnmatchedPayoutLineListResponseDto })
  @ApiErrorResponses({ 422: 'E_VALIDATION (carrier, limit, offset)' })
  unmatched(
    @Query('carrier') carrier?: string,
    @Query('limit') limit?: string,
    @Query('offset') offset?: string,
  ): Promise<UnmatchedPayoutLineListResponseDto> {
    return this.listUnmatched.execute({ carrier, limit, offset });
  }
}
