/**
 * The simulated National Address register (docs/adr/0053-national-address-simulator.md):
 * about 270,000 buildings across twenty Saudi cities, with Arabic and English names,
 * generated from a seed. Nothing is built at start: every building is computed when asked
 * for, from its city, its district and its index in the district, so start-up stays instant
 * and the same seed always gives the same register.
 *
 * Short address: two letters of the city, two of the district, the 4-digit building number.
 * Each district holds `size` buildings; building i has number 1000 + (a·i + b) mod 9000 and
 * additional number 1000 + (c·i + d) mod 9000 (a and c prime to 9000), so both map back to i.
 * A handful of well-known sample buildings (the ones documentation and fixtures quote) are
 * fixed and answer before the generated ones.
 */

export interface Bilingual {
  readonly en: string;
  readonly ar: string;
}

export interface RegisterBuilding {
  readonly shortAddress: string;
  readonly buildingNumber: string;
  readonly street: Bilingual;
  readonly district: Bilingual;
  readonly city: Bilingual;
  readonly region: Bilingual;
  readonly postalCode: string;
  readonly additionalNumber: string;
  readonly latitude: number;
  readonly longitude: number;
}

interface City {
  readonly code: string;
  readonly name: Bilingual;
  readonly region: Bilingual;
  readonly postalBase: number;
  readonly latitude: number;
  readonly longitude: number;
}

const REGIONS = {
  riyadh: { en: 'Riyadh', ar: 'منطقة الرياض' },
  makkah: { en: 'Makkah', ar: 'منطقة مكة المكرمة' },
  madinah: { en: 'Madinah', ar: 'منطقة المدينة المنورة' },
  eastern: { en: 'Eastern Province', ar: 'المنطقة الشرقية' },
  tabuk: { en: 'Tabuk', ar: 'منطقة تبوك' },
  qassim: { en: 'Qassim', ar: 'منطقة القصيم' },
  asir: { en: 'Asir', ar: 'منطقة عسير' },
  hail: { en: 'Hail', ar: 'منطقة حائل' },
  najran: { en: 'Najran', ar: 'منطقة نجران' },
  jazan: { en: 'Jazan', ar: 'منطقة جازان' },
} as const;

export const CITIES: readonly City[] = [
  { code: 'RR', name: { en: 'Riyadh', ar: 'الرياض' }, region: REGIONS.riyadh, postalBase: 12000, latitude: 24.7136, longitude: 46.6753 },
  { code: 'JE', name: { en: 'Jeddah', ar: 'جدة' }, region: REGIONS.makkah, postalBase: 22000, latitude: 21.5433, longitude: 39.1728 },
  {
    code: 'MK',
    name: { en: 'Makkah', ar: 'مكة المكرمة' },
    region: REGIONS.makkah,
    postalBase: 24000,
    latitude: 21.3891,
    longitude: 39.8579,
  },
  {
    code: 'MD',
    name: { en: 'Madinah', ar: 'المدينة المنورة' },
    region: REGIONS.madinah,
    postalBase: 42000,
    latitude: 24.5247,
    longitude: 39.5692,
  },
  { code: 'DM', name: { en: 'Dammam', ar: 'الدمام' }, region: REGIONS.eastern, postalBase: 32000, latitude: 26.4207, longitude: 50.0888 },
  { code: 'KB', name: { en: 'Khobar', ar: 'الخبر' }, region: REGIONS.eastern, postalBase: 34000, latitude: 26.2172, longitude: 50.1971 },
  { code: 'DH', name: { en: 'Dhahran', ar: 'الظهران' }, region: REGIONS.eastern, postalBase: 31000, latitude: 26.2361, longitude: 50.0393 },
  { code: 'TF', name: { en: 'Taif', ar: 'الطائف' }, region: REGIONS.makkah, postalBase: 26000, latitude: 21.2703, longitude: 40.4158 },
  { code: 'TB', name: { en: 'Tabuk', ar: 'تبوك' }, region: REGIONS.tabuk, postalBase: 47000, latitude: 28.3835, longitude: 36.5662 },
  { code: 'BR', name: { en: 'Buraydah', ar: 'بريدة' }, region: REGIONS.qassim, postalBase: 52000, latitude: 26.3592, longitude: 43.9818 },
  { code: 'AB', name: { en: 'Abha', ar: 'أبها' }, region: REGIONS.asir, postalBase: 62000, latitude: 18.2164, longitude: 42.5053 },
  {
    code: 'KM',
    name: { en: 'Khamis Mushait', ar: 'خميس مشيط' },
    region: REGIONS.asir,
    postalBase: 61000,
    latitude: 18.3,
    longitude: 42.7333,
  },
  { code: 'HA', name: { en: 'Hail', ar: 'حائل' }, region: REGIONS.hail, postalBase: 55000, latitude: 27.5114, longitude: 41.7208 },
  { code: 'NJ', name: { en: 'Najran', ar: 'نجران' }, region: REGIONS.najran, postalBase: 66000, latitude: 17.4917, longitude: 44.1322 },
  { code: 'JZ', name: { en: 'Jazan', ar: 'جازان' }, region: REGIONS.jazan, postalBase: 45000, latitude: 16.8892, longitude: 42.5511 },
  { code: 'HF', name: { en: 'Hofuf', ar: 'الهفوف' }, region: REGIONS.eastern, postalBase: 36000, latitude: 25.38, longitude: 49.5883 },
  { code: 'JB', name: { en: 'Jubail', ar: 'الجبيل' }, region: REGIONS.eastern, postalBase: 35000, latitude: 27.0046, longitude: 49.646 },
  { code: 'YB', name: { en: 'Yanbu', ar: 'ينبع' }, region: REGIONS.madinah, postalBase: 46000, latitude: 24.0895, longitude: 38.0618 },
  { code: 'KJ', name: { en: 'Al Kharj', ar: 'الخرج' }, region: REGIONS.riyadh, postalBase: 16000, latitude: 24.1556, longitude: 47.312 },
  { code: 'QT', name: { en: 'Qatif', ar: 'القطيف' }, region: REGIONS.eastern, postalBase: 37000, latitude: 26.5196, longitude: 50.0115 },
];

const DISTRICT_NAMES: readonly Bilingual[] = [
  { en: 'Al Olaya', ar: 'العليا' },
  { en: 'Al Malaz', ar: 'الملز' },
  { en: 'Al Nakheel', ar: 'النخيل' },
  { en: 'Al Rawdah', ar: 'الروضة' },
  { en: 'Al Salamah', ar: 'السلامة' },
  { en: 'Al Faisaliyah', ar: 'الفيصلية' },
  { en: 'Al Aziziyah', ar: 'العزيزية' },
  { en: 'Al Naseem', ar: 'النسيم' },
  { en: 'Al Khalidiyah', ar: 'الخالدية' },
  { en: 'Al Rabwah', ar: 'الربوة' },
  { en: 'Al Shati', ar: 'الشاطئ' },
  { en: 'Al Hamra', ar: 'الحمراء' },
  { en: 'Al Murooj', ar: 'المروج' },
  { en: 'Al Wurud', ar: 'الورود' },
  { en: 'Al Yasmin', ar: 'الياسمين' },
  { en: 'Al Andalus', ar: 'الأندلس' },
  { en: 'Al Safa', ar: 'الصفا' },
  { en: 'Al Marwah', ar: 'المروة' },
  { en: 'Al Nuzha', ar: 'النزهة' },
  { en: 'Al Fayha', ar: 'الفيحاء' },
  { en: 'Al Muruj', ar: 'المروج الشمالي' },
  { en: 'Al Sulaimaniyah', ar: 'السليمانية' },
  { en: 'Al Mansurah', ar: 'المنصورة' },
  { en: 'Al Badiah', ar: 'البديعة' },
  { en: 'Al Rayyan', ar: 'الريان' },
  { en: 'Al Qadisiyah', ar: 'القادسية' },
  { en: 'Al Shifa', ar: 'الشفا' },
  { en: 'Al Manar', ar: 'المنار' },
  { en: 'Al Nahdah', ar: 'النهضة' },
  { en: 'Al Zahra', ar: 'الزهراء' },
  { en: 'Al Taawun', ar: 'التعاون' },
  { en: 'Al Masif', ar: 'المصيف' },
  { en: 'Al Ghadir', ar: 'الغدير' },
  { en: 'Al Falah', ar: 'الفلاح' },
  { en: 'Al Wahah', ar: 'الواحة' },
  { en: 'Al Rimal', ar: 'الرمال' },
];

const STREET_NAMES: readonly Bilingual[] = [
  { en: 'King Fahd Road', ar: 'طريق الملك فهد' },
  { en: 'King Abdulaziz Road', ar: 'طريق الملك عبدالعزيز' },
  { en: 'Prince Sultan Street', ar: 'شارع الأمير سلطان' },
  { en: 'Prince Mohammed bin Abdulaziz Street', ar: 'شارع الأمير محمد بن عبدالعزيز' },
  { en: 'Tahlia Street', ar: 'شارع التحلية' },
  { en: 'Olaya Street', ar: 'شارع العليا' },
  { en: 'Makkah Road', ar: 'طريق مكة' },
  { en: 'Madinah Road', ar: 'طريق المدينة' },
  { en: 'Omar bin Al Khattab Street', ar: 'شارع عمر بن الخطاب' },
  { en: 'Othman bin Affan Street', ar: 'شارع عثمان بن عفان' },
  { en: 'Ali bin Abi Talib Street', ar: 'شارع علي بن أبي طالب' },
  { en: 'Abu Bakr Al Siddiq Street', ar: 'شارع أبو بكر الصديق' },
  { en: 'Imam Saud Street', ar: 'شارع الإمام سعود' },
  { en: 'Al Urubah Street', ar: 'شارع العروبة' },
  { en: 'Al Takhassusi Street', ar: 'شارع التخصصي' },
  { en: 'Al Amir Majid Street', ar: 'شارع الأمير ماجد' },
  { en: 'Palestine Street', ar: 'شارع فلسطين' },
  { en: 'Al Hamra Street', ar: 'شارع الحمراء' },
  { en: 'Khalid bin Al Walid Street', ar: 'شارع خالد بن الوليد' },
  { en: 'Al Khaleej Road', ar: 'طريق الخليج' },
  { en: 'Dhahran Street', ar: 'شارع الظهران' },
  { en: 'Al Nahdah Street', ar: 'شارع النهضة' },
  { en: 'Salman Al Farsi Street', ar: 'شارع سلمان الفارسي' },
  { en: 'Al Safa Street', ar: 'شارع الصفا' },
  { en: 'Al Rawdah Street', ar: 'شارع الروضة' },
  { en: 'Ibn Khaldun Street', ar: 'شارع ابن خلدون' },
  { en: 'Ibn Sina Street', ar: 'شارع ابن سينا' },
  { en: 'Al Jamiah Street', ar: 'شارع الجامعة' },
  { en: 'Al Madaris Street', ar: 'شارع المدارس' },
  { en: 'Al Souq Street', ar: 'شارع السوق' },
];

/** Districts per city and the smallest and largest district. */
export const DISTRICTS_PER_CITY = 30;
const MIN_BUILDINGS = 300;
const BUILDING_SPREAD = 300;
const NUMBERS = 9000;
/** Multipliers prime to 9000: each makes i → (a·i + b) mod 9000 a permutation. */
const MULTIPLIERS = [
  7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 49, 53, 59, 61, 67, 71, 73, 77, 79, 83, 89, 91, 97, 101, 103, 107, 109, 113,
];

/** The sample buildings quoted by documentation and fixtures; they answer before the generated ones. */
const SAMPLES: readonly RegisterBuilding[] = [
  sample('RRRD2929', '2929', 'King Fahd Road', 'طريق الملك فهد', 'Al Olaya', 'العليا', 0, '12211', '4321', 24.6951, 46.6855),
  sample('JEDA1234', '1234', 'Tahlia Street', 'شارع التحلية', 'Al Andalus', 'الأندلس', 1, '23326', '7077', 21.5518, 39.1516),
  sample('JESA3591', '3591', 'Al Safa Street', 'شارع الصفا', 'Al Safa', 'الصفا', 1, '23423', '4321', 21.5826, 39.2021),
  sample(
    'DMMD1234',
    '1234',
    'Prince Mohammed bin Abdulaziz Street',
    'شارع الأمير محمد بن عبدالعزيز',
    'Al Faisaliyah',
    'الفيصلية',
    4,
    '32241',
    '7788',
    26.4282,
    50.0941,
  ),
  sample('DDMA1234', '1234', 'Al Khaleej Road', 'طريق الخليج', 'Al Shati', 'الشاطئ', 4, '32413', '2468', 26.4512, 50.1193),
];

function sample(
  shortAddress: string,
  buildingNumber: string,
  streetEn: string,
  streetAr: string,
  districtEn: string,
  districtAr: string,
  cityIndex: number,
  postalCode: string,
  additionalNumber: string,
  latitude: number,
  longitude: number,
): RegisterBuilding {
  const city = CITIES[cityIndex];
  return {
    shortAddress,
    buildingNumber,
    street: { en: streetEn, ar: streetAr },
    district: { en: districtEn, ar: districtAr },
    city: city.name,
    region: city.region,
    postalCode,
    additionalNumber,
    latitude,
    longitude,
  };
}

/** FNV-1a over the parts, then a murmur-style finaliser: a well-spread 32-bit integer. */
function hash(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const char of parts.join('|')) {
    h ^= char.charCodeAt(0);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function inverse(a: number, m: number): number {
  let [r0, r1, s0, s1] = [a, m, 1, 0];
  while (r1 !== 0) {
    const q = Math.floor(r0 / r1);
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
  }
  return ((s0 % m) + m) % m;
}

const mod = (n: number, m: number) => ((n % m) + m) % m;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

interface District {
  readonly city: City;
  readonly index: number;
  readonly code: string;
  readonly name: Bilingual;
  readonly postalCode: string;
  readonly size: number;
  readonly numberA: number;
  readonly numberB: number;
  readonly additionalA: number;
  readonly additionalB: number;
}

export class NationalAddressDataset {
  private readonly districts = new Map<string, District>();
  private readonly cityDistricts = new Map<string, District[]>();
  private readonly byPostalCode = new Map<string, District>();
  private readonly samplesByShort = new Map<string, RegisterBuilding>();
  private readonly samplesByPostal = new Map<string, RegisterBuilding>();
  /** Buildings in the register, samples included. */
  readonly size: number;

  constructor(readonly seed: number) {
    let size = SAMPLES.length;
    for (const city of CITIES) {
      const offset = hash(seed, city.code) % DISTRICT_NAMES.length;
      for (let index = 0; index < DISTRICTS_PER_CITY; index++) {
        const h = hash(seed, city.code, index);
        const code = `${LETTERS[Math.floor(index / 26) * 7 + (h % 7)]}${LETTERS[index % 26]}`;
        const district: District = {
          city,
          index,
          code,
          name: DISTRICT_NAMES[(offset + index) % DISTRICT_NAMES.length],
          postalCode: String(city.postalBase + 100 + index * 23),
          size: MIN_BUILDINGS + (h % BUILDING_SPREAD),
          numberA: MULTIPLIERS[h % MULTIPLIERS.length],
          numberB: hash(seed, city.code, index, 'n') % NUMBERS,
          additionalA: MULTIPLIERS[hash(seed, city.code, index, 'a') % MULTIPLIERS.length],
          additionalB: hash(seed, city.code, index, 'b') % NUMBERS,
        };
        this.districts.set(`${city.code}${code}`, district);
        this.cityDistricts.set(city.code, [...(this.cityDistricts.get(city.code) ?? []), district]);
        this.byPostalCode.set(district.postalCode, district);
        size += district.size;
      }
    }
    for (const building of SAMPLES) {
      this.samplesByShort.set(building.shortAddress, building);
      this.samplesByPostal.set(`${building.postalCode}:${building.additionalNumber}`, building);
    }
    this.size = size;
  }

  byShortAddress(shortAddress: string): RegisterBuilding | null {
    const code = shortAddress.toUpperCase();
    const fixed = this.samplesByShort.get(code);
    if (fixed) return fixed;
    const match = /^([A-Z]{4})(\d{4})$/.exec(code);
    const district = match ? this.districts.get(match[1]) : undefined;
    if (!match || !district) return null;
    const index = mod((Number(match[2]) - 1000 - district.numberB) * inverse(district.numberA, NUMBERS), NUMBERS);
    return index < district.size ? this.building(district, index) : null;
  }

  byPostalCodeAndAdditionalNumber(postalCode: string, additionalNumber: string): RegisterBuilding | null {
    const fixed = this.samplesByPostal.get(`${postalCode}:${additionalNumber}`);
    if (fixed) return fixed;
    const district = this.byPostalCode.get(postalCode);
    if (!district || !/^\d{4}$/.test(additionalNumber)) return null;
    const index = mod((Number(additionalNumber) - 1000 - district.additionalB) * inverse(district.additionalA, NUMBERS), NUMBERS);
    return index < district.size ? this.building(district, index) : null;
  }

  /** `count` buildings of a city (English or Arabic name, or its code; every city when omitted), from `offset` on: the same every time. */
  samples(count: number, offset = 0, city?: string): RegisterBuilding[] {
    const wanted = city?.trim().toLowerCase();
    const cities = CITIES.filter(
      (c) => !wanted || c.name.en.toLowerCase() === wanted || c.name.ar === city?.trim() || c.code.toLowerCase() === wanted,
    );
    const result: RegisterBuilding[] = [];
    // Round robin over cities and districts, so a small sample spreads across the register.
    for (let n = offset; result.length < count && cities.length > 0 && n < offset + count * 4; n++) {
      const city = cities[n % cities.length];
      const round = Math.floor(n / cities.length);
      const district = this.cityDistricts.get(city.code)![round % DISTRICTS_PER_CITY];
      const index = Math.floor(round / DISTRICTS_PER_CITY);
      if (index < district.size) result.push(this.building(district, index));
    }
    return result;
  }

  private building(district: District, index: number): RegisterBuilding {
    const city = district.city;
    const seed = this.seed;
    const number = String(1000 + mod(district.numberA * index + district.numberB, NUMBERS));
    const additional = String(1000 + mod(district.additionalA * index + district.additionalB, NUMBERS));
    const h = hash(seed, city.code, district.index, index);
    const spread = (value: number) => ((value % 20001) - 10000) / 100000;
    return {
      shortAddress: `${city.code}${district.code}${number}`,
      buildingNumber: number,
      street: STREET_NAMES[h % STREET_NAMES.length],
      district: district.name,
      city: city.name,
      region: city.region,
      postalCode: district.postalCode,
      additionalNumber: additional,
      latitude: round(city.latitude + (district.index - DISTRICTS_PER_CITY / 2) * 0.004 + spread(h)),
      longitude: round(city.longitude + ((district.index * 7) % DISTRICTS_PER_CITY) * 0.004 - 0.06 + spread(h >>> 8)),
    };
  }
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
