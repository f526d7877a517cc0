import { GCC_COUNTRY_CODES, ISO_COUNTRY_CODES, isIsoCountryCode } from './iso-countries';

describe('ISO 3166-1 country codes', () => {
  it('lists the 249 ISO 3166-1 alpha-2 codes, sorted and unique', () => {
    expect(ISO_COUNTRY_CODES).toHaveLength(249);
    expect(new Set(ISO_COUNTRY_CODES).size).toBe(249);
    expect([...ISO_COUNTRY_CODES].sort()).toEqual([...ISO_COUNTRY_CODES]);
  });

  it.each(['SA', 'AE', 'KW', 'BH', 'QA', 'OM', 'EG', 'GB', 'US', 'SS', 'BQ', 'AX'])('accepts %s', (code) => {
    expect(isIsoCountryCode(code)).toBe(true);
  });

  it.each(['UK', 'EU', 'XK', 'ZZ', 'sa', 'SAU', '', 'KSA'])('refuses %p', (code) => {
    expect(isIsoCountryCode(code)).toBe(false);
  });

  it('GCC members are ISO codes', () => {
    expect(GCC_COUNTRY_CODES.every(isIsoCountryCode)).toBe(true);
  });
});
