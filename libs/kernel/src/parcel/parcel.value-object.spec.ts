import {
  isParcel,
  MAX_PARCEL_SIDE_CM,
  MAX_PARCEL_WEIGHT_KG,
  MIN_PARCEL_SIDE_CM,
  MIN_PARCEL_WEIGHT_KG,
  parcelMeasureViolation,
  validateParcel,
} from './parcel.value-object';

describe('Parcel', () => {
  const parcel = { weight_kg: 2.5, length_cm: 30, width_cm: 20, height_cm: 15 };

  it('accepts positive measures within their limits', () => {
    expect(isParcel(parcel)).toBe(true);
    expect(isParcel({ ...parcel, weight_kg: MAX_PARCEL_WEIGHT_KG, length_cm: MAX_PARCEL_SIDE_CM })).toBe(true);
  });

  it('refuses what is not an object, and names every broken measure in field order', () => {
    expect(isParcel(null)).toBe(false);
    expect(isParcel([parcel])).toBe(false);
    expect(validateParcel({ weight_kg: '2', length_cm: 0, width_cm: 501, height_cm: 15 })).toEqual([
      { field: 'weight_kg', reason: 'must be a positive number' },
      { field: 'length_cm', reason: 'must be a positive number' },
      { field: 'width_cm', reason: `must be at most ${MAX_PARCEL_SIDE_CM}` },
    ]);
  });

  it('says why one measure is refused', () => {
    expect(parcelMeasureViolation('weight_kg', undefined)).toBe('must be a positive number');
    expect(parcelMeasureViolation('weight_kg', Number.POSITIVE_INFINITY)).toBe('must be a positive number');
    expect(parcelMeasureViolation('weight_kg', -1)).toBe('must be a positive number');
    expect(parcelMeasureViolation('weight_kg', 1000.5)).toBe(`must be at most ${MAX_PARCEL_WEIGHT_KG}`);
    expect(parcelMeasureViolation('height_cm', 0.1)).toBeNull();
  });

  it('refuses measures below a gram and a millimetre', () => {
    expect(parcelMeasureViolation('weight_kg', MIN_PARCEL_WEIGHT_KG)).toBeNull();
    expect(parcelMeasureViolation('weight_kg', 0.0009)).toBe('must be at least 0.001');
    expect(parcelMeasureViolation('weight_kg', 1e-300)).toBe('must be at least 0.001');
    expect(parcelMeasureViolation('length_cm', MIN_PARCEL_SIDE_CM)).toBeNull();
    expect(parcelMeasureViolation('length_cm', 0.09)).toBe('must be at least 0.1');
    expect(parcelMeasureViolation('width_cm', 1e-7)).toBe('must be at least 0.1');
  });
});
