import { CarrierLack, carrierLacks, CARRIERS, CarrierDefinition, carrierEnvName } from '@lgw/carriers';

/** Every registered carrier: suites "for each carrier" iterate this, never a list of codes. */
export const CARRIER_CODES: readonly string[] = CARRIERS.map((carrier) => carrier.descriptor.code);

/** A registered carrier's definition: what a suite may know about it is what it declares. */
export function carrierDefinition(code: string): CarrierDefinition {
  const found = CARRIERS.find((carrier) => carrier.descriptor.code === code);
  if (!found) throw new Error(`${code} is not a registered carrier`);
  return found;
}

/** The carrier declares a service level whose couriers collect cash on the domestic lane the suites book on. */
export function collectsCashDomestic(code: string): boolean {
  return carrierDefinition(code).descriptor.service_levels.some(
    (level) => level.cash_on_delivery === true && level.lanes.includes('domestic'),
  );
}

/** The registered carriers that declare passthrough. */
export const PASSTHROUGH_CARRIER_CODES: readonly string[] = CARRIERS.filter((carrier) => carrier.descriptor.capabilities.passthrough).map(
  (carrier) => carrier.descriptor.code,
);

/** The registered carriers that do not. */
export const NO_PASSTHROUGH_CARRIER_CODES: readonly string[] = CARRIER_CODES.filter((code) => !PASSTHROUGH_CARRIER_CODES.includes(code));

/** Requests the carrier sandbox has received from the gateway, over every registered carrier. */
export async function carrierCalls(sandbox: (method: string, path: string) => Promise<{ body: any }>): Promise<number> {
  let total = 0;
  for (const code of CARRIER_CODES) {
    const stats = (await sandbox('GET', `/sandbox/v1/carriers/${code}/stats`)).body;
    total += stats.native_requests + stats.passthrough_requests;
  }
  return total;
}

/**
 * The platform accounts a test deployment gives its real carriers (those offered with a connection
 * only, DESIGN §7): `<CODE>_<SETTING>` set to the sandbox's platform account, as an operator
 * configures one, so every carrier suite finds them offered. A suite about a fresh start passes
 * these names empty.
 */
export function platformAccountEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const carrier of CARRIERS.filter((c) => c.offeredWithConnectionOnly)) {
    for (const [name, value] of Object.entries(carrier.settings.credentials)) env[carrierEnvName(carrier.descriptor.code, name)] = value;
  }
  return env;
}

/** The carrier's API lacks this (its definition's `lacks`, documented in docs/carriers/<code>.md). */
export function lacks(code: string, what: CarrierLack): boolean {
  return carrierLacks(carrierDefinition(code), what);
}
