import type { FieldProblem } from '../errors/domain-error';
import type { ParcelProps } from '../parcel/parcel.value-object';

/**
 * What one parcel may weigh and measure on a service level, as the carrier publishes it (a
 * courier product typically 30 kg, 120 cm on the longest side, 300 cm length + width + height).
 * Each limit is per parcel and optional; absent, the gateway's own parcel limits apply.
 */
export interface ServiceLimits {
  /** Actual weight of one parcel, kg. */
  readonly max_weight_kg?: number;
  /** The longest side of one parcel, cm. */
  readonly max_length_cm?: number;
  /** Length + width + height of one parcel, cm. */
  readonly max_dimensions_sum_cm?: number;
}

const SIDES = ['length_cm', 'width_cm', 'height_cm'] as const;

/**
 * Every parcel a service level cannot carry, one problem per limit exceeded, naming the parcel's
 * field (`parcels.0.weight_kg`) and the service in both languages. Empty when all fit or the
 * level declares no limits: POST /rates leaves such a level out, booking refuses it (422).
 */
export function serviceLimitProblems(
  service: { readonly code: string; readonly limits?: ServiceLimits } | undefined,
  parcels: readonly ParcelProps[],
): FieldProblem[] {
  const limits = service?.limits;
  if (!service || !limits) return [];
  const problems: FieldProblem[] = [];
  parcels.forEach((parcel, i) => {
    const { max_weight_kg: maxWeight, max_length_cm: maxLength, max_dimensions_sum_cm: maxSum } = limits;
    if (maxWeight !== undefined && parcel.weight_kg > maxWeight) {
      problems.push({
        field: `parcels.${i}.weight_kg`,
        reason: `must be at most ${maxWeight} kg on ${service.code} (max_weight_kg)`,
        reason_ar: `يجب ألا يتجاوز ${maxWeight} كغ في خدمة ${service.code} (max_weight_kg)`,
      });
    }
    const longest = SIDES.reduce((a, b) => (parcel[b] > parcel[a] ? b : a));
    if (maxLength !== undefined && parcel[longest] > maxLength) {
      problems.push({
        field: `parcels.${i}.${longest}`,
        reason: `the longest side must be at most ${maxLength} cm on ${service.code} (max_length_cm)`,
        reason_ar: `يجب ألا يتجاوز أطول ضلع ${maxLength} سم في خدمة ${service.code} (max_length_cm)`,
      });
    }
    const sum = parcel.length_cm + parcel.width_cm + parcel.height_cm;
    if (maxSum !== undefined && sum > maxSum) {
      problems.push({
        field: `parcels.${i}`,
        reason: `length + width + height (${+sum.toFixed(1)} cm) must be at most ${maxSum} cm on ${service.code} (max_dimensions_sum_cm)`,
        reason_ar: `يجب ألا يتجاوز مجموع الطول والعرض والارتفاع (${+sum.toFixed(1)} سم) ${maxSum} سم في خدمة ${service.code} (max_dimensions_sum_cm)`,
      });
    }
  });
  return problems;
}
