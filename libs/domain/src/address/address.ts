/** Address as the API carries it (SPEC §2). Validation rules live beside it in this folder. */
export interface AddressProps {
  readonly name?: string;
  readonly line1?: string;
  readonly city: string;
  readonly region?: string;
  readonly country: string;
  readonly postal_code?: string;
  readonly additional_number?: string;
  readonly short_address?: string;
  readonly phone?: string;
}

/** One parcel; weights in kg, dimensions in cm (SPEC §2). */
export interface ParcelProps {
  readonly weight_kg: number;
  readonly length_cm: number;
  readonly width_cm: number;
  readonly height_cm: number;
}
