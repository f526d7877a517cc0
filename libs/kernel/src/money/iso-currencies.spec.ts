import { ISO_CURRENCY_CODES, isIsoCurrencyCode } from './iso-currencies';

describe('ISO 4217 currency codes', () => {
  it('lists ISO 4217 codes, sorted and unique', () => {
    expect(new Set(ISO_CURRENCY_CODES).size).toBe(ISO_CURRENCY_CODES.length);
    expect([...ISO_CURRENCY_CODES].sort()).toEqual([...ISO_CURRENCY_CODES]);
    expect(ISO_CURRENCY_CODES.every((code) => /^[A-Z]{3}$/.test(code))).toBe(true);
  });

  it.each(['SAR', 'USD', 'EUR', 'AED', 'CNY', 'XCG', 'ZWG'])('accepts currency %s', (code) => {
    expect(isIsoCurrencyCode(code)).toBe(true);
  });

  it.each(['sar', 'RIY', 'XXX', 'XTS', 'HRK', 'US', 7])('refuses currency %p', (code) => {
    expect(isIsoCurrencyCode(code)).toBe(false);
  });
});
