import { Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { GetTrackingUseCase, Principal } from '@lgw/application';
import { TrackingResponseDto } from '../dto/tracking.response.dto';
import { ApiErrorResponses } from '../http/api-error-responses.decorator';
import { CurrentPrincipal } from '../http/principal.decorator';

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
