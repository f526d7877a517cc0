import { DomainError, ValidationError } from '../errors/domain-error';
import { AddressProps } from './address';
import { isIsoCountryCode } from './iso-countries';
import { CONTROL_CHARACTERS_REASON, isPrintableText } from '../text/printable-text';

/**
 * Address field rules (docs/api.md §2, docs/api.md §10 "Address rules").
 *
 * Input is accepted in the forms people type and normaliseAddress produces the stored
 * form; validation runs on that normalised form, so what passes is exactly what gets stored:
 * - surrounding whitespace is trimmed; an optional field left empty counts as absent;
 * - country and short_address are case-insensitive and stored upper-case ("rrrd2929" is
 *   accepted as RRRD2929): the National Address short code carries no meaning in case;
 * - Arabic-Indic digits (٠-٩, ۰-۹) in postal_code, additional_number, short_address and
 *   phone are stored as ASCII digits;
 * - nothing else is rewritten: "+966…", "05…" or spaces inside a phone number are refused
 *   rather than guessed at.
 * Phone: Saudi addresses need 9665XXXXXXXX; other countries need the international number
 * in digits (8 to 15, no "+" or leading zero), since a Saudi mobile cannot be demanded of a
 * recipient in Dubai.
 */

export const MAX_TEXT_LENGTH = 200;
export const MAX_FOREIGN_POSTAL_CODE_LENGTH = 16;

export interface AddressViolation {
  /** Relative to the address; see prefixViolations. Empty when the address itself is wrong. */
  readonly field: string;
  readonly reason: string;
  readonly reason_ar: string;
}

export const ADDRESS_REASONS = {
  NOT_OBJECT: { en: 'must be an object', ar: 'يجب أن يكون كائناً' },
  REQUIRED: { en: 'is required', ar: 'حقل مطلوب' },
  NOT_STRING: { en: 'must be a string', ar: 'يجب أن يكون نصاً' },
  NOT_NULL: {
    en: 'must not be null: leave the field out when there is no value',
    ar: 'يجب ألا تكون القيمة null: احذف الحقل عندما لا تكون له قيمة',
  },
  CONTROL_CHARACTERS: CONTROL_CHARACTERS_REASON,
  TOO_LONG: { en: `must be at most ${MAX_TEXT_LENGTH} characters`, ar: `يجب ألا يتجاوز ${MAX_TEXT_LENGTH} حرف` },
  COUNTRY: { en: 'must be an ISO 3166-1 alpha-2 country code', ar: 'يجب أن يكون رمز دولة من حرفين وفق ISO 3166-1' },
  SA_POSTAL_CODE: { en: 'must be a 5-digit postal code', ar: 'يجب أن يكون رمزاً بريدياً من 5 أرقام' },
  FOREIGN_POSTAL_CODE: {
    en: `must be at most ${MAX_FOREIGN_POSTAL_CODE_LENGTH} characters`,
    ar: `يجب ألا يتجاوز ${MAX_FOREIGN_POSTAL_CODE_LENGTH} حرفاً`,
  },
  ADDITIONAL_NUMBER: { en: 'must be a 4-digit additional number', ar: 'يجب أن يكون الرقم الإضافي من 4 أرقام' },
  SHORT_ADDRESS: {
    en: 'must be 4 letters followed by 4 digits, e.g. RRRD2929',
    ar: 'يجب أن يتكون من 4 أحرف تليها 4 أرقام، مثل RRRD2929',
  },
  SA_PHONE: { en: 'must be a mobile number in the form 9665XXXXXXXX', ar: 'يجب أن يكون رقم جوال بالصيغة 9665XXXXXXXX' },
  FOREIGN_PHONE: {
    en: 'must be an international number of 8 to 15 digits without + or leading zero',
    ar: 'يجب أن يكون رقماً دولياً من 8 إلى 15 خانة بدون + أو صفر في البداية',
  },
  EMAIL: { en: 'must be an e-mail address (name@example.com)', ar: 'يجب أن يكون بريداً إلكترونياً (name@example.com)' },
} as const satisfies Record<string, { en: string; ar: string }>;

export type AddressReason = keyof typeof ADDRESS_REASONS;

const ADDRESS_FIELDS = [
  'name',
  'line1',
  'city',
  'region',
  'country',
  'postal_code',
  'additional_number',
  'short_address',
  'phone',
  'email',
] as const satisfies readonly (keyof AddressProps)[];

type AddressField = (typeof ADDRESS_FIELDS)[number];

const UPPER_CASED: readonly AddressField[] = ['country', 'short_address'];
const DIGIT_FIELDS: readonly AddressField[] = ['postal_code', 'additional_number', 'short_address', 'phone'];

export const NATIONAL_ADDRESS_FIELDS = ['short_address', 'postal_code', 'additional_number'] as const;
export type NationalAddressField = (typeof NATIONAL_ADDRESS_FIELDS)[number];

function violation(field: string, reason: AddressReason): AddressViolation {
  return { field, reason: ADDRESS_REASONS[reason].en, reason_ar: ADDRESS_REASONS[reason].ar };
}

const EASTERN_ARABIC_DIGIT = /[\u0660-\u0669\u06f0-\u06f9]/;

function toAsciiDigits(value: string): string {
  // Most input is typed in ASCII digits already: a test is a fifth of the replace's cost (docs/performance.md).
  if (!EASTERN_ARABIC_DIGIT.test(value)) return value;
  return value.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => {
    const code = digit.charCodeAt(0);
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
}

/**
 * A phone number as people type it, in the stored form (or the start of it), for searching:
 * ASCII digits without spaces, dashes or brackets, "+" or "00" before the country code dropped,
 * and a Saudi mobile written locally (05…, or the 9 digits 5XXXXXXXX) given its 966. Null when
 * the text is no phone number. Input is still refused in these forms (see the rules above).
 */
export function phoneSearchForm(text: string): string | null {
  const compact = toAsciiDigits(text.trim()).replace(/[\s\-().]/g, '');
  const digits = compact.replace(/^\+/, '').replace(/^00/, '');
  if (!/^\d+$/.test(digits)) return null;
  if (digits.startsWith('05')) return `966${digits.slice(1)}`;
  if (/^5\d{8}$/.test(digits)) return `966${digits}`;
  return digits;
}

function normaliseField(field: AddressField, value: string): string {
  let result = value.trim();
  if (DIGIT_FIELDS.includes(field)) result = toAsciiDigits(result);
  if (UPPER_CASED.includes(field)) result = result.toUpperCase();
  return result;
}

/** Stored form of an address: see the rules above. Fields other than the Address ones are dropped. */
export function normaliseAddress(address: AddressProps): AddressProps {
  const result: Record<string, string> = {};
  for (const field of ADDRESS_FIELDS) {
    const value = address[field];
    if (typeof value !== 'string') continue;
    const normalised = normaliseField(field, value);
    if (normalised !== '' || field === 'city' || field === 'country') result[field] = normalised;
  }
  return result as unknown as AddressProps;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every rule broken by `input`, in field order; empty when valid. */
export function validateAddress(input: unknown): AddressViolation[] {
  if (!isRecord(input)) return [violation('', 'NOT_OBJECT')];
  const violations: AddressViolation[] = [];
  const values: Partial<Record<AddressField, string>> = {};
  for (const field of ADDRESS_FIELDS) {
    const raw = input[field];
    if (raw === undefined) continue;
    // A null is not a value: a required field says so below; an optional one is refused
    // rather than read as absent, as everywhere else in a request (docs/api.md).
    if (raw === null) {
      if (field !== 'city' && field !== 'country') violations.push(violation(field, 'NOT_NULL'));
      continue;
    }
    if (typeof raw !== 'string') violations.push(violation(field, 'NOT_STRING'));
    else if (!isPrintableText(raw)) violations.push(violation(field, 'CONTROL_CHARACTERS'));
    else {
      const value = normaliseField(field, raw);
      if (value !== '') values[field] = value;
    }
  }
  const typed = new Set(violations.map((v) => v.field));
  const check = (field: AddressField, reason: AddressReason, ok: (value: string) => boolean): void => {
    const value = values[field];
    if (value !== undefined && !ok(value)) violations.push(violation(field, reason));
  };
  for (const field of ['city', 'country'] as const) {
    if (values[field] === undefined && !typed.has(field)) violations.push(violation(field, 'REQUIRED'));
  }
  const saudi = values.country === 'SA';

  for (const field of ['name', 'line1', 'city', 'region'] as const) {
    check(field, 'TOO_LONG', (v) => v.length <= MAX_TEXT_LENGTH);
  }
  check('country', 'COUNTRY', isIsoCountryCode);
  if (saudi) check('postal_code', 'SA_POSTAL_CODE', (v) => /^\d{5}$/.test(v));
  else check('postal_code', 'FOREIGN_POSTAL_CODE', (v) => v.length <= MAX_FOREIGN_POSTAL_CODE_LENGTH);
  check('additional_number', 'ADDITIONAL_NUMBER', (v) => /^\d{4}$/.test(v));
  check('short_address', 'SHORT_ADDRESS', (v) => /^[A-Z]{4}\d{4}$/.test(v));
  if (saudi) check('phone', 'SA_PHONE', (v) => /^9665\d{8}$/.test(v));
  else check('phone', 'FOREIGN_PHONE', (v) => /^[1-9]\d{7,14}$/.test(v));
  check('email', 'EMAIL', (v) => v.length <= 254 && /^[^\s<>@,;:"()[\]\\]+@[^\s<>@,;:"()[\]\\]+\.[^\s<>@,;:"()[\]\\]+$/.test(v));

  const order = (field: string): number => ADDRESS_FIELDS.indexOf(field as AddressField);
  return violations.sort((a, b) => order(a.field) - order(b.field));
}

/** Field paths for a nested address: prefixViolations('destination', …) gives destination.city. */
export function prefixViolations(prefix: string, violations: readonly AddressViolation[]): AddressViolation[] {
  return violations.map((v) => ({ ...v, field: [prefix, v.field].filter(Boolean).join('.') }));
}

/** Throws E_VALIDATION {field, reason} for the first broken rule (field prefixed). */
export function assertValidAddress(prefix: string, input: unknown): void {
  const [first] = prefixViolations(prefix, validateAddress(input));
  if (first) throw new ValidationError(first.field, first.reason, first.reason_ar);
}

/**
 * docs/api.md §4 rule 1: a Saudi address is National-Address normalised with a short_address,
 * or with a postal_code together with an additional_number. Returns the absent field
 * names, empty when normalised or not in SA. When neither form is complete both are
 * reported: short_address first, then whichever of postal_code and additional_number is
 * absent, so the caller sees either way of fixing it. Formats are validateAddress's job:
 * this only asks whether the fields are present.
 */
export function nationalAddressMissing(address: AddressProps): NationalAddressField[] {
  const { country, short_address, postal_code, additional_number } = normaliseAddress(address);
  if (country !== 'SA' || short_address) return [];
  if (postal_code && additional_number) return [];
  const missing: NationalAddressField[] = ['short_address'];
  if (!postal_code) missing.push('postal_code');
  if (!additional_number) missing.push('additional_number');
  return missing;
}

/** Throws E_ADDRESS_NOT_NORMALISED {missing} for a Saudi address without a complete National Address. */
export function assertNationalAddress(address: AddressProps): void {
  const missing = nationalAddressMissing(address);
  if (missing.length > 0) throw new DomainError('E_ADDRESS_NOT_NORMALISED', { missing });
}
