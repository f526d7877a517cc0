import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  sendCsvDownload,
  ApiErrorResponses,
  Idempotent,
  RequestIdempotencyKey,
  CurrentPrincipal,
  withMode,
  RequestAuditSource,
} from '@lgw/http-api';
import { CancelShipmentUseCase } from '../application/cancel-shipment/cancel-shipment.use-case';
import { CreateShipmentUseCase } from '../application/create-shipment/create-shipment.use-case';
import { ExportShipmentsUseCase } from '../application/export-shipments/export-shipments.use-case';
import { GetShipmentUseCase } from '../application/get-shipment/get-shipment.use-case';
import { IdempotencyRef, Principal, AuditSource } from '@lgw/kernel';
import { ListShipmentsUseCase } from '../application/list-shipments/list-shipments.use-case';
import { CancelShipmentRequestDto, CreateShipmentRequestDto } from './dto/create-shipment.request.dto';
import { CancellationResponseDto, ShipmentDto, ShipmentListResponseDto } from './dto/shipment.response.dto';
import { ShipmentFilterQueryDto, ShipmentListQueryDto } from './dto/shipment-search.request.dto';

@ApiTags('shipments')
@ApiBearerAuth()
@Controller('api/v1/shipments')
export class ShipmentsHttpController {
  constructor(
    private readonly createShipment: CreateShipmentUseCase,
    private readonly listShipments: ListShipmentsUseCase,
    private readonly getShipment: GetShipmentUseCase,
    private readonly cancelShipment: CancelShipmentUseCase,
    private readonly exportShipments: ExportShipmentsUseCase,
  ) {}

  @Post()
  @Idempotent(CreateShipmentRequestDto)
  @ApiCreatedResponse({ type: ShipmentDto })
  @ApiErrorResponses({
    409: 'E_QUOTE_EXPIRED, E_QUOTE_ALREADY_USED, E_IDEMPOTENCY_IN_PROGRESS (Retry-After)',
    422:
      'E_VALIDATION, E_ADDRESS_NOT_NORMALISED, E_IDEMPOTENCY_MISMATCH; E_ADDRESS_NOT_FOUND {field} when the team enforces ' +
      'National Address verification and the register does not confirm the destination',
    503:
      'E_CARRIER_UNAVAILABLE (Retry-After); E_ADDRESS_SERVICE_UNAVAILABLE (Retry-After) when the team enforces verification ' +
      'and the National Address service cannot be reached',
  })
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateShipmentRequestDto,
    @RequestIdempotencyKey() idempotencyKey: IdempotencyRef | null,
  ): Promise<ShipmentDto> {
    return withMode(
      principal,
      await this.createShipment.execute({
        ...body.toCommand(principal.teamId),
        addressVerification: principal.addressVerification,
        idempotencyKey,
      }),
    );
  }

  @Get()
  @ApiOperation({ summary: 'List and search shipments', description: 'Newest first. Unknown query parameters are refused (422).' })
  @ApiOkResponse({ type: ShipmentListResponseDto })
  @ApiErrorResponses({ 422: 'E_VALIDATION: every wrong or unknown parameter in details.errors' })
  async list(@CurrentPrincipal() principal: Principal, @Query() query: ShipmentListQueryDto): Promise<ShipmentListResponseDto> {
    const page = await this.listShipments.execute({ ...query, teamId: principal.teamId });
    return { ...page, shipments: page.shipments.map((s) => withMode(principal, s)) };
  }

  @Get('export.csv')
  @ApiOperation({ summary: 'Export shipments as CSV', description: 'The filters of GET /shipments, every match, newest first, streamed.' })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'text/csv, one line per shipment.', content: { 'text/csv': { schema: { type: 'string' } } } })
  @ApiErrorResponses({ 422: 'E_VALIDATION: every wrong or unknown parameter in details.errors' })
  async export(
    @CurrentPrincipal() principal: Principal,
    @Query() query: ShipmentFilterQueryDto,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const file = this.exportShipments.execute({ ...query, teamId: principal.teamId });
    await sendCsvDownload(reply, file.filename, file.content);
  }

  @Get(':id')
  @ApiOkResponse({ type: ShipmentDto })
  @ApiErrorResponses({ 404: "E_NOT_FOUND (also for another team's shipment)" })
  async get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<ShipmentDto> {
    return withMode(principal, await this.getShipment.execute({ teamId: principal.teamId, shipmentId: id }));
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
    @RequestIdempotencyKey() idempotencyKey: IdempotencyRef | null,
    @RequestAuditSource() source: AuditSource,
  ): Promise<CancellationResponseDto> {
    return this.cancelShipment.execute({ ...body.toCommand(principal.teamId, id), idempotencyKey, source });
  }
}
