import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Principal } from '@lgw/kernel';
import { GetTrackingUseCase } from '../application/get-tracking/get-tracking.use-case';
import { RecordTestEventUseCase } from '../application/record-test-event/record-test-event.use-case';
import { SyncTrackingUseCase } from '../application/sync-tracking/sync-tracking.use-case';
import { TestEventRequestDto, TestEventResponseDto } from './dto/test-mode.dto';
import { ApiErrorResponses, CurrentPrincipal, TestModeOnlyGuard } from '@lgw/http-api';

@ApiTags('test mode')
@ApiBearerAuth()
@UseGuards(TestModeOnlyGuard)
@Controller('api/v1/test/shipments')
export class TestModeHttpController {
  constructor(
    private readonly recordTestEvent: RecordTestEventUseCase,
    private readonly syncTracking: SyncTrackingUseCase,
    private readonly getTracking: GetTrackingUseCase,
  ) {}

  @Post(':id/events')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Test keys only: the simulated carrier scans a test shipment',
    description:
      'Taken in exactly as a carrier scan (tracking, webhooks, cash on delivery, returns). Answers the tracking after it. A live key gets 404 E_NOT_FOUND (docs/test-mode.md).',
  })
  @ApiCreatedResponse({ type: TestEventResponseDto })
  @ApiErrorResponses({
    404: 'E_NOT_FOUND (a live key, or no such test shipment)',
    422: 'E_VALIDATION (code, exception_type, location_en, location_ar)',
    503: 'E_CARRIER_UNAVAILABLE (the sandbox does not answer)',
  })
  async record(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: TestEventRequestDto,
  ): Promise<TestEventResponseDto> {
    const scanned = await this.recordTestEvent.execute({
      teamId: principal.teamId,
      mode: principal.mode,
      shipmentId: id,
      code: body.code,
      exceptionType: body.exception_type,
      locationEn: body.location_en,
      locationAr: body.location_ar,
    });
    // On the path a live carrier's scans take, at once rather than at the next poll.
    await this.syncTracking.execute({ carrierCode: scanned.carrierCode, shipmentId: scanned.shipmentId });
    const tracking = await this.getTracking.execute({ teamId: principal.teamId, shipmentId: scanned.shipmentId });
    return { ...tracking, mode: principal.mode };
  }
}
