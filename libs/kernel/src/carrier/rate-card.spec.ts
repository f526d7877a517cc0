import fc from 'fast-check';
import { EXPRESS_CARD_JSON, rateCardJsonArbitrary } from '@lgw/rating';
import { InvalidRateCardError, parseRateCard, rateCardForLane } from './rate-card';

type Json = Record<string, unknown>;
const withCard = (patch: Json): Json => ({ ...EXPRESS_CARD_JSON, ...patch });
const withBand = (index: number, patch: Json): Json => ({
  ...EXPRESS_CARD_JSON,
  weight_bands: EXPRESS_CARD_JSON.weight_bands.map((b, i) => (i === index ? { ...b, ...patch } : b)),
});

describe('parseRateCard', () => {
  it('parses a valid card, deriving band floors and fuel basis points', () => {
    const card = parseRateCard(EXPRESS_CARD_JSON);
    expect(card).toEqual({
      service_code: 'test_express',
      carrier_code: 'test',
      currency: 'SAR',
      volumetric_divisor: 5000,
      fuel_surcharge_basis_points: 1000,
      weight_bands: [
        { label: '0-0.5kg', from_kg: 0, up_to_kg: 0.5, base_halalas: 1800, per_kg_halalas: 0 },
        { label: '0.5-5kg', from_kg: 0.5, up_to_kg: 5, base_halalas: 1800, per_kg_halalas: 400 },
        { label: '5-30kg', from_kg: 5, up_to_kg: 30, base_halalas: 3600, per_kg_halalas: 300 },
        { label: '30kg+', from_kg: 30, up_to_kg: null, base_halalas: 11100, per_kg_halalas: 250 },
      ],
    });
  });

  it.each([
    ['11.5', 1150],
    ['0', 0],
    ['100', 10000],
    ['9.25', 925],
    ['12.500', 1250],
    [8, 800],
    [11.5, 1150],
  ])('reads fuel_surcharge_percent %p as %p basis points', (percent, basisPoints) => {
    expect(parseRateCard(withCard({ fuel_surcharge_percent: percent })).fuel_surcharge_basis_points).toBe(basisPoints);
  });

  it('reads how the card prices several parcels, and refuses another rule (docs/adr/0087)', () => {
    expect(parseRateCard(EXPRESS_CARD_JSON).multi_piece_pricing).toBeUndefined();
    expect(parseRateCard(withCard({ multi_piece_pricing: 'per_piece' })).multi_piece_pricing).toBe('per_piece');
    expect(parseRateCard(withCard({ multi_piece_pricing: 'sum_of_weights' })).multi_piece_pricing).toBe('sum_of_weights');
    expect(() => parseRateCard(withCard({ multi_piece_pricing: 'per_box' }))).toThrow(
      new InvalidRateCardError('multi_piece_pricing', 'must be one of sum_of_weights, per_piece'),
    );
  });

  it('accepts a single open band and an optional description', () => {
    const card = parseRateCard(
      withCard({ description: 'flat', weight_bands: [{ label: 'any', up_to_kg: null, base_halalas: 500, per_kg_halalas: 100 }] }),
    );
    expect(card.weight_bands).toHaveLength(1);
  });

  it('accepts every generated valid card', () => {
    fc.assert(fc.property(rateCardJsonArbitrary, (json) => void parseRateCard(json)));
  });

  it.each<[string, unknown, string]>([
    ['not an object', [], '(root)'],
    ['null', null, '(root)'],
    ['unknown key', withCard({ fuel_percent: '10' }), 'fuel_percent'],
    ['missing service_code', withCard({ service_code: undefined }), 'service_code'],
    ['bad service_code', withCard({ service_code: 'Sahm Express' }), 'service_code'],
    ['empty carrier_code', withCard({ carrier_code: '' }), 'carrier_code'],
    ['other currency', withCard({ currency: 'USD' }), 'currency'],
    ['zero divisor', withCard({ volumetric_divisor: 0 }), 'volumetric_divisor'],
    ['fractional divisor', withCard({ volumetric_divisor: 5000.5 }), 'volumetric_divisor'],
    ['divisor as string', withCard({ volumetric_divisor: '5000' }), 'volumetric_divisor'],
    ['negative fuel', withCard({ fuel_surcharge_percent: '-1' }), 'fuel_surcharge_percent'],
    ['fuel over 100%', withCard({ fuel_surcharge_percent: '100.01' }), 'fuel_surcharge_percent'],
    ['fuel with 3 decimals', withCard({ fuel_surcharge_percent: '10.125' }), 'fuel_surcharge_percent'],
    ['fuel not a number', withCard({ fuel_surcharge_percent: 'ten' }), 'fuel_surcharge_percent'],
    ['fuel missing', withCard({ fuel_surcharge_percent: undefined }), 'fuel_surcharge_percent'],
    ['no bands', withCard({ weight_bands: [] }), 'weight_bands'],
    ['bands not an array', withCard({ weight_bands: {} }), 'weight_bands'],
    ['band not an object', withCard({ weight_bands: ['0-1kg'] }), 'weight_bands.0'],
    ['unknown band key', withBand(1, { per_kilo: 5 }), 'weight_bands.1.per_kilo'],
    ['empty label', withBand(0, { label: ' ' }), 'weight_bands.0.label'],
    ['duplicate label', withBand(1, { label: '0-0.5kg' }), 'weight_bands.1.label'],
    ['bound not on 0.5 kg', withBand(1, { up_to_kg: 5.2 }), 'weight_bands.1.up_to_kg'],
    ['bound not increasing', withBand(2, { up_to_kg: 5 }), 'weight_bands.2.up_to_kg'],
    ['open band before the last', withBand(1, { up_to_kg: null }), 'weight_bands.1.up_to_kg'],
    ['closed last band', withBand(3, { up_to_kg: 100 }), 'weight_bands.3.up_to_kg'],
    ['negative base', withBand(0, { base_halalas: -1 }), 'weight_bands.0.base_halalas'],
    ['fractional base', withBand(0, { base_halalas: 18.5 }), 'weight_bands.0.base_halalas'],
    ['negative per kg', withBand(1, { per_kg_halalas: -400 }), 'weight_bands.1.per_kg_halalas'],
    // 0.5-5kg ends at 1800 + 400 × 4.5 = 3600; a cheaper next band would make 5.5 kg cost less than 5 kg
    ['base below previous end', withBand(2, { base_halalas: 3599 }), 'weight_bands.2.base_halalas'],
  ])('rejects %s', (_name, json, field) => {
    const call = () => parseRateCard(json);
    expect(call).toThrow(InvalidRateCardError);
    expect(call).toThrow(expect.objectContaining({ field }));
  });

  it('compares band continuity to the half halala', () => {
    // 0.5-1kg at 101 halalas/kg ends at 1800 + 50.5 = 1850.5 halalas: 1850 is too low, 1851 fine
    const bands = (nextBase: number) => [
      { label: 'a', up_to_kg: 0.5, base_halalas: 1800, per_kg_halalas: 0 },
      { label: 'b', up_to_kg: 1, base_halalas: 1800, per_kg_halalas: 101 },
      { label: 'c', up_to_kg: null, base_halalas: nextBase, per_kg_halalas: 101 },
    ];
    expect(() => parseRateCard(withCard({ weight_bands: bands(1850) }))).toThrow(InvalidRateCardError);
    expect(() => parseRateCard(withCard({ weight_bands: bands(1851) }))).not.toThrow();
  });
});

describe('rate cards priced per lane', () => {
  const GCC_BANDS = [
    { label: '0-5kg', up_to_kg: 5, base_halalas: 4500, per_kg_halalas: 0 },
    { label: '5kg+', up_to_kg: null, base_halalas: 4500, per_kg_halalas: 900 },
  ];
  const laneCard = (lanes: Json) => withCard({ lanes });

  it('reads a lane entry, taking the divisor and fuel of the card where the lane sets none', () => {
    const card = parseRateCard(laneCard({ gcc: { description: 'dearer across the border', weight_bands: GCC_BANDS } }));
    expect(card.lanes?.gcc).toEqual({
      volumetric_divisor: 5000,
      fuel_surcharge_basis_points: 1000,
      weight_bands: [
        { label: '0-5kg', from_kg: 0, up_to_kg: 5, base_halalas: 4500, per_kg_halalas: 0 },
        { label: '5kg+', from_kg: 5, up_to_kg: null, base_halalas: 4500, per_kg_halalas: 900 },
      ],
    });
    expect(card.lanes?.domestic).toBeUndefined();
  });

  it('gives each lane its own prices and the others the card own', () => {
    const card = parseRateCard(laneCard({ gcc: { weight_bands: GCC_BANDS, fuel_surcharge_percent: '12.5', volumetric_divisor: 6000 } }));
    const gcc = rateCardForLane(card, 'gcc');
    expect(gcc).toMatchObject({ service_code: 'test_express', volumetric_divisor: 6000, fuel_surcharge_basis_points: 1250 });
    expect(gcc.weight_bands.map((b) => b.label)).toEqual(['0-5kg', '5kg+']);
    expect(gcc.lanes).toBeUndefined();
    const domestic = rateCardForLane(card, 'domestic');
    expect(domestic).toEqual(parseRateCard(EXPRESS_CARD_JSON));
  });

  it('answers one frozen lane card per card and lane, and another for another card with the same prices', () => {
    const card = parseRateCard(laneCard({ gcc: { weight_bands: GCC_BANDS, fuel_surcharge_percent: '12.5', volumetric_divisor: 6000 } }));
    const gcc = rateCardForLane(card, 'gcc');
    expect(rateCardForLane(card, 'gcc')).toBe(gcc);
    expect(Object.isFrozen(gcc)).toBe(true);
    expect(rateCardForLane(card, 'domestic')).not.toBe(gcc);
    const again = parseRateCard(laneCard({ gcc: { weight_bands: GCC_BANDS, fuel_surcharge_percent: '12.5', volumetric_divisor: 6000 } }));
    expect(rateCardForLane(again, 'gcc')).not.toBe(gcc);
    expect(rateCardForLane(again, 'gcc')).toEqual(gcc);
  });

  it('leaves a card without lanes as it is on every lane', () => {
    const card = parseRateCard(EXPRESS_CARD_JSON);
    for (const lane of ['domestic', 'gcc', 'international'] as const) expect(rateCardForLane(card, lane)).toEqual(card);
  });

  it.each<[string, Json, string]>([
    ['an unknown lane', { regional: { weight_bands: GCC_BANDS } }, 'lanes.regional'],
    ['no lane at all', {}, 'lanes'],
    ['a lane without bands', { gcc: { fuel_surcharge_percent: '12' } }, 'lanes.gcc.weight_bands'],
    ['an unknown lane field', { gcc: { weight_bands: GCC_BANDS, currency: 'AED' } }, 'lanes.gcc.currency'],
    ['a lane band out of order', { gcc: { weight_bands: [GCC_BANDS[1], GCC_BANDS[0]] } }, 'lanes.gcc.weight_bands.0.up_to_kg'],
    ['a lane fuel over 100%', { gcc: { weight_bands: GCC_BANDS, fuel_surcharge_percent: '101' } }, 'lanes.gcc.fuel_surcharge_percent'],
    ['a zero lane divisor', { gcc: { weight_bands: GCC_BANDS, volumetric_divisor: 0 } }, 'lanes.gcc.volumetric_divisor'],
  ])('rejects %s, naming the field', (_name, lanes, field) => {
    const call = () => parseRateCard(laneCard(lanes));
    expect(call).toThrow(InvalidRateCardError);
    expect(call).toThrow(expect.objectContaining({ field }));
  });
});
