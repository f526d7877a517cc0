import { NationalAddress, NationalAddressQuery } from '@lgw/kernel';

/**
 * The National Address register (an SPL-style address service), as the gateway asks it:
 * one building by short address, or by postal code and additional number
 * (docs/adr/0052-national-address-verification.md). Adapters add the timeouts, the circuit
 * breaker and the shared cache.
 */
export interface AddressDirectoryPort {
  /** The building, or null when the register has none for the query. Throws AddressServiceUnavailableError when no usable answer came. */
  lookup(query: NationalAddressQuery): Promise<NationalAddress | null>;
}

export const ADDRESS_DIRECTORY = Symbol('ADDRESS_DIRECTORY');

/** Process-wide verification switch (ADDRESS_VERIFICATION): off books without asking the register (benchmarks, outages by choice). */
export interface AddressVerificationSettings {
  readonly enabled: boolean;
}

export const ADDRESS_VERIFICATION_SETTINGS = Symbol('ADDRESS_VERIFICATION_SETTINGS');
