import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiCreatedResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { CancelShipmentUseCase, CreateShipmentUseCase, GetShipmentUseCase, ListShipmentsUseCase, Principal } from '@lgw/application';
import { SHIPMENT_STATUSES } from '@lgw/domain';
import { CancelShipmentRequestDto, CreateShipmentRequestDto } from '../dto/create-shipment.request.dto';
import { CancellationResponseDto, ShipmentDto, ShipmentListResponseDto } from '../dto/shipment.response.dto';
import { ApiErrorResponses } from '../http/api-error-responses.decorator';
import { Idempotent } from '../http/idempotency.interceptor';
import { CurrentPrincipal } from '../http/principal.decorator';

@ApiTags('shipments')
@ApiBearerAuth()
@Controller('api/v1/shipments')
export class ShipmentsHttpController {
  constructor(
    private readonly createShipment: CreateShipmentUseCase,
    private readonly listShipments: ListShipmentsUseCase,
    private readonly getShipment: GetShipmentUseCase,
    private readonly cancelShipment: CancelShipmentUseCase,
  ) {}

  @Post()
  @Idempotent(CreateShipmentRequestDto)
  @ApiCreatedResponse({ type: ShipmentDto })
  @ApiErrorResponses({
    409: 'E_QUOTE_EXPIRED, E_QUOTE_ALREADY_USED, E_IDEMPOTENCY_IN_PROGRESS (Retry-After)',
    422: 'E_VALIDATION, E_ADDRESS_NOT_NORMALISED, E_IDEMPOTENCY_MISMATCH',
    503: 'E_CARRIER_UNAVAILABLE (Retry-After)',
  })
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreateShipmentRequestDto): Promise<ShipmentDto> {
    return this.createShipment.execute(body.toCommand(principal.teamId));
  }

  @Get()
  @ApiQuery({ name: 'status', required: false, enum: SHIPMENT_STATUSES })
  @ApiQuery({ name: 'limit', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } })
  @ApiQuery({ name: 'offset', required: false, schema: { type: 'integer', minimum: 0, default: 0 } })
  @ApiOkResponse({ type: ShipmentListResponseDto })
  @ApiErrorResponses({ 422: 'E_VALIDATION (status, limit, offset)' })
  list(
    @CurrentPrincipal() principal: Principal,
    @Query('status') status?: string,
    @Query('limit') limit?: string,
    @Query('offset') offset?: string,
  ): Promise<ShipmentListResponseDto> {
    return this.listShipments.execute({ teamId: principal.teamId, status, limit, offset });
  }

  @Get(':id')
  @ApiOkResponse({ type: ShipmentDto })
  @ApiErrorResponses({ 404: "E_NOT_FOUND (also for another team's shipment)" })
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<ShipmentDto> {
    return this.getShipment.execute({ teamId: principal.teamId, shipmentId: id });
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @Idempotent(CancelShipmentRequestDto)
  @ApiBody({ type: CancelShipmentRequestDto, required: false })
  @ApiOkResponse({ type: CancellationResponseDto })
  @ApiErrorResponses({ 404: 'E_NOT_FOUND', 409: 'E_CANCEL_NOT_ALLOWED', 503: 'E_CARRIER_UNAVAILABLE (Retry-After)' })
  cancel(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: CancelShipmentRequestDto,
  ): Promise<CancellationResponseDto> {
    return this.cancelShipment.execute(body.toCommand(principal.teamId, id));
  }
}
