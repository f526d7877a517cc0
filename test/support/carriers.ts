import { CARRIERS } from '@lgw/carriers';

/** Every registered carrier: suites "for each carrier" iterate this, never a list of codes. */
export const CARRIER_CODES: readonly string[] = CARRIERS.map((carrier) => carrier.descriptor.code);

/** The registered carriers that declare passthrough. */
export const PASSTHROUGH_CARRIER_CODES: readonly string[] = CARRIERS.filter((carrier) => carrier.descriptor.capabilities.passthrough).map(
  (carrier) => carrier.descriptor.code,
);

/** The registered carriers that do not. */
export const NO_PASSTHROUGH_CARRIER_CODES: readonly string[] = CARRIER_CODES.filter((code) => !PASSTHROUGH_CARRIER_CODES.includes(code));
