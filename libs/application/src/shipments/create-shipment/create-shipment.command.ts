import { ParcelProps } from '@lgw/domain';

/** POST /shipments after shape validation; addresses are checked against the domain rules. */
export interface CreateShipmentCommand {
  readonly teamId: string;
  readonly quoteId: string;
  readonly origin: unknown;
  readonly destination: unknown;
  readonly parcels: readonly ParcelProps[];
  /** SAR, at most 2 decimals (checked at the edge). */
  readonly declaredValue?: number;
  readonly incoterm?: string;
  readonly hsCodes?: readonly string[];
  readonly codAmount?: number;
  readonly reference?: string;
}
