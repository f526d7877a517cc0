import { createHash } from 'node:crypto';
import { CarrierPort, CarrierRegistryPort } from '@lgw/carrier-access';
import { carrierContext, CarrierDefinition, ClosableCarrier } from '../shared/carrier-definition';
import { CarrierSettingsContext } from '../shared/carrier-settings';
import { CARRIERS } from './carriers.registry';

/** Env, sandbox URL and resilience every carrier's settings resolver reads. */
export type CarrierRegistrySettings = CarrierSettingsContext & {
  /** The platform's credentials per carrier code (its platform connection), over the environment. */
  platformCredentials?: Readonly<Record<string, Readonly<Record<string, string>>>>;
};

export interface CarrierRegistry extends CarrierRegistryPort {
  readonly codes: readonly string[];
  all(): readonly CarrierPort[];
  connect(code: string, credentials: Readonly<Record<string, string>>): CarrierPort | undefined;
  /** The platform's adapter of a carrier now works with these credentials (its platform connection changed). */
  usePlatformCredentials(code: string, credentials: Readonly<Record<string, string>>): void;
  /** Fails whatever is still queued inside adapters; call on shutdown. */
  close(): Promise<void>;
}

/**
 * Adapters kept for accounts' connections: each holds a keep-alive pool and a circuit of its
 * own (one account's refused calls never open another's circuit). Bounded: the oldest unused
 * is closed when more accounts than this are in use in one process.
 */
const CONNECTED_ADAPTERS_KEPT = 500;

export function createCarrierRegistry(
  settings: CarrierRegistrySettings = {},
  carriers: readonly CarrierDefinition[] = CARRIERS,
): CarrierRegistry {
  const adapters = new Map<string, ClosableCarrier>();
  const definitions = new Map<string, CarrierDefinition>();
  const resolutions = new Map<string, number>();
  const connected = new Map<string, ClosableCarrier>();
  const retired: ClosableCarrier[] = [];
  const { platformCredentials, ...context } = settings;
  for (const carrier of carriers) {
    const code = carrier.descriptor.code;
    if (adapters.has(code)) throw new Error(`carrier ${code} registered twice`);
    definitions.set(code, carrier);
    adapters.set(code, carrier.create({ ...carrierContext(carrier, context), credentials: platformCredentials?.[code] }));
    resolutions.set(code, carrier.wire.eventTimeResolutionMs);
  }
  return {
    codes: [...adapters.keys()],
    get: (code) => adapters.get(code),
    eventTimeResolutionMs: (code) => resolutions.get(code) ?? 1,
    all: () => [...adapters.values()],
    connect(code, credentials) {
      const definition = definitions.get(code);
      if (!definition) return undefined;
      const key = `${code}\0${credentialsDigest(credentials)}`;
      const known = connected.get(key);
      if (known) {
        // Most recently used last: eviction takes the first.
        connected.delete(key);
        connected.set(key, known);
        return known;
      }
      const adapter = definition.create({ ...carrierContext(definition, context), credentials });
      connected.set(key, adapter);
      if (connected.size > CONNECTED_ADAPTERS_KEPT) {
        const [oldestKey, oldest] = connected.entries().next().value as [string, ClosableCarrier];
        connected.delete(oldestKey);
        void oldest.close?.();
      }
      return adapter;
    },
    usePlatformCredentials(code, credentials) {
      const definition = definitions.get(code);
      if (!definition) return;
      const previous = adapters.get(code);
      adapters.set(code, definition.create({ ...carrierContext(definition, context), credentials }));
      // Calls in flight on the previous adapter finish there; it is closed with the registry.
      if (previous) retired.push(previous);
    },
    close: async () => {
      await Promise.all([...adapters.values(), ...connected.values(), ...retired].map((adapter) => adapter.close?.()));
    },
  };
}

/** Adapters are shared by equal credentials, never by the plaintext as a map key. */
function credentialsDigest(credentials: Readonly<Record<string, string>>): string {
  const canonical = JSON.stringify(Object.entries(credentials).sort(([a], [b]) => a.localeCompare(b)));
  return createHash('sha256').update(canonical).digest('hex');
}
