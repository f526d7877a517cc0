import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Principal } from '@lgw/kernel';
import { ApiErrorResponses, CurrentPrincipal } from '@lgw/http-api';
import { CARRIER_CATALOGUE, CarrierCataloguePort } from '../application/ports/rating-sources.port';
import { CarrierConnectionResolver } from '../application/resolve-carrier-connection/resolve-carrier-connection.use-case';
import { CarrierListResponseDto, toCarrierDto } from './dto/carrier.response.dto';

@ApiTags('carriers')
@ApiBearerAuth()
@Controller('api/v1/carriers')
export class CarriersHttpController {
  /**
   * The list's bytes per set of connection-only carriers offered (a handful of sets at most): the
   * catalogue never changes at run time, and a string is sent as it is, not serialised again.
   */
  private readonly lists = new Map<string, string>();
  /** Real carriers (DESIGN §7): listed for a team only while it has an active connection to them, its own or the platform's. */
  private readonly connectionOnly: ReadonlySet<string>;

  constructor(
    @Inject(CARRIER_CATALOGUE) private readonly catalogue: CarrierCataloguePort,
    private readonly connections: CarrierConnectionResolver,
  ) {
    this.connectionOnly = new Set(catalogue.connectionOnly());
  }

  @Get()
  @Header('Content-Type', 'application/json; charset=utf-8')
  @ApiOkResponse({ type: CarrierListResponseDto })
  @ApiErrorResponses()
  async list(@CurrentPrincipal() principal: Principal): Promise<string> {
    // The same cached connections rating prices on (no table read per request, docs/adr/0065).
    // The database away and nothing known of the team yet: the built-in carriers, as on a fresh start.
    const connected =
      this.connectionOnly.size === 0
        ? new Map<string, unknown>()
        : await this.connections.forRating(principal.teamId).catch(() => new Map<string, unknown>());
    const offered = [...this.connectionOnly].filter((code) => connected.has(code));
    const key = offered.join(',');
    let json = this.lists.get(key);
    if (json === undefined) {
      const carriers = this.catalogue
        .all()
        .filter((c) => !this.connectionOnly.has(c.code) || offered.includes(c.code))
        .map(toCarrierDto);
      json = JSON.stringify({ carriers } satisfies CarrierListResponseDto);
      this.lists.set(key, json);
    }
    return json;
  }
}
