/** Team setting: `warn` books with a warning, `enforce` refuses what the register does not confirm. */
export const ADDRESS_VERIFICATION_MODES = ['warn', 'enforce'] as const;
export type AddressVerificationMode = (typeof ADDRESS_VERIFICATION_MODES)[number];

export function isAddressVerificationMode(value: unknown): value is AddressVerificationMode {
  return typeof value === 'string' && (ADDRESS_VERIFICATION_MODES as readonly string[]).includes(value);
}
