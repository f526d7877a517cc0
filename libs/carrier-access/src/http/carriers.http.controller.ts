import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CARRIER_CATALOGUE, CarrierCataloguePort } from '../application/ports/rating-sources.port';
import { CarrierListResponseDto, toCarrierDto } from './dto/carrier.response.dto';
import { ApiErrorResponses } from '@lgw/http-api';

/**
 * The catalogue never changes at run time: its JSON is built once and sent as bytes. Returned as
 * an object, Fastify would serialise the same document again on every request (5 % of the
 * route's CPU in its profile).
 */

@ApiTags('carriers')
@ApiBearerAuth()
@Controller('api/v1/carriers')
export class CarriersHttpController {
  private readonly listJson: string;

  constructor(@Inject(CARRIER_CATALOGUE) catalogue: CarrierCataloguePort) {
    const list: CarrierListResponseDto = { carriers: catalogue.all().map(toCarrierDto) };
    this.listJson = JSON.stringify(list);
  }

  @Get()
  @Header('Content-Type', 'application/json; charset=utf-8')
  @ApiOkResponse({ type: CarrierListResponseDto })
  @ApiErrorResponses()
  list(): string {
    return this.listJson;
  }
}
