import { Controller, Get, Header } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CARRIER_CATALOGUE } from '@lgw/carriers';
import { CarrierListResponseDto, toCarrierDto } from './dto/carrier.response.dto';
import { ApiErrorResponses } from '@lgw/http-api';

/**
 * The catalogue never changes at run time: its JSON is built once and sent as bytes. Returned as
 * an object, Fastify would serialise the same document again on every request (5 % of the
 * route's CPU in its profile).
 */
const CARRIER_LIST: CarrierListResponseDto = { carriers: CARRIER_CATALOGUE.map(toCarrierDto) };
const CARRIER_LIST_JSON = JSON.stringify(CARRIER_LIST);

@ApiTags('carriers')
@ApiBearerAuth()
@Controller('api/v1/carriers')
export class CarriersHttpController {
  @Get()
  @Header('Content-Type', 'application/json; charset=utf-8')
  @ApiOkResponse({ type: CarrierListResponseDto })
  @ApiErrorResponses()
  list(): string {
    return CARRIER_LIST_JSON;
  }
}
