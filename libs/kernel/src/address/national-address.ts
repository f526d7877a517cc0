import { AddressProps } from './address';
import { remembered } from '../shared/remembered';
import { ADDRESS_REASONS, AddressViolation, normaliseAddress, validateAddress } from './address-rules';

/**
 * The Saudi National Address as the address register (SPL) knows it, in both languages
 * (docs/adr/0052-national-address-verification.md). A short address (4 letters + 4 digits)
 * names exactly one building; so does a postal code with its additional number.
 */
export interface BilingualName {
  readonly en: string;
  readonly ar: string;
}

export interface NationalAddress {
  readonly short_address: string;
  readonly building_number: string;
  readonly street: BilingualName;
  readonly district: BilingualName;
  readonly city: BilingualName;
  readonly region: BilingualName;
  readonly postal_code: string;
  readonly additional_number: string;
  readonly country: 'SA';
  readonly coordinates: { readonly latitude: number; readonly longitude: number };
}

/** How the register is asked: by short address when one is given, else by postal code and additional number. */
export type NationalAddressQuery =
  | { readonly kind: 'short_address'; readonly shortAddress: string }
  | { readonly kind: 'postal_code'; readonly postalCode: string; readonly additionalNumber: string };

/** One field sent that the register contradicts. */
export interface AddressDifference {
  readonly field: 'short_address' | 'postal_code' | 'additional_number' | 'city';
  readonly sent: string;
  readonly verified: string;
}

/** The query for a Saudi address, or null when it is not Saudi or carries neither form (nothing to look up). */
export function nationalAddressQuery(address: AddressProps): NationalAddressQuery | null {
  const { country, short_address, postal_code, additional_number } = normaliseAddress(address);
  if (country !== 'SA') return null;
  if (short_address && /^[A-Z]{4}\d{4}$/.test(short_address)) return { kind: 'short_address', shortAddress: short_address };
  if (postal_code && additional_number && /^\d{5}$/.test(postal_code) && /^\d{4}$/.test(additional_number)) {
    return { kind: 'postal_code', postalCode: postal_code, additionalNumber: additional_number };
  }
  return null;
}

/** The field a refusal names: the one the look-up was made by. */
export function queryField(query: NationalAddressQuery): 'short_address' | 'postal_code' {
  return query.kind === 'short_address' ? 'short_address' : 'postal_code';
}

/** A stable cache key for a query. */
export function queryKey(query: NationalAddressQuery): string {
  return query.kind === 'short_address' ? `short:${query.shortAddress}` : `postal:${query.postalCode}:${query.additionalNumber}`;
}

/**
 * Spellings of the same city that people type, Latin and Arabic; compared after cityKey. The
 * Arabic names let a search for جدة find shipments stored as Jeddah, and the reverse.
 */
const CITY_ALIASES: readonly (readonly string[])[] = [
  ['makkah', 'mecca', 'makka', 'makkahalmukarramah', 'مكة', 'مكة المكرمة'],
  ['madinah', 'medina', 'madina', 'almadinah', 'madinahalmunawwarah', 'المدينة', 'المدينة المنورة'],
  ['khobar', 'alkhobar', 'الخبر'],
  ['hofuf', 'alhofuf', 'hufuf', 'alahsa', 'ahsa', 'alhasa', 'الهفوف', 'الأحساء'],
  ['jeddah', 'jiddah', 'jedda', 'jidda', 'جدة'],
  ['dammam', 'addammam', 'aldammam', 'الدمام'],
  ['riyadh', 'arriyadh', 'alriyadh', 'الرياض'],
  ['taif', 'altaif', 'attaif', 'الطائف'],
  ['qatif', 'alqatif', 'القطيف'],
  ['jubail', 'aljubail', 'الجبيل'],
  ['kharj', 'alkharj', 'الخرج'],
  ['buraydah', 'buraidah', 'buraida', 'بريدة'],
  ['jazan', 'jizan', 'gizan', 'جازان', 'جيزان'],
  ['khamismushait', 'khamismushayt', 'خميس مشيط'],
  ['tabuk', 'تبوك'],
  ['abha', 'أبها'],
  ['hail', 'haail', 'حائل'],
  ['najran', 'نجران'],
  ['yanbu', 'ينبع'],
];

/** Lower case, Arabic letter variants folded, the article and separators dropped. */
export function cityKey(name: string): string {
  const folded = name
    .trim()
    .toLowerCase()
    .replace(/[\u064B-\u065F\u0670\u0640]/g, '')
    .replace(/[أإآ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/[\s\-'’.]/g, '');
  return folded.replace(/^(al|el|ال)(?=.{3,})/, '');
}

/** Each alias's cityKey → its group's cityKeys, built on first use (the groups never change). */
let aliasGroups: Map<string, readonly string[]> | undefined;

function aliasesOf(key: string): readonly string[] {
  if (!aliasGroups) {
    aliasGroups = new Map();
    for (const group of CITY_ALIASES) {
      const keys = group.map(cityKey);
      for (const alias of keys) if (!aliasGroups.has(alias)) aliasGroups.set(alias, keys);
    }
  }
  return aliasGroups.get(key) ?? [key];
}

/** Names whose keys are remembered: cities are a small vocabulary, read on every quote and search. */
const REMEMBERED_CITY_NAMES = 10_000;

/**
 * The cityKeys a city as typed stands for (its spellings, Latin and Arabic): a search by city
 * matches a stored city whose cityKey is one of them. Empty for a blank name.
 */
export const cityKeysOf: (name: string) => readonly string[] = remembered(REMEMBERED_CITY_NAMES, (name) => {
  const key = cityKey(name);
  return Object.freeze(key === '' ? [] : [...new Set([key, ...aliasesOf(key)])]);
});

/** Whether a city as typed names the register's city (English or Arabic, with or without the article). */
export function sameCity(sent: string, city: BilingualName): boolean {
  const sentKey = cityKey(sent);
  if (sentKey === '') return false;
  const known = [cityKey(city.en), cityKey(city.ar)];
  return aliasesOf(sentKey).some((alias) => known.includes(alias)) || known.includes(sentKey);
}

/** The fields sent that the register contradicts, in a fixed order; fields not sent are completed, not differences. */
export function addressDifferences(sent: AddressProps, verified: NationalAddress): AddressDifference[] {
  const address = normaliseAddress(sent);
  const differences: AddressDifference[] = [];
  const compare = (field: 'short_address' | 'postal_code' | 'additional_number', value: string | undefined) => {
    if (value !== undefined && value !== verified[field]) differences.push({ field, sent: value, verified: verified[field] });
  };
  compare('short_address', address.short_address);
  compare('postal_code', address.postal_code);
  compare('additional_number', address.additional_number);
  if (address.city && !sameCity(address.city, verified.city)) {
    differences.push({ field: 'city', sent: address.city, verified: isArabic(address.city) ? verified.city.ar : verified.city.en });
  }
  return differences;
}

function isArabic(text: string): boolean {
  return /[\u0600-\u06FF]/.test(text);
}

/** The first line the register gives: building number, street and district, in the language the address was written in. */
export function nationalAddressLine(verified: NationalAddress, arabic = false): string {
  const pick = (name: BilingualName) => (arabic ? name.ar : name.en);
  return `${verified.building_number} ${pick(verified.street)}, ${pick(verified.district)}`;
}

/**
 * The address to store and print once the register has answered: the National Address fields
 * (short address, postal code, additional number) and the city as the register has them;
 * a first line filled in when none was given; name, phone and a first line that was given kept.
 * A city written in Arabic stays in Arabic; one that already names the register's city is kept as typed.
 */
export function verifiedAddress(sent: AddressProps, verified: NationalAddress): AddressProps {
  const address = normaliseAddress(sent);
  const arabic = isArabic(address.city) || isArabic(address.line1 ?? '');
  const city = sameCity(address.city, verified.city) ? address.city : arabic ? verified.city.ar : verified.city.en;
  return normaliseAddress({
    ...address,
    line1: address.line1 ?? nationalAddressLine(verified, arabic),
    city,
    postal_code: verified.postal_code,
    additional_number: verified.additional_number,
    short_address: verified.short_address,
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An address to verify (POST /addresses/verify): the Address rules, except that city and
 * country may be left out (country then means SA); the country must be SA, and either a short
 * address or a postal code with its additional number must be there. Empty when valid.
 */
export function validateVerifiableAddress(input: unknown): AddressViolation[] {
  if (!isRecord(input)) return validateAddress(input);
  const probe: Record<string, unknown> = { ...input };
  // Left out, not null: a null is refused like in every other field of a request.
  if (probe.city === undefined || (typeof probe.city === 'string' && probe.city.trim() === '')) probe.city = '-';
  if (probe.country === undefined) probe.country = 'SA';
  for (const field of ['city', 'country'] as const) {
    if (probe[field] === null) return [{ field, reason: ADDRESS_REASONS.NOT_NULL.en, reason_ar: ADDRESS_REASONS.NOT_NULL.ar }];
  }
  const violations = validateAddress(probe);
  if (violations.length > 0) return violations;
  const address = normaliseAddress(probe as unknown as AddressProps);
  if (address.country !== 'SA') {
    return [
      {
        field: 'country',
        reason: 'must be SA: the National Address covers Saudi Arabia only',
        reason_ar: 'يجب أن تكون SA: العنوان الوطني يغطي المملكة العربية السعودية فقط',
      },
    ];
  }
  if (address.short_address || (address.postal_code && address.additional_number)) return [];
  const reason = {
    reason: 'is required unless postal_code and additional_number are given',
    reason_ar: 'حقل مطلوب ما لم يُذكر الرمز البريدي والرقم الإضافي',
  };
  return [{ field: 'short_address', ...reason }];
}
