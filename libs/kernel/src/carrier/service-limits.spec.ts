import { serviceLimitProblems } from './service-limits';

const COURIER = { code: 'acme_express', limits: { max_weight_kg: 30, max_length_cm: 120, max_dimensions_sum_cm: 300 } };
const parcel = (weight_kg: number, length_cm: number, width_cm: number, height_cm: number) => ({
  weight_kg,
  length_cm,
  width_cm,
  height_cm,
});

describe('serviceLimitProblems', () => {
  it('lets a parcel within every limit (and up to each limit) through', () => {
    expect(serviceLimitProblems(COURIER, [parcel(1.2, 30, 20, 10), parcel(30, 120, 100, 80)])).toEqual([]);
  });

  it('has nothing to say about a level that declares no limits', () => {
    expect(serviceLimitProblems({ code: 'acme_freight' }, [parcel(900, 400, 400, 400)])).toEqual([]);
    expect(serviceLimitProblems(undefined, [parcel(900, 400, 400, 400)])).toEqual([]);
  });

  it('names the parcel and field of each limit exceeded, in English and Arabic', () => {
    const problems = serviceLimitProblems(COURIER, [parcel(1, 10, 10, 10), parcel(100, 50, 130, 150)]);
    expect(problems.map((p) => p.field)).toEqual(['parcels.1.weight_kg', 'parcels.1.height_cm', 'parcels.1']);
    expect(problems[0]).toEqual({
      field: 'parcels.1.weight_kg',
      reason: 'must be at most 30 kg on acme_express (max_weight_kg)',
      reason_ar: 'يجب ألا يتجاوز 30 كغ في خدمة acme_express (max_weight_kg)',
    });
    expect(problems[2].reason).toBe('length + width + height (330 cm) must be at most 300 cm on acme_express (max_dimensions_sum_cm)');
    for (const p of problems) expect(p.reason_ar).toMatch(/[\u0600-\u06FF]/);
  });
});
