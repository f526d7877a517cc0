import { Inject, Injectable } from '@nestjs/common';
import {
  addressDifferences,
  AddressVerificationMode,
  NationalAddress,
  nationalAddressQuery,
  queryField,
  verifiedAddress,
  AddressProps,
  DomainError,
  AddressServiceUnavailableError,
  ShipmentWarning,
} from '@lgw/kernel';
import { addressCorrectedWarning, addressNotVerifiedWarning } from '../domain/address-warnings';
import {
  ADDRESS_DIRECTORY,
  ADDRESS_VERIFICATION_SETTINGS,
  AddressDirectoryPort,
  AddressVerificationSettings,
} from './ports/address-directory.port';

/** A Saudi destination after verification: the address to store and send, and what to tell the merchant. */
export interface CheckedDestination {
  readonly destination: AddressProps;
  readonly warnings: readonly ShipmentWarning[];
}

/**
 * The National Address rule at booking and destination change (docs/adr/0052): `warn` books
 * with a warning and the register's address, `enforce` refuses with 422 E_ADDRESS_NOT_FOUND (or
 * 503 when the register cannot answer) before any carrier is called. A plain service over the
 * address directory port, used by the booking and destination-change use cases.
 */
@Injectable()
export class DestinationAddressCheck {
  private readonly enabled: boolean;

  constructor(
    @Inject(ADDRESS_DIRECTORY) private readonly directory: AddressDirectoryPort,
    @Inject(ADDRESS_VERIFICATION_SETTINGS) settings: AddressVerificationSettings,
  ) {
    this.enabled = settings.enabled;
  }

  /**
   * At booking and destination change. `prefix` names the address in refusals
   * (`destination.` at booking, empty for PATCH destination whose body is the address).
   * Non-Saudi addresses, and every address while ADDRESS_VERIFICATION is off, pass unchanged.
   */
  async check(destination: AddressProps, mode: AddressVerificationMode, prefix: string): Promise<CheckedDestination> {
    const query = this.enabled ? nationalAddressQuery(destination) : null;
    if (!query) return { destination, warnings: [] };
    const field = `${prefix}${queryField(query)}`;
    let found: NationalAddress | null;
    try {
      found = await this.directory.lookup(query);
    } catch (error) {
      if (!(error instanceof AddressServiceUnavailableError) || mode === 'enforce') throw error;
      return { destination, warnings: [addressNotVerifiedWarning('service_unavailable', field)] };
    }
    if (!found) {
      if (mode === 'enforce') {
        throw new DomainError('E_ADDRESS_NOT_FOUND', { field, reason: 'no National Address has this value in the address register' });
      }
      return { destination, warnings: [addressNotVerifiedWarning('not_found', field)] };
    }
    const differences = addressDifferences(destination, found);
    if (differences.length > 0 && mode === 'enforce') {
      const [first] = differences;
      throw new DomainError('E_ADDRESS_NOT_FOUND', {
        field: `${prefix}${first.field}`,
        reason: `does not match the National Address ${found.short_address} (${first.verified})`,
        differences,
      });
    }
    return {
      destination: verifiedAddress(destination, found),
      warnings: differences.length > 0 ? [addressCorrectedWarning(differences)] : [],
    };
  }
}
