import {
  carrierCredential,
  CarrierEndpoint,
  carrierNumber,
  CarrierSettingsContext,
  resolveCarrierEndpoint,
} from '../shared/carrier-settings';
import { ResilienceSettings } from '../shared/resilience.settings';

export interface DarbSettings extends CarrierEndpoint {
  /** X-Api-Key (DARB_API_KEY). */
  readonly apiKey: string;
  /** Tracking numbers requested per range (DARB_RANGE_SIZE). */
  readonly rangeSize: number;
  /** Orders per uploaded file when bookings queue up. */
  readonly maxRowsPerFile: number;
  /** Order files allowed in flight at once; bookings arriving meanwhile share the next file. */
  readonly maxFilesInFlight: number;
  /**
   * Orders per file and files in flight when a whole page is handed over at once (fulfilment
   * batches): Darb takes files of up to 100,000 rows, so larger files cost fewer round trips
   * (DARB_BULK_ORDERS_PER_FILE, DARB_BULK_FILES_IN_FLIGHT).
   */
  readonly bulkOrdersPerFile: number;
  readonly bulkFilesInFlight: number;
  /** Longest single long-poll for a result file. */
  readonly resultWaitMs: number;
}

export type DarbSettingsInput = Partial<Omit<DarbSettings, 'resilience'>> & { resilience?: Partial<ResilienceSettings> };

export const DARB_SANDBOX_API_KEY = 'darb-sandbox-key';

/** Explicit values win, then the connection's credentials, then the environment (DARB_*), then the local sandbox. */
export function resolveDarbSettings(input: DarbSettingsInput = {}, context: CarrierSettingsContext = {}): DarbSettings {
  const env = context.env ?? {};
  return {
    ...resolveCarrierEndpoint('darb', input, context),
    apiKey: carrierCredential('darb', 'apiKey', input.apiKey, context, DARB_SANDBOX_API_KEY),
    rangeSize: carrierNumber('darb', 'rangeSize', input.rangeSize, env, 1000),
    maxRowsPerFile: input.maxRowsPerFile ?? 500,
    maxFilesInFlight: input.maxFilesInFlight ?? 2,
    bulkOrdersPerFile: carrierNumber('darb', 'bulkOrdersPerFile', input.bulkOrdersPerFile, env, 2000),
    bulkFilesInFlight: carrierNumber('darb', 'bulkFilesInFlight', input.bulkFilesInFlight, env, 2),
    resultWaitMs: input.resultWaitMs ?? 2000,
  };
}
