import { NationalAddress, NationalAddressQuery } from '../../domain/national-address';

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

/** No usable answer from the address service: timeout, connection failure, 5xx, an open circuit. */
export class AddressServiceUnavailableError extends Error {
  constructor(
    readonly reason: string,
    readonly retryAfterSeconds: number,
  ) {
    super(`address service unavailable: ${reason}`);
    this.name = 'AddressServiceUnavailableError';
  }
}

/** Process-wide verification switch (ADDRESS_VERIFICATION): off books without asking the register (benchmarks, outages by choice). */
export interface AddressVerificationSettings {
  readonly enabled: boolean;
}

export const ADDRESS_VERIFICATION_SETTINGS = Symbol('ADDRESS_VERIFICATION_SETTINGS');
