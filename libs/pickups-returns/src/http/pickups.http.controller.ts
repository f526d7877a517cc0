import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { CancelPickupUseCase } from '../application/cancel-pickup/cancel-pickup.use-case';
import { GetPickupUseCase } from '../application/get-pickup/get-pickup.use-case';
import { IdempotencyRef, Principal } from '@lgw/kernel';
import { ListPickupsUseCase } from '../application/list-pickups/list-pickups.use-case';
import { SchedulePickupUseCase } from '../application/schedule-pickup/schedule-pickup.use-case';
import { SchedulePickupRequestDto } from './dto/pickup.request.dto';
import { PickupDto, PickupListResponseDto } from './dto/pickup.response.dto';
import { ApiErrorResponses, Idempotent, RequestIdempotencyKey, CurrentPrincipal } from '@lgw/http-api';

/** Courier collections from the merchant's door (docs/api.md, pickups). */
@ApiTags('pickups')
@ApiBearerAuth()
@Controller('api/v1/pickups')
export class PickupsHttpController {
  constructor(
    private readonly schedulePickup: SchedulePickupUseCase,
    private readonly listPickups: ListPickupsUseCase,
    private readonly getPickup: GetPickupUseCase,
    private readonly cancelPickup: CancelPickupUseCase,
  ) {}

  @Post()
  @Idempotent(SchedulePickupRequestDto)
  @ApiCreatedResponse({ type: PickupDto })
  @ApiErrorResponses({
    409: 'E_IDEMPOTENCY_IN_PROGRESS (Retry-After)',
    422: 'E_VALIDATION (carrier, pickup_date, window.from, window.to, address, shipment_ids.N), E_IDEMPOTENCY_MISMATCH',
    503: 'E_CARRIER_UNAVAILABLE (Retry-After)',
  })
  create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: SchedulePickupRequestDto,
    @RequestIdempotencyKey() idempotencyKey: IdempotencyRef | null,
  ): Promise<PickupDto> {
    return this.schedulePickup.execute({ ...body.toCommand(principal.teamId), idempotencyKey });
  }

  @Get()
  @ApiQuery({ name: 'limit', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } })
  @ApiQuery({ name: 'offset', required: false, schema: { type: 'integer', minimum: 0, default: 0 } })
  @ApiOkResponse({ type: PickupListResponseDto })
  @ApiErrorResponses({ 422: 'E_VALIDATION (limit, offset)' })
  list(
    @CurrentPrincipal() principal: Principal,
    @Query('limit') limit?: string,
    @Query('offset') offset?: string,
  ): Promise<PickupListResponseDto> {
    return this.listPickups.execute({ teamId: principal.teamId, limit, offset });
  }

  @Get(':id')
  @ApiOkResponse({ type: PickupDto })
  @ApiErrorResponses({ 404: "E_NOT_FOUND (also for another team's pickup)" })
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<PickupDto> {
    return this.getPickup.execute({ teamId: principal.teamId, pickupId: id });
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiOkResponse({ type: PickupDto })
  @ApiErrorResponses({
    404: 'E_NOT_FOUND',
    409: 'E_PICKUP_CANCEL_NOT_ALLOWED (the collection window has opened, or the pickup is completed)',
    503: 'E_CARRIER_UNAVAILABLE (Retry-After)',
  })
  cancel(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<PickupDto> {
    return this.cancelPickup.execute({ teamId: principal.teamId, pickupId: id });
  }
}
