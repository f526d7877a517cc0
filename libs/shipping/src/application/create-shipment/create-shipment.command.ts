import { AddressVerificationMode, AddressProps, ParcelProps, IdempotencyRef, LabelFormat } from '@lgw/kernel';

/** POST /shipments once the request passed the edge: valid addresses in their stored form. */
export interface CreateShipmentCommand {
  readonly teamId: string;
  readonly quoteId: string;
  readonly origin: AddressProps;
  readonly destination: AddressProps;
  readonly parcels: readonly ParcelProps[];
  /** Declared value in halalas (converted from SAR at the edge), like every amount in a command. */
  readonly declaredValueHalalas?: number;
  readonly incoterm?: string;
  readonly hsCodes?: readonly string[];
  /** Cash on delivery, in halalas (converted from SAR at the edge). */
  readonly codAmountHalalas?: number;
  readonly reference?: string;
  /** The shipment's default label format. */
  readonly labelFormat?: LabelFormat;
  /** The team's National Address rule (docs/adr/0052); `warn` when not given. */
  readonly addressVerification?: AddressVerificationMode;
  /** The Idempotency-Key the request runs under, named on the carrier intent so a retry can settle it; none when absent. */
  readonly idempotencyKey?: IdempotencyRef | null;
}
