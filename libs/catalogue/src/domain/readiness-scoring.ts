import { isIsoCountryCode } from '@lgw/kernel';
import { CatalogueProduct } from './catalogue-product';

/**
 * Data readiness for international shipping. Each SKU gets five checks:
 *   1. hs_code      present and 6 to 10 digits
 *   2. weight       weight_kg present
 *   3. dimensions   length, width and height present
 *   4. origin       origin_country an ISO 3166-1 alpha-2 code
 *   5. values       weight, dimensions and declared value present and plausible:
 *                   none ≤ 0, weight ≤ 500 kg, no side > 300 cm
 * score = round(100 × passed checks / (5 × SKUs)); an empty catalogue scores 0.
 * Check 5 passes only on values it could verify, so removing a field never raises a score
 * (a removed implausible value would otherwise turn a failed check into a passed one).
 */
export const CHECKS_PER_SKU = 5;
export const MAX_PLAUSIBLE_WEIGHT_KG = 500;
export const MAX_PLAUSIBLE_SIDE_CM = 300;

export type ReadinessSeverity = 'error' | 'warn';

export interface ReadinessIssue {
  readonly sku: string;
  readonly field: string;
  readonly severity: ReadinessSeverity;
  readonly message_ar: string;
  readonly message_en: string;
}

export interface ReadinessSummary {
  missing_hs_code: number;
  missing_weight: number;
  missing_dimensions: number;
  missing_origin_country: number;
  suspicious_values: number;
}

export interface ReadinessReport {
  readonly score: number;
  readonly total_skus: number;
  readonly issues: ReadinessIssue[];
  readonly summary: ReadinessSummary;
}

const HS_CODE = /^\d{6,10}$/;
const DIMENSIONS = ['length_cm', 'width_cm', 'height_cm'] as const;

type IssueKind =
  | 'hs_missing'
  | 'hs_malformed'
  | 'weight_missing'
  | 'dimension_missing'
  | 'origin_missing'
  | 'origin_invalid'
  | 'value_missing'
  | 'not_positive'
  | 'weight_too_high'
  | 'side_too_long';

const MESSAGES: Readonly<Record<IssueKind, { en: string; ar: string; severity: ReadinessSeverity }>> = {
  hs_missing: { severity: 'error', en: 'HS code is missing', ar: 'رمز النظام المنسق مفقود' },
  hs_malformed: { severity: 'error', en: 'HS code must be 6 to 10 digits', ar: 'يجب أن يتكون رمز النظام المنسق من 6 إلى 10 أرقام' },
  weight_missing: { severity: 'error', en: 'Weight is missing', ar: 'الوزن مفقود' },
  dimension_missing: { severity: 'error', en: 'Dimension is missing', ar: 'البعد مفقود' },
  origin_missing: { severity: 'error', en: 'Country of origin is missing', ar: 'بلد المنشأ مفقود' },
  origin_invalid: {
    severity: 'error',
    en: 'Country of origin must be an ISO 3166-1 alpha-2 code',
    ar: 'يجب أن يكون بلد المنشأ رمزاً من حرفين وفق ISO 3166-1',
  },
  value_missing: { severity: 'warn', en: 'Declared value is missing', ar: 'القيمة المصرح بها مفقودة' },
  not_positive: { severity: 'warn', en: 'Value must be greater than zero', ar: 'يجب أن تكون القيمة أكبر من صفر' },
  weight_too_high: {
    severity: 'warn',
    en: `Weight above ${MAX_PLAUSIBLE_WEIGHT_KG} kg looks wrong`,
    ar: `وزن يتجاوز ${MAX_PLAUSIBLE_WEIGHT_KG} كغ يبدو غير صحيح`,
  },
  side_too_long: {
    severity: 'warn',
    en: `A side above ${MAX_PLAUSIBLE_SIDE_CM} cm looks wrong`,
    ar: `بعد يتجاوز ${MAX_PLAUSIBLE_SIDE_CM} سم يبدو غير صحيح`,
  },
};

/**
 * Scores products one at a time, so a large catalogue can be read in pages and never held
 * whole in memory. Pure: same products in, same report out.
 */
export class ReadinessScorer {
  private skus = 0;
  private passed = 0;
  private readonly issues: ReadinessIssue[] = [];
  private readonly summary: ReadinessSummary = {
    missing_hs_code: 0,
    missing_weight: 0,
    missing_dimensions: 0,
    missing_origin_country: 0,
    suspicious_values: 0,
  };

  add(product: CatalogueProduct): void {
    this.skus += 1;
    const sku = product.sku;
    const issue = (field: string, kind: IssueKind): void => {
      const m = MESSAGES[kind];
      this.issues.push({ sku, field, severity: m.severity, message_ar: m.ar, message_en: m.en });
    };

    const hs = product.hs_code;
    if (present(hs) && HS_CODE.test(hs)) this.passed += 1;
    else {
      this.summary.missing_hs_code += 1;
      issue('hs_code', present(hs) ? 'hs_malformed' : 'hs_missing');
    }

    const weight = product.weight_kg;
    if (present(weight)) this.passed += 1;
    else {
      this.summary.missing_weight += 1;
      issue('weight_kg', 'weight_missing');
    }

    const missingSides = DIMENSIONS.filter((d) => !present(product[d]));
    if (missingSides.length === 0) this.passed += 1;
    else {
      this.summary.missing_dimensions += 1;
      for (const side of missingSides) issue(side, 'dimension_missing');
    }

    const origin = product.origin_country;
    if (present(origin) && isIsoCountryCode(origin)) this.passed += 1;
    else {
      this.summary.missing_origin_country += 1;
      issue('origin_country', present(origin) ? 'origin_invalid' : 'origin_missing');
    }

    let suspicious = false;
    const implausible = (field: string, kind: IssueKind): void => {
      suspicious = true;
      issue(field, kind);
    };
    if (present(weight)) {
      if (weight <= 0) implausible('weight_kg', 'not_positive');
      else if (weight > MAX_PLAUSIBLE_WEIGHT_KG) implausible('weight_kg', 'weight_too_high');
    }
    for (const side of DIMENSIONS) {
      const value = product[side];
      if (!present(value)) continue;
      if (value <= 0) implausible(side, 'not_positive');
      else if (value > MAX_PLAUSIBLE_SIDE_CM) implausible(side, 'side_too_long');
    }
    const value = product.value_sar;
    if (!present(value)) issue('value_sar', 'value_missing');
    else if (value <= 0) implausible('value_sar', 'not_positive');
    if (suspicious) this.summary.suspicious_values += 1;
    if (!suspicious && present(weight) && missingSides.length === 0 && present(value)) this.passed += 1;
  }

  report(): ReadinessReport {
    return {
      score: roundedPercent(this.passed, CHECKS_PER_SKU * this.skus),
      total_skus: this.skus,
      issues: this.issues,
      summary: { ...this.summary },
    };
  }
}

/** The whole catalogue at once. */
export function scoreCatalogue(products: Iterable<CatalogueProduct>): ReadinessReport {
  const scorer = new ReadinessScorer();
  for (const product of products) scorer.add(product);
  return scorer.report();
}

/** round(100 × part / whole), half up, in integers: no float can tip a score across .5. */
function roundedPercent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.floor((200 * part + whole) / (2 * whole));
}

function present<T>(value: T | null | undefined): value is T {
  return value !== null && value !== undefined && value !== '';
}
