import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Principal } from '@lgw/kernel';
import { ApiErrorResponses, CurrentPrincipal } from '@lgw/http-api';
import { GetCarrierPerformanceUseCase } from '../application/get-carrier-performance/get-carrier-performance.use-case';
import { CarrierAnalyticsQueryDto, CarrierAnalyticsResponseDto } from './dto/carrier-analytics.dto';

/** How the team's carriers actually deliver, per carrier × service × lane, from its own shipments (docs/adr/0084). */
@ApiTags('analytics')
@ApiBearerAuth()
@Controller('api/v1/analytics')
export class CarrierAnalyticsHttpController {
  constructor(private readonly performance: GetCarrierPerformanceUseCase) {}

  @Get('carriers')
  @ApiOkResponse({ type: CarrierAnalyticsResponseDto })
  @ApiErrorResponses({ 422: 'E_VALIDATION (from, to: Riyadh days YYYY-MM-DD, from not after to, at most 731 days)' })
  carriers(@CurrentPrincipal() principal: Principal, @Query() query: CarrierAnalyticsQueryDto): Promise<CarrierAnalyticsResponseDto> {
    return this.performance.execute({ teamId: principal.teamId, from: query.from, to: query.to });
  }
}
