import { AddressProps, IsoCurrencyCode, ParcelProps } from '@lgw/kernel';

/** POST /rates once the request passed the edge: valid addresses in their stored form. */
export interface GetRatesCommand {
  readonly teamId: string;
  readonly origin: AddressProps;
  readonly destination: AddressProps;
  readonly parcels: readonly ParcelProps[];
  readonly declaredValue?: number;
  readonly declaredValueCurrency?: IsoCurrencyCode;
  readonly incoterm?: string;
  readonly hsCodes?: readonly string[];
  /** Cash on delivery, in halalas (converted from SAR at the edge). */
  readonly codAmountHalalas?: number;
}
