import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CARRIER_CATALOGUE } from '@lgw/carriers';
import { CarrierListResponseDto, toCarrierDto } from '../dto/carrier.response.dto';
import { ApiErrorResponses } from '../http/api-error-responses.decorator';

@ApiTags('carriers')
@ApiBearerAuth()
@Controller('api/v1/carriers')
export class CarriersHttpController {
  /** The catalogue never changes at run time: serialise it once. */
  private readonly response: CarrierListResponseDto = { carriers: CARRIER_CATALOGUE.map(toCarrierDto) };

  @Get()
  @ApiOkResponse({ type: CarrierListResponseDto })
  @ApiErrorResponses()
  list(): CarrierListResponseDto {
    return this.response;
  }
}
