/** Request bodies shared by the e2e suites. */
export const RIYADH = {
  name: 'Acme Warehouse',
  line1: 'King Fahd Road 1200',
  city: 'Riyadh',
  country: 'SA',
  postal_code: '12211',
  additional_number: '4321',
  short_address: 'RRRD2929',
  phone: '966512345678',
};

export const JEDDAH = {
  name: 'محمد عبدالله',
  line1: 'Tahlia Street 55',
  city: 'Jeddah',
  country: 'SA',
  short_address: 'JEDA1234',
  phone: '966598765432',
};

export const DUBAI = { name: 'Gulf Buyer', line1: 'Sheikh Zayed Road', city: 'Dubai', country: 'AE', phone: '971501234567' };

export const PARCELS = [{ weight_kg: 1.2, length_cm: 30, width_cm: 20, height_cm: 10 }];

export function ratesBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { origin: RIYADH, destination: JEDDAH, parcels: PARCELS, ...overrides };
}
