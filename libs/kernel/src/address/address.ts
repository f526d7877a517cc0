/** Address as the API carries it (docs/api.md, Address). Its rules live in address-rules.ts. */
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
  /** The recipient's e-mail, for notices (docs/adr/0086); optional. */
  readonly email?: string;
}
