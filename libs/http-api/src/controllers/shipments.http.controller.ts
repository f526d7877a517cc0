import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  CancelShipmentUseCase,
  CreateShipmentUseCase,
  GetShipmentUseCase,
  IdempotentRequestService,
  ListShipmentsUseCase,
  Principal,
} from '@lgw/application';
import { SHIPMENT_STATUSES, ValidationError } from '@lgw/domain';
import { CancelShipmentRequestDto, CreateShipmentRequestDto } from '../dto/create-shipment.request.dto';
import {
  CancellationResponseDto,
  ShipmentDto,
  ShipmentListResponseDto,
} from '../dto/shipment.response.dto';
import { ApiErrorResponses } from '../http/api-error-responses.decorator';
import { CurrentPrincipal } from '../http/principal.decorator';

const IDEMPOTENCY_HEADER = {
  name: 'Idempotency-Key',
  required: false,
  description: 'Same key + same body within 24 h returns the first response; another body → 422.',
};

@ApiTags('shipments')
@ApiBearerAuth()
@Controller('api/v1/shipments')
export class ShipmentsHttpController {
  constructor(
    private readonly createShipment: CreateShipmentUseCase,
    private readonly listShipments: ListShipmentsUseCase,
    private readonly getShipment: GetShipmentUseCase,
    private readonly cancelShipment: CancelShipmentUseCase,
    private readonly idempotency: IdempotentRequestService,
  ) {}

  @Post()
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiCreatedResponse({ type: ShipmentDto })
  @ApiErrorResponses({
    409: 'E_QUOTE_EXPIRED, E_QUOTE_ALREADY_USED, E_IDEMPOTENCY_IN_PROGRESS',
    422: 'E_VALIDATION, E_ADDRESS_NOT_NORMALISED, E_IDEMPOTENCY_MISMATCH',
    503: 'E_CARRIER_UNAVAILABLE (Retry-After)',
  })
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateShipmentRequestDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    const result = await this.idempotency.run(principal.teamId, 'POST /shipments', idempotencyKey, body, async () => ({
      status: 201,
      body: await this.createShipment.execute({
        teamId: principal.teamId,
        quoteId: body.quote_id,
        origin: body.origin,
        destination: body.destination,
        parcels: body.parcels,
        declaredValue: body.declared_value,
        incoterm: body.incoterm,
        hsCodes: body.hs_codes,
        codAmount: body.cod_amount,
        reference: body.reference,
      }),
    }));
    if (result.replayed) reply.header('Idempotent-Replayed', 'true');
    reply.code(result.status);
    return result.body;
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
    return this.listShipments.execute({ teamId: principal.teamId, status, limit, offset }) as Promise<ShipmentListResponseDto>;
  }

  @Get(':id')
  @ApiOkResponse({ type: ShipmentDto })
  @ApiErrorResponses({ 404: 'E_NOT_FOUND (also for another team\'s shipment)' })
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<unknown> {
    return this.getShipment.execute({ teamId: principal.teamId, shipmentId: id });
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiBody({ type: CancelShipmentRequestDto, required: false })
  @ApiOkResponse({ type: CancellationResponseDto })
  @ApiErrorResponses({ 404: 'E_NOT_FOUND', 409: 'E_CANCEL_NOT_ALLOWED', 503: 'E_CARRIER_UNAVAILABLE (Retry-After)' })
  async cancel(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: unknown,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
      throw new ValidationError('body', 'must be a JSON object such as {"reason": "..."}');
    }
    const reason = body ? (body as { reason?: unknown }).reason : undefined;
    const result = await this.idempotency.run(principal.teamId, `POST /shipments/${id}/cancel`, idempotencyKey, body ?? null, async () => ({
      status: 200,
      body: await this.cancelShipment.execute({ teamId: principal.teamId, shipmentId: id, reason }),
    }));
    if (result.replayed) reply.header('Idempotent-Replayed', 'true');
    reply.code(result.status);
    return result.body;
  }
}
