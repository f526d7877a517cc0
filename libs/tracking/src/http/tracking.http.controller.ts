import { Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { GetTrackingUseCase } from '../application/get-tracking/get-tracking.use-case';
import { Principal } from '@lgw/kernel';
import { TrackingResponseDto } from './dto/tracking.response.dto';
import { ApiErrorResponses, CurrentPrincipal } from '@lgw/http-api';

@ApiTags('shipments')
@ApiBearerAuth()
@Controller('api/v1/shipments')
export class TrackingHttpController {
  constructor(private readonly getTracking: GetTrackingUseCase) {}

  @Get(':id/tracking')
  @ApiOkResponse({ type: TrackingResponseDto })
  @ApiErrorResponses({ 404: "E_NOT_FOUND (also for another team's shipment)" })
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<TrackingResponseDto> {
    return this.getTracking.execute({ teamId: principal.teamId, shipmentId: id });
  }
}
