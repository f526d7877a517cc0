import { Body, Controller, Param, Patch } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Principal, AuditSource } from '@lgw/kernel';
import { UpdateDestinationUseCase } from '../application/update-destination/update-destination.use-case';
import { AddressRequestDto } from '@lgw/addresses';
import { ShipmentDto } from './dto/shipment.response.dto';
import { ApiErrorResponses, CurrentPrincipal, withMode, RequestAuditSource } from '@lgw/http-api';

@ApiTags('shipments')
@ApiBearerAuth()
@Controller('api/v1/shipments')
export class ShipmentDestinationHttpController {
  constructor(private readonly updateDestination: UpdateDestinationUseCase) {}

  @Patch(':id/destination')
  @ApiBody({ type: AddressRequestDto, description: 'The whole new destination Address (city and country required).' })
  @ApiOkResponse({ type: ShipmentDto, description: 'The shipment with its new destination.' })
  @ApiErrorResponses({
    404: "E_NOT_FOUND (unknown id or another team's shipment)",
    409: 'E_DESTINATION_UPDATE_NOT_ALLOWED: the shipment is DELIVERED, RETURNED, LOST or CANCELLED',
    422:
      'E_VALIDATION {field, reason}: field is the Address field itself (e.g. `postal_code`), `country` when it ' +
      'differs from the booked destination country; E_ADDRESS_NOT_NORMALISED {missing}; E_ADDRESS_NOT_FOUND {field} when the ' +
      'team enforces National Address verification and the register does not confirm the address',
    503:
      'E_CARRIER_UNAVAILABLE (Retry-After): nothing was changed; E_ADDRESS_SERVICE_UNAVAILABLE (Retry-After) when the team ' +
      'enforces verification and the National Address service cannot be reached',
  })
  async update(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: AddressRequestDto,
    @RequestAuditSource() source: AuditSource,
  ): Promise<ShipmentDto> {
    return withMode(
      principal,
      await this.updateDestination.execute({
        teamId: principal.teamId,
        shipmentId: id,
        destination: body,
        addressVerification: principal.addressVerification,
        source,
      }),
    );
  }
}
