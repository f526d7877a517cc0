import { CARRIERS } from '@lgw/carriers';

/** Every registered carrier: suites "for each carrier" iterate this, never a list of codes. */
export const CARRIER_CODES: readonly string[] = CARRIERS.map((carrier) => carrier.descriptor.code);

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
