import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CreateCarrierConnectionUseCase } from '../application/create-carrier-connection/create-carrier-connection.use-case';
import { ListCarrierConnectionsUseCase } from '../application/list-carrier-connections/list-carrier-connections.use-case';
import { ListConnectionRequirementsUseCase } from '../application/list-connection-requirements/list-connection-requirements.use-case';
import { AuditSource, Principal } from '@lgw/kernel';
import { RevokeCarrierConnectionUseCase } from '../application/revoke-carrier-connection/revoke-carrier-connection.use-case';
import { createConnectionCommand, CreateCarrierConnectionRequestDto } from './dto/carrier-connection.request.dto';
import { ConnectionRequirementListResponseDto } from './dto/carrier-connection-requirements.response.dto';
import { CarrierConnectionDto, CarrierConnectionListResponseDto } from './dto/carrier-connection.response.dto';
import { ApiErrorResponses, CurrentPrincipal, RequestAuditSource } from '@lgw/http-api';

/**
 * A team's own carrier contracts beside the platform's (docs/adr/0065-carrier-connections.md):
 * with an active connection to a carrier, the team's quotes and bookings for it use its account
 * and contract rates.
 */
@ApiTags('carrier-connections')
@ApiBearerAuth()
@Controller('api/v1/carrier-connections')
export class CarrierConnectionsHttpController {
  constructor(
    private readonly createConnection: CreateCarrierConnectionUseCase,
    private readonly listConnections: ListCarrierConnectionsUseCase,
    private readonly revokeConnection: RevokeCarrierConnectionUseCase,
    private readonly listRequirements: ListConnectionRequirementsUseCase,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiCreatedResponse({
    type: CarrierConnectionDto,
    description: "Saved, after the carrier accepted the credentials; replaces the team's previous connection to that carrier.",
  })
  @ApiErrorResponses({
    422: "E_VALIDATION (carrier, credentials.<name> per the carrier's schema, account_number, rate_cards.<service>...; credentials the carrier refused)",
    503: 'E_CARRIER_UNAVAILABLE (the carrier could not be asked; nothing saved)',
  })
  create(
    @CurrentPrincipal() principal: Principal,
    @RequestAuditSource() source: AuditSource,
    @Body() body: CreateCarrierConnectionRequestDto,
  ): Promise<CarrierConnectionDto> {
    return this.createConnection.execute(createConnectionCommand({ teamId: principal.teamId }, body, source));
  }

  @Get()
  @ApiOkResponse({ type: CarrierConnectionListResponseDto })
  @ApiErrorResponses()
  list(@CurrentPrincipal() principal: Principal): Promise<CarrierConnectionListResponseDto> {
    return this.listConnections.execute({ teamId: principal.teamId });
  }

  /**
   * What each carrier's connection takes (its declared credentials schema), for forms such as
   * the console's. A fixed word, not an id: connection ids are UUIDs.
   */
  @Get('requirements')
  @ApiOkResponse({
    type: ConnectionRequirementListResponseDto,
    description: 'Per carrier: the credentials POST /carrier-connections expects, which are secret, and the account number rule.',
  })
  @ApiErrorResponses()
  requirements(): ConnectionRequirementListResponseDto {
    return this.listRequirements.execute();
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({
    description: 'Revoked: new quotes for the carrier use the platform connection; quotes priced on this one are refused.',
  })
  @ApiErrorResponses({ 404: "E_NOT_FOUND (also for another team's connection and the platform's)" })
  async remove(
    @CurrentPrincipal() principal: Principal,
    @RequestAuditSource() source: AuditSource,
    @Param('id') id: string,
  ): Promise<void> {
    await this.revokeConnection.execute({ owner: { teamId: principal.teamId }, connectionId: id, source });
  }
}
