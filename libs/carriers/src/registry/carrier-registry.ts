import { CarrierPort, CarrierRegistryPort } from '@lgw/application';
import { BahrAdapter } from '../bahr/bahr.adapter';
import { BahrSettingsInput, resolveBahrSettings } from '../bahr/bahr.settings';
import { DarbAdapter } from '../darb/darb.adapter';
import { DarbSettingsInput, resolveDarbSettings } from '../darb/darb.settings';
import { SahmAdapter } from '../sahm/sahm.adapter';
import { resolveSahmSettings, SahmSettingsInput } from '../sahm/sahm.settings';
import { Env } from '../shared/env';
import { ResilienceSettings } from '../shared/resilience.settings';

export interface CarrierRegistrySettings {
  /** Where to read SAHM_*, BAHR_*, DARB_*, CARRIER_* and SANDBOX_PORT from; default process.env. */
  env?: Env;
  /**
   * Base URL of a running carrier sandbox (e.g. the one the all-in-one process starts).
   * Each carrier then defaults to `${sandboxUrl}/<code>`; explicit per-carrier URLs still win.
   */
  sandboxUrl?: string;
  /** Applies to every carrier, over CARRIER_* env values. */
  resilience?: Partial<ResilienceSettings>;
  sahm?: SahmSettingsInput;
  bahr?: BahrSettingsInput;
  darb?: DarbSettingsInput;
}

export type ClosableCarrier = CarrierPort & { close?(): Promise<void> };

/** One entry per carrier: adding a carrier means adding an entry here. */
export interface CarrierRegistryEntry {
  readonly code: string;
  create(settings: CarrierRegistrySettings): ClosableCarrier;
}

export const CARRIER_REGISTRY_ENTRIES: readonly CarrierRegistryEntry[] = [
  { code: 'sahm', create: (s) => SahmAdapter.create(resolveSahmSettings(s.sahm, s)) },
  { code: 'bahr', create: (s) => BahrAdapter.create(resolveBahrSettings(s.bahr, s)) },
  { code: 'darb', create: (s) => DarbAdapter.create(resolveDarbSettings(s.darb, s)) },
];

export interface CarrierRegistry extends CarrierRegistryPort {
  readonly codes: readonly string[];
  all(): readonly CarrierPort[];
  /** Fails whatever is still queued inside adapters; call on shutdown. */
  close(): Promise<void>;
}

export function createCarrierRegistry(
  settings: CarrierRegistrySettings = {},
  entries: readonly CarrierRegistryEntry[] = CARRIER_REGISTRY_ENTRIES,
): CarrierRegistry {
  const adapters = new Map<string, ClosableCarrier>();
  for (const entry of entries) {
    if (adapters.has(entry.code)) throw new Error(`carrier ${entry.code} registered twice`);
    adapters.set(entry.code, entry.create(settings));
  }
  return {
    codes: [...adapters.keys()],
    get: (code) => adapters.get(code),
    all: () => [...adapters.values()],
    close: async () => {
      await Promise.all([...adapters.values()].map((adapter) => adapter.close?.()));
    },
  };
}
