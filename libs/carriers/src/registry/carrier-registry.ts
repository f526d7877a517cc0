import { CarrierPort, CarrierRegistryPort } from '@lgw/application';
import { carrierContext, CarrierDefinition, ClosableCarrier } from '../shared/carrier-definition';
import { CarrierSettingsContext } from '../shared/carrier-settings';
import { CARRIERS } from './carriers.registry';

/** Env, sandbox URL and resilience every carrier's settings resolver reads. */
export type CarrierRegistrySettings = CarrierSettingsContext;

export interface CarrierRegistry extends CarrierRegistryPort {
  readonly codes: readonly string[];
  all(): readonly CarrierPort[];
  /** Fails whatever is still queued inside adapters; call on shutdown. */
  close(): Promise<void>;
}

export function createCarrierRegistry(
  settings: CarrierRegistrySettings = {},
  carriers: readonly CarrierDefinition[] = CARRIERS,
): CarrierRegistry {
  const adapters = new Map<string, ClosableCarrier>();
  const resolutions = new Map<string, number>();
  for (const carrier of carriers) {
    const code = carrier.descriptor.code;
    if (adapters.has(code)) throw new Error(`carrier ${code} registered twice`);
    adapters.set(code, carrier.create(carrierContext(carrier, settings)));
    resolutions.set(code, carrier.wire.eventTimeResolutionMs);
  }
  return {
    codes: [...adapters.keys()],
    get: (code) => adapters.get(code),
    eventTimeResolutionMs: (code) => resolutions.get(code) ?? 1,
    all: () => [...adapters.values()],
    close: async () => {
      await Promise.all([...adapters.values()].map((adapter) => adapter.close?.()));
    },
  };
}
