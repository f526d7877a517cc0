import type { EgsIdentityInput } from '@lgw/billing';

/** A Saudi National Address as the e-invoicing routes and documents take it. */
export const SAUDI_ADDRESS = {
  street: 'King Fahd Road',
  building_number: '2322',
  district: 'Al Olaya',
  city: 'Riyadh',
  postal_code: '12214',
  country: 'SA',
};

/** An EGS unit's CSR identity for tests. */
export function egsIdentity(commonName: string, vatNumber: string, organization: string): EgsIdentityInput {
  return {
    commonName,
    serialNumber: '1-LGW|2-GATEWAY|3-test',
    vatNumber,
    organizationUnit: 'Riyadh',
    organization,
    invoiceType: '1100',
    location: 'Riyadh',
    industry: 'Logistics',
  };
}
