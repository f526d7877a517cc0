import { Controller, Get, Header, Optional } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Principal, ResolveCarrierConnectionUseCase } from '@lgw/application';
import { CARRIER_CATALOGUE, CARRIERS } from '@lgw/carriers';
import { CarrierListResponseDto, toCarrierDto } from '../dto/carrier.response.dto';
import { ApiErrorResponses } from '../http/api-error-responses.decorator';
import { CurrentPrincipal } from '../http/principal.decorator';

/**
 * The catalogue never changes at run time: its JSON is built once and sent as bytes. Returned as
 * an object, Fastify would serialise the same document again on every request (5 % of the
 * route's CPU in its profile).
 */
const CARRIER_LIST: CarrierListResponseDto = { carriers: CARRIER_CATALOGUE.map(toCarrierDto) };
const CARRIER_LIST_JSON = JSON.stringify(CARRIER_LIST);

/** Real carriers (DESIGN §7): listed for a team only while it has an active connection to them, its own or the platform's. */
const CONNECTION_ONLY: ReadonlySet<string> = new Set(CARRIERS.filter((c) => c.offeredWithConnectionOnly).map((c) => c.descriptor.code));

@ApiTags('carriers')
@ApiBearerAuth()
@Controller('api/v1/carriers')
export class CarriersHttpController {
  /** The list's bytes per set of connection-only carriers offered (a handful of sets at most). */
  private readonly lists = new Map<string, string>();

  constructor(@Optional() private readonly connections?: ResolveCarrierConnectionUseCase) {}

  @Get()
  @Header('Content-Type', 'application/json; charset=utf-8')
  @ApiOkResponse({ type: CarrierListResponseDto })
  @ApiErrorResponses()
  async list(@CurrentPrincipal() principal: Principal): Promise<string> {
    if (CONNECTION_ONLY.size === 0 || !this.connections) return CARRIER_LIST_JSON;
    // The same cached connections rating prices on (no table read per request, docs/adr/0065).
    // The database away and nothing known of the team yet: the built-in carriers, as on a fresh start.
    const connected = await this.connections.forRating(principal.teamId).catch(() => new Map<string, unknown>());
    const offered = [...CONNECTION_ONLY].filter((code) => connected.has(code));
    const key = offered.join(',');
    let json = this.lists.get(key);
    if (json === undefined) {
      const carriers = CARRIER_CATALOGUE.filter((c) => !CONNECTION_ONLY.has(c.code) || offered.includes(c.code)).map(toCarrierDto);
      json = JSON.stringify({ carriers } satisfies CarrierListResponseDto);
      this.lists.set(key, json);
    }
    return json;
  }
}
