import { Inject, Injectable } from '@nestjs/common';
import { AddressDifference, addressDifferences, NationalAddress, nationalAddressQuery, AddressProps, ValidationError } from '@lgw/kernel';
import { ADDRESS_DIRECTORY, AddressDirectoryPort } from '../ports/address-directory.port';

/** The answer of POST /addresses/verify. */
export interface AddressVerificationView {
  /** True when the register has the address and nothing sent contradicts it. */
  readonly verified: boolean;
  /** The register's full National Address, both languages; null when it has none. */
  readonly address: NationalAddress | null;
  /** Fields sent that the register contradicts (fields not sent are completed, not listed). */
  readonly differences: readonly AddressDifference[];
}

/**
 * National Address verification (docs/adr/0052-national-address-verification.md): one look-up
 * in the register (by short address, else postal code + additional number), then either the
 * answer for POST /addresses/verify. The booking rule is DestinationAddressCheck's
 * (destination-address-check.ts), over the same port.
 */
@Injectable()
export class VerifyAddressUseCase {
  constructor(@Inject(ADDRESS_DIRECTORY) private readonly directory: AddressDirectoryPort) {}

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
}
