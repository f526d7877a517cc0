import { CITIES, NationalAddressDataset } from './national-address-dataset';

describe('the simulated National Address register', () => {
  const register = new NationalAddressDataset(20260101);

  it('holds well over 100,000 buildings across the main cities, built lazily: none until one is looked up', () => {
    // Laziness is proven by what is built, not by a stopwatch (a unit spec shares the machine).
    const built = jest.spyOn(NationalAddressDataset.prototype as unknown as { building(): unknown }, 'building');
    const again = new NationalAddressDataset(7);
    expect(built).not.toHaveBeenCalled();
    const [one] = again.samples(1);
    expect(again.byShortAddress(one.shortAddress)).toEqual(one);
    expect(built).toHaveBeenCalledTimes(2);
    built.mockRestore();
    expect(register.size).toBeGreaterThanOrEqual(100_000);
    expect(again.size).toBeGreaterThanOrEqual(100_000);
    expect(CITIES.length).toBeGreaterThanOrEqual(20);
  });

  it('finds every sampled building by short address and by postal code with additional number, the same each time', () => {
    const sample = register.samples(500);
    expect(sample).toHaveLength(500);
    expect(new Set(sample.map((b) => b.city.en)).size).toBe(CITIES.length);
    for (const building of sample) {
      expect(building.shortAddress).toMatch(/^[A-Z]{4}\d{4}$/);
      expect(building.postalCode).toMatch(/^\d{5}$/);
      expect(building.additionalNumber).toMatch(/^\d{4}$/);
      expect(building.street.ar).toMatch(/[\u0600-\u06FF]/);
      expect(register.byShortAddress(building.shortAddress)).toEqual(building);
      expect(register.byPostalCodeAndAdditionalNumber(building.postalCode, building.additionalNumber)).toEqual(building);
    }
    expect(new NationalAddressDataset(20260101).samples(500)).toEqual(sample);
  });

  it('has no building for most numbers of a district, nor for unknown codes', () => {
    const [first] = register.samples(1);
    const prefix = first.shortAddress.slice(0, 4);
    let found = 0;
    for (let n = 1000; n <= 9999; n++) if (register.byShortAddress(`${prefix}${n}`)) found++;
    expect(found).toBeGreaterThanOrEqual(300);
    expect(found).toBeLessThan(600);
    expect(register.byShortAddress('ZZZZ1000')).toBeNull();
    expect(register.byPostalCodeAndAdditionalNumber('00000', '1000')).toBeNull();
  });

  it('keeps the fixed sample buildings whatever the seed', () => {
    for (const seed of [1, 2]) {
      expect(new NationalAddressDataset(seed).byShortAddress('RRRD2929')).toMatchObject({
        city: { en: 'Riyadh', ar: 'الرياض' },
        postalCode: '12211',
        additionalNumber: '4321',
      });
    }
  });
});
