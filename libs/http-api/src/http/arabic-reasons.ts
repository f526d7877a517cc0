/**
 * The Arabic of the English reasons request DTOs give their rules (class-validator messages), so
 * every validation problem answers reason_ar as the domain's rules do. One table of patterns:
 * `bilingual-reasons.spec.ts` checks that every message a DTO declares is covered.
 */
const RULES: ReadonlyArray<readonly [RegExp, (...groups: string[]) => string]> = [
  [/^is required$/, () => 'حقل مطلوب'],
  [/^must be a string$/, () => 'يجب أن يكون نصاً'],
  [/^must be a number$/, () => 'يجب أن يكون رقماً'],
  [/^must be an integer$/, () => 'يجب أن يكون عدداً صحيحاً'],
  [/^must be an integer between (\d+) and (\d+)$/, (a, b) => `يجب أن يكون عدداً صحيحاً بين ${a} و${b}`],
  [/^must be a positive number$/, () => 'يجب أن يكون رقماً موجباً'],
  [/^must be an object$/, () => 'يجب أن يكون كائناً'],
  [/^must be an object \{from, to\}$/, () => 'يجب أن يكون كائناً {from, to}'],
  [/^must not be empty$/, () => 'يجب ألا يكون فارغاً'],
  [/^must be at most (\d+) characters$/, (n) => `يجب ألا يتجاوز ${n} حرفاً`],
  [/^must be at most (\d+) SAR, the cash on delivery ceiling$/, (n) => `يجب ألا يتجاوز ${n} ريالاً، وهو حد الدفع عند الاستلام`],
  [/^must be at most ([\d.]+)$/, (n) => `يجب ألا يتجاوز ${n}`],
  [/^must be at least ([\d.]+)$/, (n) => `يجب ألا يقل عن ${n}`],
  [/^must be a time HH:MM$/, () => 'يجب أن يكون وقتاً بالصيغة HH:MM'],
  [/^must be a date YYYY-MM-DD$/, () => 'يجب أن يكون تاريخاً بالصيغة YYYY-MM-DD'],
  [
    /^must contain at most (\d+) (parcels|shipment ids|products per call|HS codes)$/,
    (n, what) => `يجب ألا يحتوي أكثر من ${n} ${WHAT[what]}`,
  ],
  [/^must contain at least (\d+) (parcel|shipment id|product)$/, (n, what) => `يجب أن يحتوي ${n} ${WHAT[what]} على الأقل`],
  [/^must be an array of (shipment ids|parcels|HS codes|products)$/, (what) => `يجب أن يكون قائمة ${WHAT[what]}`],
  [/^must be one of:? (.+)$/, (values) => `يجب أن يكون إحدى القيم: ${values}`],
  [/^must be printable text without leading or trailing spaces$/, () => 'يجب أن يكون نصاً قابلاً للطباعة بلا مسافات في أوله أو آخره'],
  [/^must be live or test$/, () => 'يجب أن يكون live أو test'],
  [/^must be an ISO 4217 currency code$/, () => 'يجب أن يكون رمز عملة وفق ISO 4217'],
  [/^must be a positive amount in SAR with at most 2 decimals$/, () => 'يجب أن يكون مبلغاً موجباً بالريال بمنزلتين عشريتين على الأكثر'],
  [/^must be a number of SAR with at most two decimals$/, () => 'يجب أن يكون مبلغاً بالريال بمنزلتين عشريتين على الأكثر'],
  [/^each shipment id must be at most (\d+) characters$/, (n) => `يجب ألا يتجاوز كل معرّف شحنة ${n} حرفاً`],
  [/^each HS code must be 6 to 10 digits$/, () => 'يجب أن يتكون كل رمز HS من 6 إلى 10 أرقام'],
  [/^must be an array of scopes$/, () => 'يجب أن يكون قائمة صلاحيات'],
  [/^must be an array of address ranges$/, () => 'يجب أن يكون قائمة نطاقات عناوين'],
  [/^must be given once, as text$/, () => 'يجب أن يُعطى مرة واحدة نصاً'],
  [/^must be a calendar day YYYY-MM-DD \(Asia\/Riyadh\)$/, () => 'يجب أن يكون يوماً بالصيغة YYYY-MM-DD (بتوقيت الرياض)'],
];

const WHAT: Record<string, string> = {
  parcels: 'طرود',
  parcel: 'طرد',
  'shipment ids': 'معرّفات شحنات',
  'shipment id': 'معرّف شحنة',
  'products per call': 'منتجات في الطلب الواحد',
  products: 'منتجات',
  product: 'منتج',
  'HS codes': 'رموز HS',
};

/** The Arabic for a DTO rule's reason, or undefined for one the table does not know. */
export function arabicReason(reason: string): string | undefined {
  for (const [pattern, arabic] of RULES) {
    const match = pattern.exec(reason);
    if (match) return arabic(...match.slice(1));
  }
  return undefined;
}

/** Every DTO problem answers in Arabic: a reason the table does not know still says the field is invalid. */
export function arabicReasonOrGeneric(reason: string): string {
  return arabicReason(reason) ?? 'قيمة غير صالحة (السبب بالإنجليزية في reason)';
}
