/** Arabic names of the cities the sandbox is most often asked about, for bilingual events. */
const ARABIC_CITY_NAMES: Readonly<Record<string, string>> = {
  riyadh: 'الرياض',
  jeddah: 'جدة',
  mecca: 'مكة المكرمة',
  makkah: 'مكة المكرمة',
  medina: 'المدينة المنورة',
  madinah: 'المدينة المنورة',
  dammam: 'الدمام',
  khobar: 'الخبر',
  'al khobar': 'الخبر',
  dhahran: 'الظهران',
  taif: 'الطائف',
  tabuk: 'تبوك',
  abha: 'أبها',
  buraidah: 'بريدة',
  hail: 'حائل',
  jazan: 'جازان',
  najran: 'نجران',
  yanbu: 'ينبع',
  jubail: 'الجبيل',
  dubai: 'دبي',
  'abu dhabi': 'أبوظبي',
  sharjah: 'الشارقة',
  kuwait: 'الكويت',
  'kuwait city': 'مدينة الكويت',
  manama: 'المنامة',
  doha: 'الدوحة',
  muscat: 'مسقط',
  cairo: 'القاهرة',
  amman: 'عمّان',
};

const ARABIC_LETTERS = /[\u0600-\u06FF]/;

export function describeCity(city: string | undefined): { en?: string; ar?: string } {
  if (!city) return {};
  if (ARABIC_LETTERS.test(city)) return { ar: city };
  return { en: city, ar: ARABIC_CITY_NAMES[city.trim().toLowerCase()] };
}
