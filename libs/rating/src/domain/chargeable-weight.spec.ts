import fc from 'fast-check';
import { ParcelProps, ValidationError } from '@lgw/kernel';
import { computeChargeableWeight, roundUpToHalfKg } from './chargeable-weight';

const small = (weight_kg: number): ParcelProps => ({ weight_kg, length_cm: 1, width_cm: 1, height_cm: 1 });

describe('computeChargeableWeight', () => {
  describe('rounding to the next 0.5 kg', () => {
    it.each([
      [[1.0], 1, 1.0],
      [[2.5], 2.5, 2.5],
      [[1.01], 1.01, 1.5],
      [[0.1, 0.2], 0.3, 0.5],
      [[0.1, 0.1, 0.1], 0.3, 0.5],
      [Array(10).fill(0.1), 1, 1.0],
      [Array(5).fill(0.1), 0.5, 0.5],
      [[0.001], 0.001, 0.5],
      [[0.5, 0.5, 0.5], 1.5, 1.5],
      [[1.49, 0.01], 1.5, 1.5],
      [[29.999, 0.001], 30, 30],
      [[7.0000001], 7.0000001, 7.5],
    ])('parcels %p weigh %p kg, chargeable %p kg', (weights, actual, chargeable) => {
      const result = computeChargeableWeight(weights.map(small), 5000);
      expect(result.actual_kg).toBe(actual);
      expect(result.chargeable_kg).toBe(chargeable);
    });
  });

  describe('volumetric weight', () => {
    it('wins when the parcel is bulky: 50×40×40 cm on divisor 6000 is 13.3334 kg, chargeable 13.5', () => {
      const result = computeChargeableWeight([{ weight_kg: 8.2, length_cm: 50, width_cm: 40, height_cm: 40 }], 6000);
      expect(result).toEqual({ actual_kg: 8.2, volumetric_kg: 13.3334, chargeable_kg: 13.5, volumetric_divisor: 6000 });
    });

    it('sums over parcels and stays exact on a 0.5 kg boundary', () => {
      // 9000/5000 + 5000/5000 = 1.8 + 1.0 = 2.8 kg; and 50×50×20/5000 = 10 exactly
      const two = computeChargeableWeight(
        [
          { weight_kg: 1.2, length_cm: 30, width_cm: 20, height_cm: 15 },
          { weight_kg: 0.9, length_cm: 25, width_cm: 20, height_cm: 10 },
        ],
        5000,
      );
      expect(two).toEqual({ actual_kg: 2.1, volumetric_kg: 2.8, chargeable_kg: 3, volumetric_divisor: 5000 });
      const boundary = computeChargeableWeight([{ weight_kg: 1, length_cm: 50, width_cm: 50, height_cm: 20 }], 5000);
      expect(boundary.volumetric_kg).toBe(10);
      expect(boundary.chargeable_kg).toBe(10);
    });

    it('reports four decimals without loss when the divisor allows it', () => {
      const result = computeChargeableWeight([{ weight_kg: 1, length_cm: 33, width_cm: 33, height_cm: 33 }], 5000);
      expect(result.volumetric_kg).toBe(7.1874);
      expect(result.chargeable_kg).toBe(7.5);
    });

    it('sums volumes exactly: ten 35×50×1 cm envelopes are 3.5 kg, not 3.5000000000000004', () => {
      const envelope = { weight_kg: 0.1, length_cm: 35, width_cm: 50, height_cm: 1 };
      const result = computeChargeableWeight(Array(10).fill(envelope), 5000);
      expect(result.volumetric_kg).toBe(3.5);
      expect(result.chargeable_kg).toBe(3.5);
    });

    it('reads decimal dimensions exactly: 10.1 × 10 × 24.75 cm is 2499.75 cm³, 0.49995 kg', () => {
      const result = computeChargeableWeight([{ weight_kg: 0.2, length_cm: 10.1, width_cm: 10, height_cm: 24.75 }], 5000);
      expect(result.volumetric_kg).toBe(0.5); // reported rounded up to 4 decimals
      expect(result.chargeable_kg).toBe(0.5);
    });

    it('rounds the reported volumetric weight up so the reported numbers stay consistent', () => {
      // 0.1 × 0.1 × 0.1 cm³ / 5000 = 0.0000002 kg → reported 0.0001
      const result = computeChargeableWeight([{ weight_kg: 0.5, length_cm: 0.1, width_cm: 0.1, height_cm: 0.1 }], 5000);
      expect(result.volumetric_kg).toBe(0.0001);
      // 50.00001 kg volumetric must not be reported as 50 next to a chargeable of 50.5
      const above = computeChargeableWeight([{ weight_kg: 1, length_cm: 100, width_cm: 100, height_cm: 25.000005 }], 5000);
      expect(above.chargeable_kg).toBe(50.5);
      expect(above.volumetric_kg).toBe(50.0001);
    });
  });

  it('weighs one set of parcels once per divisor: each divisor its own answer, the same one again', () => {
    const parcels: ParcelProps[] = [{ weight_kg: 1, length_cm: 50, width_cm: 40, height_cm: 40 }];
    const on6000 = computeChargeableWeight(parcels, 6000);
    const on5000 = computeChargeableWeight(parcels, 5000);
    expect(on6000).toMatchObject({ volumetric_kg: 13.3334, chargeable_kg: 13.5, volumetric_divisor: 6000 });
    expect(on5000).toMatchObject({ volumetric_kg: 16, chargeable_kg: 16, volumetric_divisor: 5000 });
    expect(computeChargeableWeight(parcels, 6000)).toBe(on6000);
    expect(Object.isFrozen(on6000)).toBe(true);
    // Another array with the same parcels is weighed on its own, to the same figures.
    expect(computeChargeableWeight([...parcels], 6000)).toEqual(on6000);
  });

  describe('validation', () => {
    it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('rejects weight %p naming the field', (weight) => {
      const call = () => computeChargeableWeight([small(1), small(weight)], 5000);
      expect(call).toThrow(ValidationError);
      expect(call).toThrow(
        expect.objectContaining({
          details: expect.objectContaining({
            field: 'parcels.1.weight_kg',
            reason: 'must be a positive number',
            reason_ar: expect.any(String),
          }),
        }),
      );
    });

    it('rejects a non-positive dimension', () => {
      const call = () => computeChargeableWeight([{ weight_kg: 1, length_cm: 1, width_cm: 1, height_cm: 0 }], 5000);
      expect(call).toThrow(
        expect.objectContaining({
          details: expect.objectContaining({
            field: 'parcels.0.height_cm',
            reason: 'must be a positive number',
            reason_ar: expect.any(String),
          }),
        }),
      );
    });

    it('rejects an empty parcel list and a bad divisor', () => {
      expect(() => computeChargeableWeight([], 5000)).toThrow(ValidationError);
      expect(() => computeChargeableWeight([small(1)], 0)).toThrow(RangeError);
      expect(() => computeChargeableWeight([small(1)], 5000.5)).toThrow(RangeError);
    });
  });

  describe('properties', () => {
    // weights in whole grams, dimensions in whole millimetres: the test can then compute
    // the exact answer with integers and compare it with what the API reports
    const parcel = fc.record({
      grams: fc.integer({ min: 1, max: 200_000 }),
      mm: fc.tuple(fc.integer({ min: 1, max: 2000 }), fc.integer({ min: 1, max: 2000 }), fc.integer({ min: 1, max: 2000 })),
    });
    const divisor = fc.constantFrom(4000, 5000, 6000, 7000);

    it('chargeable is max(actual, volumetric) rounded up to 0.5 kg, computed exactly', () => {
      fc.assert(
        fc.property(fc.array(parcel, { minLength: 1, maxLength: 50 }), divisor, (generated, d) => {
          const parcels = generated.map((p) => ({
            weight_kg: p.grams / 1000,
            length_cm: p.mm[0] / 10,
            width_cm: p.mm[1] / 10,
            height_cm: p.mm[2] / 10,
          }));
          const result = computeChargeableWeight(parcels, d);

          const grams = generated.reduce((sum, p) => sum + BigInt(p.grams), 0n);
          const cubicMm = generated.reduce((sum, p) => sum + BigInt(p.mm[0] * p.mm[1]) * BigInt(p.mm[2]), 0n);
          // half-kg steps: ceil(grams / 500) and ceil(2 × cubicMm / (1000 × divisor))
          const actualSteps = (grams + 499n) / 500n;
          const volumeDenominator = 1000n * BigInt(d);
          const volumetricSteps = (2n * cubicMm + volumeDenominator - 1n) / volumeDenominator;
          const steps = actualSteps > volumetricSteps ? actualSteps : volumetricSteps;

          expect(result.chargeable_kg).toBe(Number(steps) / 2);
          expect(result.actual_kg).toBe(Number(grams) / 1000);
          expect(Number.isInteger(result.chargeable_kg * 2)).toBe(true);
          expect(result.chargeable_kg).toBeGreaterThanOrEqual(result.actual_kg);
          expect(result.chargeable_kg).toBeGreaterThanOrEqual(result.volumetric_kg);
          expect(result.chargeable_kg).toBeLessThan(Math.max(result.actual_kg, result.volumetric_kg) + 0.5);
          // reported volumetric is the exact value rounded up to 4 decimals
          const exactVolumetric = Number(cubicMm) / (1000 * d);
          expect(result.volumetric_kg).toBeGreaterThanOrEqual(exactVolumetric - 1e-12);
          expect(result.volumetric_kg - exactVolumetric).toBeLessThan(0.0001);
        }),
      );
    });

    it('holds for arbitrary decimal inputs too', () => {
      const positive = fc.double({ min: 0.001, max: 1000, noNaN: true, noDefaultInfinity: true });
      fc.assert(
        fc.property(
          fc.array(fc.tuple(positive, positive, positive, positive), { minLength: 1, maxLength: 20 }),
          divisor,
          (generated, d) => {
            const parcels = generated.map(([w, l, wi, h]) => ({ weight_kg: w, length_cm: l, width_cm: wi, height_cm: h }));
            const result = computeChargeableWeight(parcels, d);
            expect(Number.isInteger(result.chargeable_kg * 2)).toBe(true);
            expect(result.chargeable_kg).toBeGreaterThanOrEqual(result.actual_kg);
            expect(result.chargeable_kg).toBeGreaterThanOrEqual(result.volumetric_kg);
            expect(result.chargeable_kg).toBe(roundUpToHalfKg(Math.max(result.actual_kg, result.volumetric_kg)));
          },
        ),
      );
    });
  });
});

describe('roundUpToHalfKg', () => {
  it.each([
    [1.0, 1.0],
    [1.01, 1.5],
    [1.5, 1.5],
    [1.5000001, 2],
    [0.1 + 0.2, 0.5],
    [0.30000000000000004, 0.5],
    [0.0001, 0.5],
  ])('%p → %p', (input, expected) => {
    expect(roundUpToHalfKg(input)).toBe(expected);
  });
});
