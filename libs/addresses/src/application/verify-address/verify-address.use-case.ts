import {
  AddressVerificationMode,
  AddressDifference,
  addressDifferences,
  NationalAddress,
  nationalAddressQuery,
  queryField,
  verifiedAddress,
  AddressProps,
  DomainError,
  ValidationError,
  AddressServiceUnavailableError,
} from '@lgw/kernel';
import { Inject, Injectable, Optional } from '@nestjs/common';

import { addressCorrectedWarning, addressNotVerifiedWarning, ShipmentWarning } from '../../domain/address-warnings';
import {
  ADDRESS_DIRECTORY,
  ADDRESS_VERIFICATION_SETTINGS,
  AddressDirectoryPort,
  AddressVerificationSettings,
} from '../ports/address-directory.port';

/** The answer of POST /addresses/verify. */
export interface AddressVerificationView {
  /** True when the register has the address and nothing sent contradicts it. */
  readonly verified: boolean;
  /** The register's full National Address, both languages; null when it has none. */
  readonly address: NationalAddress | null;
  /** Fields sent that the register contradicts (fields not sent are completed, not listed). */
  readonly differences: readonly AddressDifference[];
}

/** A Saudi destination after verification: the address to store and send, and what to tell the merchant. */
export interface CheckedDestination {
  readonly destination: AddressProps;
  readonly warnings: readonly ShipmentWarning[];
}

/**
 * National Address verification (docs/adr/0052-national-address-verification.md): one look-up
 * in the register (by short address, else postal code + additional number), then either the
 * answer for POST /addresses/verify, or the booking rule: `warn` books with a warning and the
 * register's address, `enforce` refuses with 422 E_ADDRESS_NOT_FOUND (or 503 when the register
 * cannot answer) before any carrier is called.
 */
@Injectable()
export class VerifyAddressUseCase {
  private readonly enabled: boolean;

  constructor(
    @Inject(ADDRESS_DIRECTORY) private readonly directory: AddressDirectoryPort,
    @Optional() @Inject(ADDRESS_VERIFICATION_SETTINGS) settings?: AddressVerificationSettings,
  ) {
    this.enabled = settings?.enabled ?? true;
  }

  /** POST /addresses/verify: the address judged at the edge (Saudi, with a short address or postal code + additional number). */
  async execute(address: AddressProps): Promise<AddressVerificationView> {
    const query = nationalAddressQuery({ ...address, country: address.country ?? 'SA' });
    if (!query)
      throw new ValidationError(
        'address.short_address',
        'is required unless postal_code and additional_number are given',
        'مطلوب ما لم يُعطَ الرمز البريدي والرقم الإضافي',
      );
    const found = await this.directory.lookup(query);
    if (!found) return { verified: false, address: null, differences: [] };
    const differences = addressDifferences(address, found);
    return { verified: differences.length === 0, address: found, differences };
  }

  /**
   * At booking and destination change. `prefix` names the address in refusals
   * (`destination.` at booking, empty for PATCH destination whose body is the address).
   * Non-Saudi addresses, and every address while ADDRESS_VERIFICATION is off, pass unchanged.
   */
  async checkDestination(destination: AddressProps, mode: AddressVerificationMode, prefix: string): Promise<CheckedDestination> {
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
