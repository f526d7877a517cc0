import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NationalAddressDataset, RegisterBuilding } from './national-address-dataset';

/**
 * An SPL-style National Address API (docs/adr/0053-national-address-simulator.md), under
 * /sandbox/spl: look-up by short address or by postal code and additional number, answered
 * as SPL answers (`{success, totalSearchResults, Addresses: [...]}`, PascalCase fields in the
 * requested language and their `_L2` twins in the other), `api_key` required. The register is
 * generated from a seed (NationalAddressDataset). Faults, for the National Address API only
 * (never for the control routes): `down` drops the connection, `slow` answers after
 * `latency_ms`, `error` answers 500.
 */
export type SplFaultMode = 'none' | 'down' | 'slow' | 'error';

/** The key the simulator accepts unless ADDRESS_SERVICE_KEY says otherwise; also the gateway's default. */
export const SANDBOX_SPL_KEY = 'sandbox-national-address-key';
export const DEFAULT_SPL_SEED = 20260101;
const API_PREFIX = '/NationalAddress/v3.1/Address';

export interface SplSimulatorOptions {
  readonly apiKey?: string;
  readonly seed?: number;
}

export class SplSimulatorState {
  fault: { mode: SplFaultMode; latencyMs: number } = { mode: 'none', latencyMs: 10_000 };
  readonly stats = { requests: 0, lookups: 0, found: 0, not_found: 0, unauthorised: 0 };
  readonly dataset: NationalAddressDataset;

  constructor(
    readonly apiKey: string,
    seed: number,
  ) {
    this.dataset = new NationalAddressDataset(seed);
  }

  reset(): void {
    this.fault = { mode: 'none', latencyMs: 10_000 };
    for (const key of Object.keys(this.stats) as (keyof SplSimulatorState['stats'])[]) this.stats[key] = 0;
  }
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/** One SPL address record: `language` A gives Arabic in the main fields, E English; `_L2` carries the other. */
export function splRecord(building: RegisterBuilding, language: 'A' | 'E'): Record<string, string> {
  const main = language === 'A' ? 'ar' : 'en';
  const other = language === 'A' ? 'en' : 'ar';
  return {
    Address1: `${building.buildingNumber} ${building.street[main]}, ${building.district[main]}`,
    Address2: `${building.city[main]} ${building.postalCode} - ${building.additionalNumber}`,
    ObjLatLng: `${building.latitude} ${building.longitude}`,
    BuildingNumber: building.buildingNumber,
    Street: building.street[main],
    District: building.district[main],
    City: building.city[main],
    PostCode: building.postalCode,
    AdditionalNumber: building.additionalNumber,
    RegionName: building.region[main],
    ShortAddress: building.shortAddress,
    IsPrimaryAddress: 'True',
    Latitude: String(building.latitude),
    Longitude: String(building.longitude),
    Street_L2: building.street[other],
    District_L2: building.district[other],
    City_L2: building.city[other],
    RegionName_L2: building.region[other],
  };
}

function answer(reply: FastifyReply, state: SplSimulatorState, building: RegisterBuilding | null, language: 'A' | 'E') {
  state.stats.lookups++;
  if (building) state.stats.found++;
  else state.stats.not_found++;
  return reply.send({
    success: true,
    totalSearchResults: building ? '1' : '0',
    Addresses: building ? [splRecord(building, language)] : [],
    statusdescription: building ? 'SUCCESS' : 'No address found',
  });
}

function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers['api_key'] ?? request.headers['api-key'];
  if (typeof header === 'string') return header;
  const query = (request.query as Record<string, unknown>).api_key;
  return typeof query === 'string' ? query : undefined;
}

function language(query: Record<string, unknown>): 'A' | 'E' {
  return String(query.language ?? 'A').toUpperCase() === 'E' ? 'E' : 'A';
}

export function createSplSimulatorState(options: SplSimulatorOptions = {}): SplSimulatorState {
  const seed = options.seed ?? DEFAULT_SPL_SEED;
  const apiKey = options.apiKey?.trim() || SANDBOX_SPL_KEY;
  return new SplSimulatorState(apiKey, Number.isFinite(seed) ? seed : DEFAULT_SPL_SEED);
}

export async function splSimulatorRoutes(app: FastifyInstance, options: { state: SplSimulatorState }): Promise<void> {
  const { state } = options;

  // Control: never affected by faults.
  app.put<{ Body: { mode?: unknown; latency_ms?: unknown } }>('/fault', async (request, reply) => {
    const mode = request.body?.mode;
    const latency = request.body?.latency_ms ?? 10_000;
    if (typeof mode !== 'string' || !['none', 'down', 'slow', 'error'].includes(mode)) {
      return reply.code(422).send({ error: { field: 'mode', reason: 'must be one of none, down, slow, error' } });
    }
    if (typeof latency !== 'number' || !Number.isInteger(latency) || latency < 0 || latency > 600_000) {
      return reply.code(422).send({ error: { field: 'latency_ms', reason: 'must be an integer between 0 and 600000' } });
    }
    state.fault = { mode: mode as SplFaultMode, latencyMs: latency };
    return { mode, latency_ms: latency };
  });
  app.get('/fault', async () => ({ mode: state.fault.mode, latency_ms: state.fault.latencyMs }));
  app.get('/stats', async () => ({ ...state.stats, addresses: state.dataset.size, seed: state.dataset.seed }));
  app.post('/reset', async () => {
    state.reset();
    return { reset: true };
  });
  app.get<{ Querystring: { city?: string; count?: string; offset?: string } }>('/samples', async (request) => {
    const count = Math.min(Math.max(Number(request.query.count ?? 10) || 10, 1), 1000);
    const offset = Math.max(Number(request.query.offset ?? 0) || 0, 0);
    const buildings = state.dataset.samples(count, offset, request.query.city);
    return { addresses: buildings.map((b) => ({ ...splRecord(b, 'E') })) };
  });

  // The National Address API itself.
  await app.register(
    async (api) => {
      api.addHook('onRequest', async (request, reply) => {
        state.stats.requests++;
        if (state.fault.mode === 'down') {
          // The sandbox shares its port with the carriers: dropping the socket gives the client the same connection error.
          reply.hijack();
          request.raw.socket.destroy();
          return reply;
        }
        if (state.fault.mode === 'error') {
          return reply.code(500).send({ success: false, statusdescription: 'Simulated failure (fault mode "error")' });
        }
        if (state.fault.mode === 'slow') await sleep(state.fault.latencyMs);
        if (presentedKey(request) !== state.apiKey) {
          state.stats.unauthorised++;
          return reply.code(401).send({ success: false, statusdescription: 'Invalid api_key' });
        }
        return undefined;
      });

      api.get<{ Querystring: Record<string, unknown> }>('/address-by-short-address', async (request, reply) => {
        const code = String(request.query.shortaddress ?? '').trim();
        if (!/^[A-Za-z]{4}\d{4}$/.test(code)) {
          return reply.code(400).send({ success: false, statusdescription: 'shortaddress must be 4 letters and 4 digits' });
        }
        return answer(reply, state, state.dataset.byShortAddress(code), language(request.query));
      });

      api.get<{ Querystring: Record<string, unknown> }>('/address-by-postcode', async (request, reply) => {
        const postcode = String(request.query.postcode ?? '').trim();
        const additional = String(request.query.additionalnumber ?? '').trim();
        if (!/^\d{5}$/.test(postcode) || !/^\d{4}$/.test(additional)) {
          return reply.code(400).send({ success: false, statusdescription: 'postcode must be 5 digits and additionalnumber 4 digits' });
        }
        return answer(reply, state, state.dataset.byPostalCodeAndAdditionalNumber(postcode, additional), language(request.query));
      });
    },
    { prefix: API_PREFIX },
  );
}
