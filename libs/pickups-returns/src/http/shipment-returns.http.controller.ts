import { Body, Controller, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiCreatedResponse, ApiTags } from '@nestjs/swagger';
import { CreateReturnUseCase } from '../application/create-return/create-return.use-case';
import { IdempotencyRef, Principal } from '@lgw/kernel';
import { CreateReturnRequestDto } from './dto/create-return.request.dto';
import { ShipmentDto } from '@lgw/shipping';
import { ApiErrorResponses, Idempotent, RequestIdempotencyKey, CurrentPrincipal, withMode } from '@lgw/http-api';

/** Customer returns of delivered shipments (docs/api.md, returns). */
@ApiTags('shipments')
@ApiBearerAuth()
@Controller('api/v1/shipments')
export class ShipmentReturnsHttpController {
  constructor(private readonly createReturn: CreateReturnUseCase) {}

  @Post(':id/return')
  @Idempotent(CreateReturnRequestDto)
  @ApiBody({ type: CreateReturnRequestDto, required: false })
  @ApiCreatedResponse({ type: ShipmentDto })
  @ApiErrorResponses({
    404: "E_NOT_FOUND (also for another team's shipment)",
    409: 'E_RETURN_NOT_ALLOWED (not delivered, or a return that is not cancelled exists), E_IDEMPOTENCY_IN_PROGRESS',
    422: 'E_VALIDATION (carrier: no returns on this lane; reason, parcels), E_IDEMPOTENCY_MISMATCH',
    503: 'E_CARRIER_UNAVAILABLE (Retry-After)',
  })
  async create(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: CreateReturnRequestDto,
    @RequestIdempotencyKey() idempotencyKey: IdempotencyRef | null,
  ): Promise<ShipmentDto> {
    return withMode(principal, await this.createReturn.execute({ ...body.toCommand(principal.teamId, id), idempotencyKey }));
  }
}
