import { DomainError, ValidationError } from '../errors/domain-error';
import { AddressProps } from './address';
import { isAddress, toAddress } from './address.value-object';
import {
  assertNationalAddress,
  assertValidAddress,
  nationalAddressMissing,
  normaliseAddress,
  phoneSearchForm,
  prefixViolations,
  validateAddress,
} from './address-rules';

const riyadh: AddressProps = {
  name: 'Nora Trading',
  line1: 'King Fahd Rd',
  city: 'Riyadh',
  country: 'SA',
  postal_code: '12271',
  additional_number: '2929',
  short_address: 'RRRD2929',
  phone: '966512345678',
};

const reasons = (input: unknown) => validateAddress(input).map(({ field, reason }) => `${field}: ${reason}`);

describe('validateAddress', () => {
  it('accepts a complete Saudi address', () => {
    expect(validateAddress(riyadh)).toEqual([]);
  });

  it('accepts the minimum: city and country', () => {
    expect(validateAddress({ city: 'Dubai', country: 'AE' })).toEqual([]);
  });

  it('requires city and country', () => {
    expect(reasons({})).toEqual(['city: is required', 'country: is required']);
    expect(reasons({ city: '   ', country: '' })).toEqual(['city: is required', 'country: is required']);
    expect(reasons({ city: null, country: 'SA' })).toEqual(['city: is required']);
  });

  it('refuses null in an optional field rather than reading it as absent', () => {
    expect(reasons({ city: 'Riyadh', country: 'SA', phone: null, line1: null })).toEqual([
      'line1: must not be null: leave the field out when there is no value',
      'phone: must not be null: leave the field out when there is no value',
    ]);
  });

  it('refuses a non-object', () => {
    expect(reasons('Riyadh')).toEqual([': must be an object']);
    expect(reasons(null)).toEqual([': must be an object']);
    expect(reasons([riyadh])).toEqual([': must be an object']);
  });

  it('refuses non-string values', () => {
    expect(reasons({ ...riyadh, city: 42, postal_code: 12271 })).toEqual(['city: must be a string', 'postal_code: must be a string']);
  });

  it.each(['SAU', 'KSA', 'XX', 'S', 'UK'])('country %p must be ISO alpha-2', (country) => {
    expect(reasons({ city: 'X', country })).toEqual(['country: must be an ISO 3166-1 alpha-2 country code']);
  });

  it('accepts a lower-case country', () => {
    expect(validateAddress({ city: 'Jeddah', country: ' sa ' })).toEqual([]);
  });

  describe('Saudi postal code', () => {
    it.each(['1227', '122711', '12 271', 'ABCDE', '1227a'])('%p is refused', (postal_code) => {
      expect(reasons({ ...riyadh, postal_code })).toEqual(['postal_code: must be a 5-digit postal code']);
    });

    it.each(['12271', ' 12271 ', '١٢٢٧١'])('%p is accepted', (postal_code) => {
      expect(validateAddress({ ...riyadh, postal_code })).toEqual([]);
    });

    it('only applies in Saudi Arabia', () => {
      expect(validateAddress({ city: 'London', country: 'GB', postal_code: 'SW1A 1AA' })).toEqual([]);
      expect(reasons({ city: 'London', country: 'GB', postal_code: 'X'.repeat(17) })).toEqual([
        'postal_code: must be at most 16 characters',
      ]);
    });
  });

  it.each(['292', '29290', 'ABCD'])('additional_number %p must have 4 digits, in any country', (additional_number) => {
    expect(reasons({ city: 'Dubai', country: 'AE', additional_number })).toEqual([
      'additional_number: must be a 4-digit additional number',
    ]);
  });

  describe('short address', () => {
    it.each(['RRR2929', 'RRRD292', 'RRRDD2929', '2929RRRD', 'RRRD-2929', 'RRRD 2929', 'رررد2929'])('%p is refused', (short_address) => {
      expect(reasons({ ...riyadh, short_address })).toEqual(['short_address: must be 4 letters followed by 4 digits, e.g. RRRD2929']);
    });

    it.each(['RRRD2929', 'rrrd2929', ' RrRd2929 ', 'RRRD٢٩٢٩'])('%p is accepted', (short_address) => {
      expect(validateAddress({ ...riyadh, short_address })).toEqual([]);
    });
  });

  describe('phone', () => {
    it.each(['0512345678', '+966512345678', '96651234567', '9665123456789', '966112345678', '9665 1234 5678'])(
      'Saudi %p is refused',
      (phone) => {
        expect(reasons({ ...riyadh, phone })).toEqual(['phone: must be a mobile number in the form 9665XXXXXXXX']);
      },
    );

    it.each(['966512345678', '٩٦٦٥١٢٣٤٥٦٧٨'])('Saudi %p is accepted', (phone) => {
      expect(validateAddress({ ...riyadh, phone })).toEqual([]);
    });

    it('outside Saudi Arabia takes an international number in digits', () => {
      expect(validateAddress({ city: 'Dubai', country: 'AE', phone: '971501234567' })).toEqual([]);
      expect(reasons({ city: 'Dubai', country: 'AE', phone: '0501234567' })).toEqual([
        'phone: must be an international number of 8 to 15 digits without + or leading zero',
      ]);
    });
  });

  it('caps free text at 200 characters', () => {
    expect(validateAddress({ ...riyadh, name: 'n'.repeat(200) })).toEqual([]);
    expect(reasons({ ...riyadh, name: 'n'.repeat(201), line1: 'l'.repeat(201), region: 'r'.repeat(201) })).toEqual([
      'name: must be at most 200 characters',
      'line1: must be at most 200 characters',
      'region: must be at most 200 characters',
    ]);
  });

  it('reports every violation in field order, with an Arabic reason', () => {
    const violations = validateAddress({ phone: '05', short_address: 'x', city: 'Riyadh', country: 'SA', postal_code: '1' });
    expect(violations.map((v) => v.field)).toEqual(['postal_code', 'short_address', 'phone']);
    expect(violations[0]).toEqual({
      field: 'postal_code',
      reason: 'must be a 5-digit postal code',
      reason_ar: 'يجب أن يكون رمزاً بريدياً من 5 أرقام',
    });
  });

  it('treats empty optional fields as absent', () => {
    expect(validateAddress({ ...riyadh, postal_code: '', phone: '  ', short_address: '' })).toEqual([]);
  });
});

describe('prefixViolations and assertValidAddress', () => {
  it('prefixes field paths', () => {
    expect(prefixViolations('destination', validateAddress({ country: 'SA' })).map((v) => v.field)).toEqual(['destination.city']);
    expect(prefixViolations('destination', validateAddress(7)).map((v) => v.field)).toEqual(['destination']);
  });

  it('throws E_VALIDATION for the first violation', () => {
    expect.assertions(3);
    try {
      assertValidAddress('origin', { ...riyadh, postal_code: '1', phone: '1' });
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).code).toBe('E_VALIDATION');
      expect((error as ValidationError).details).toEqual({
        field: 'origin.postal_code',
        reason: 'must be a 5-digit postal code',
        reason_ar: 'يجب أن يكون رمزاً بريدياً من 5 أرقام',
      });
    }
  });

  it('does not throw for a valid address', () => {
    expect(() => assertValidAddress('origin', riyadh)).not.toThrow();
  });
});

describe('normaliseAddress', () => {
  it('trims, upper-cases country and short address, converts Arabic-Indic digits, drops empty fields', () => {
    expect(
      normaliseAddress({
        name: '  Nora ',
        city: ' Riyadh ',
        country: 'sa',
        short_address: ' rrrd2929',
        postal_code: '١٢٢٧١',
        additional_number: '۲۹۲۹',
        phone: '',
        region: '   ',
      }),
    ).toEqual({
      name: 'Nora',
      city: 'Riyadh',
      country: 'SA',
      short_address: 'RRRD2929',
      postal_code: '12271',
      additional_number: '2929',
    });
  });

  it('keeps Arabic text as written', () => {
    expect(normaliseAddress({ city: ' الرياض ', country: 'SA', line1: 'طريق الملك فهد ١٢' })).toEqual({
      city: 'الرياض',
      country: 'SA',
      line1: 'طريق الملك فهد ١٢',
    });
  });

  it('is idempotent', () => {
    const once = normaliseAddress({ ...riyadh, country: 'sa', short_address: 'rrrd2929 ' });
    expect(normaliseAddress(once)).toEqual(once);
  });
});

describe('nationalAddressMissing', () => {
  const bare: AddressProps = { city: 'Riyadh', country: 'SA' };

  it('a short address is enough', () => {
    expect(nationalAddressMissing({ ...bare, short_address: 'RRRD2929' })).toEqual([]);
  });

  it('a postal code with an additional number is enough', () => {
    expect(nationalAddressMissing({ ...bare, postal_code: '12271', additional_number: '2929' })).toEqual([]);
  });

  it('lists short_address and both parts of the other form when nothing is given', () => {
    expect(nationalAddressMissing(bare)).toEqual(['short_address', 'postal_code', 'additional_number']);
  });

  it('lists short_address and the absent part of the other form', () => {
    expect(nationalAddressMissing({ ...bare, postal_code: '12271' })).toEqual(['short_address', 'additional_number']);
    expect(nationalAddressMissing({ ...bare, additional_number: '2929' })).toEqual(['short_address', 'postal_code']);
  });

  it('blank values count as absent; a lower-case country is Saudi', () => {
    expect(nationalAddressMissing({ city: 'Riyadh', country: 'sa', short_address: '  ', postal_code: '12271' })).toEqual([
      'short_address',
      'additional_number',
    ]);
  });

  it('does not apply outside Saudi Arabia', () => {
    expect(nationalAddressMissing({ city: 'Dubai', country: 'AE' })).toEqual([]);
  });

  it('assertNationalAddress throws E_ADDRESS_NOT_NORMALISED with the missing fields', () => {
    expect.assertions(3);
    expect(() => assertNationalAddress({ ...bare, short_address: 'RRRD2929' })).not.toThrow();
    try {
      assertNationalAddress({ ...bare, additional_number: '2929' });
    } catch (error) {
      expect((error as DomainError).code).toBe('E_ADDRESS_NOT_NORMALISED');
      expect((error as DomainError).details).toEqual({ missing: ['short_address', 'postal_code'] });
    }
  });
});

describe('address text', () => {
  it.each([
    ['NUL', 'Riyadh\u0000'],
    ['line feed', 'Riy\nadh'],
    ['lone surrogate', 'Riyadh \ud800'],
  ])('refuses %s in a field', (_label, city) => {
    expect(validateAddress({ city, country: 'SA', short_address: 'RRRD2929' })).toEqual([
      expect.objectContaining({ field: 'city', reason: 'must not contain control characters or unpaired surrogates' }),
    ]);
  });

  it('accepts Arabic text and paired surrogates (emoji)', () => {
    expect(validateAddress({ city: 'الرياض 🏙️', country: 'SA', short_address: 'RRRD2929' })).toEqual([]);
  });
});

describe('Address value object', () => {
  it('narrows only an address that keeps every rule, and gives its stored form', () => {
    const input: unknown = { city: ' Riyadh ', country: 'sa', short_address: 'rrrd2929', phone: '٩٦٦٥١٢٣٤٥٦٧٨' };
    expect(isAddress({ city: 'Riyadh' })).toBe(false);
    expect(isAddress('Riyadh')).toBe(false);
    if (!isAddress(input)) throw new Error('expected a valid address');
    expect(toAddress(input)).toEqual({ city: 'Riyadh', country: 'SA', short_address: 'RRRD2929', phone: '966512345678' });
  });
});

describe('phoneSearchForm', () => {
  it('gives a phone as people type it in its stored form, and null for what is no phone', () => {
    expect(phoneSearchForm('0598765432')).toBe('966598765432');
    expect(phoneSearchForm('059876')).toBe('96659876');
    expect(phoneSearchForm('+966 59 876 5432')).toBe('966598765432');
    expect(phoneSearchForm('00966598765432')).toBe('966598765432');
    expect(phoneSearchForm('٠٥٩٨٧٦٥٤٣٢')).toBe('966598765432');
    expect(phoneSearchForm('598765432')).toBe('966598765432');
    expect(phoneSearchForm('971501234567')).toBe('971501234567');
    expect(phoneSearchForm('ORDER-1')).toBeNull();
  });
});
