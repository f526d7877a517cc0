import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CreateCarrierConnectionUseCase } from '../application/create-carrier-connection/create-carrier-connection.use-case';
import { ListCarrierConnectionsUseCase } from '../application/list-carrier-connections/list-carrier-connections.use-case';
import { RevokeCarrierConnectionUseCase } from '../application/revoke-carrier-connection/revoke-carrier-connection.use-case';
import { createConnectionCommand, CreateCarrierConnectionRequestDto } from './dto/carrier-connection.request.dto';
import { CarrierConnectionDto, CarrierConnectionListResponseDto } from './dto/carrier-connection.response.dto';
import { AdminTokenGuard, ApiErrorResponses, RequestAuditSource } from '@lgw/http-api';
import type { AuditSource } from '@lgw/kernel';

/**
 * The platform's carrier connections (docs/runbook.md): the default contract of every team,
 * managed by operators only. Saving one replaces the carrier's previous platform connection.
 */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminTokenGuard)
@Controller('admin/v1/carrier-connections')
export class CarrierConnectionsAdminHttpController {
  constructor(
    private readonly createConnection: CreateCarrierConnectionUseCase,
    private readonly listConnections: ListCarrierConnectionsUseCase,
    private readonly revokeConnection: RevokeCarrierConnectionUseCase,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiCreatedResponse({ type: CarrierConnectionDto })
  @ApiErrorResponses({ 422: 'E_VALIDATION (carrier, credentials.<name>, account_number, rate_cards...)', 503: 'E_CARRIER_UNAVAILABLE' })
  create(@Body() body: CreateCarrierConnectionRequestDto, @RequestAuditSource() source: AuditSource): Promise<CarrierConnectionDto> {
    return this.createConnection.execute(createConnectionCommand('platform', body, source));
  }

  @Get()
  @ApiOkResponse({ type: CarrierConnectionListResponseDto })
  @ApiErrorResponses()
  list(): Promise<CarrierConnectionListResponseDto> {
    return this.listConnections.platform();
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Revoked: teams without their own connection to the carrier are no longer quoted it.' })
  @ApiErrorResponses({ 404: 'E_NOT_FOUND' })
  async remove(@Param('id') id: string, @RequestAuditSource() source: AuditSource): Promise<void> {
    await this.revokeConnection.execute({ owner: 'platform', connectionId: id, source });
  }
}
