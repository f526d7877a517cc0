import {
  addressDifferences,
  cityKey,
  NationalAddress,
  nationalAddressQuery,
  queryKey,
  sameCity,
  validateVerifiableAddress,
  verifiedAddress,
} from './national-address';
import { addressCorrectedWarning, addressNotVerifiedWarning } from '@lgw/addresses';

const REGISTER: NationalAddress = {
  short_address: 'RRRD2929',
  building_number: '2929',
  street: { en: 'King Fahd Road', ar: 'طريق الملك فهد' },
  district: { en: 'Al Olaya', ar: 'العليا' },
  city: { en: 'Riyadh', ar: 'الرياض' },
  region: { en: 'Riyadh', ar: 'منطقة الرياض' },
  postal_code: '12211',
  additional_number: '4321',
  country: 'SA',
  coordinates: { latitude: 24.6951, longitude: 46.6855 },
};

describe('National Address rules', () => {
  it('looks up by short address first, else by postal code and additional number, only in SA', () => {
    expect(nationalAddressQuery({ city: 'Riyadh', country: 'sa', short_address: 'rrrd٢٩٢٩', postal_code: '12211' })).toEqual({
      kind: 'short_address',
      shortAddress: 'RRRD2929',
    });
    const byPostal = nationalAddressQuery({ city: 'Riyadh', country: 'SA', postal_code: '12211', additional_number: '4321' });
    expect(byPostal).toEqual({ kind: 'postal_code', postalCode: '12211', additionalNumber: '4321' });
    expect(queryKey(byPostal!)).toBe('postal:12211:4321');
    expect(nationalAddressQuery({ city: 'Riyadh', country: 'SA', postal_code: '12211' })).toBeNull();
    expect(nationalAddressQuery({ city: 'Dubai', country: 'AE', short_address: 'RRRD2929' })).toBeNull();
  });

  it('takes a city in English or Arabic, with or without the article, and common spellings', () => {
    expect(sameCity('riyadh', REGISTER.city)).toBe(true);
    expect(sameCity('Ar-Riyadh', REGISTER.city)).toBe(true);
    expect(sameCity('الرياض', REGISTER.city)).toBe(true);
    expect(sameCity('Mecca', { en: 'Makkah', ar: 'مكة المكرمة' })).toBe(true);
    expect(sameCity('Jeddah', REGISTER.city)).toBe(false);
    expect(sameCity('', REGISTER.city)).toBe(false);
    expect(cityKey('Al Khobar')).toBe(cityKey('khobar'));
  });

  it('lists only the fields sent that the register contradicts', () => {
    expect(addressDifferences({ city: 'Riyadh', country: 'SA', short_address: 'RRRD2929' }, REGISTER)).toEqual([]);
    expect(
      addressDifferences(
        { city: 'جدة', country: 'SA', short_address: 'RRRD2929', postal_code: '21577', additional_number: '4321' },
        REGISTER,
      ),
    ).toEqual([
      { field: 'postal_code', sent: '21577', verified: '12211' },
      { field: 'city', sent: 'جدة', verified: 'الرياض' },
    ]);
  });

  it('stores the register fields, keeps name, phone and a given first line, fills a missing one', () => {
    const sent = { name: 'Sara', city: 'Jedda', country: 'SA', short_address: 'RRRD2929', phone: '966512345678' };
    expect(verifiedAddress(sent, REGISTER)).toEqual({
      name: 'Sara',
      line1: '2929 King Fahd Road, Al Olaya',
      city: 'Riyadh',
      country: 'SA',
      postal_code: '12211',
      additional_number: '4321',
      short_address: 'RRRD2929',
      phone: '966512345678',
    });
    expect(verifiedAddress({ ...sent, city: 'الرياض', line1: 'Villa 7' }, REGISTER)).toMatchObject({ city: 'الرياض', line1: 'Villa 7' });
    expect(verifiedAddress({ ...sent, city: 'جدة' }, REGISTER)).toMatchObject({ city: 'الرياض', line1: '2929 طريق الملك فهد, العليا' });
  });

  it('judges an address to verify: a short address alone is enough, SA only', () => {
    expect(validateVerifiableAddress({ short_address: 'RRRD2929' })).toEqual([]);
    expect(validateVerifiableAddress({ postal_code: '12211', additional_number: '4321' })).toEqual([]);
    expect(validateVerifiableAddress({}).map((v) => v.field)).toEqual(['short_address']);
    expect(validateVerifiableAddress({ short_address: 'RRRD2929', country: 'AE' }).map((v) => v.field)).toEqual(['country']);
    expect(validateVerifiableAddress({ short_address: 'RR29', postal_code: 1 }).map((v) => v.field)).toEqual([
      'postal_code',
      'short_address',
    ]);
    expect(validateVerifiableAddress('RRRD2929').map((v) => v.field)).toEqual(['']);
  });

  it('words its warnings in both languages', () => {
    for (const warning of [
      addressNotVerifiedWarning('not_found', 'destination.short_address'),
      addressNotVerifiedWarning('service_unavailable', 'destination.short_address'),
      addressCorrectedWarning([{ field: 'city', sent: 'Jeddah', verified: 'Riyadh' }]),
    ]) {
      expect(warning.message_en.length).toBeGreaterThan(10);
      expect(warning.message_ar).toMatch(/[\u0600-\u06FF]/);
    }
    expect(addressCorrectedWarning([{ field: 'city', sent: 'Jeddah', verified: 'Riyadh' }]).message_en).toContain('city: Jeddah -> Riyadh');
  });
});
