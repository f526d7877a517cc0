import { ParcelProps } from '@lgw/domain';

/** POST /rates after shape validation; addresses are checked against the domain rules. */
export interface GetRatesCommand {
  readonly teamId: string;
  readonly origin: unknown;
  readonly destination: unknown;
  readonly parcels: readonly ParcelProps[];
  readonly declaredValue?: number;
  readonly declaredValueCurrency?: string;
  readonly incoterm?: string;
  readonly hsCodes?: readonly string[];
  readonly codAmount?: number;
}
