import fc from 'fast-check';
import { CarrierDescriptor, Lane, ServiceLevelDescriptor, GCC_COUNTRY_CODES } from '@lgw/kernel';
import { classifyLane, eligibleServiceLevels } from './lane';

const level = (code: string, lanes: Lane[]): ServiceLevelDescriptor => ({
  code,
  name_en: code,
  name_ar: code,
  mode: 'land',
  transit_days: { min: 1, max: 2 },
  lanes,
});
const carrier = (code: string, countries: string[], levels: ServiceLevelDescriptor[]): CarrierDescriptor => ({
  code,
  name_en: code,
  name_ar: code,
  integration_type: 'rest',
  coverage_countries: countries,
  service_levels: levels,
  capabilities: { passthrough: false },
});

const GCC = [...GCC_COUNTRY_CODES];
const CARRIERS = [
  carrier('express', GCC, [level('express_domestic', ['domestic']), level('express_gcc', ['gcc'])]),
  carrier('freight', [...GCC, 'EG', 'CN'], [level('freight_land', ['domestic', 'gcc']), level('freight_sea', ['gcc', 'international'])]),
  carrier('local', ['SA'], [level('local_ground', ['domestic'])]),
];
const codes = (origin: string, destination: string) =>
  eligibleServiceLevels(CARRIERS, origin, destination).map(({ carrier: c, service }) => `${c.code}/${service.code}`);

describe('classifyLane', () => {
  it.each([
    ['SA', 'SA', 'domestic'],
    ['EG', 'EG', 'domestic'],
    ['SA', 'AE', 'gcc'],
    ['KW', 'OM', 'gcc'],
    ['BH', 'QA', 'gcc'],
    ['SA', 'EG', 'international'],
    ['CN', 'SA', 'international'],
    ['US', 'GB', 'international'],
    ['sa', ' ae ', 'gcc'],
  ])('%p → %p is %p', (origin, destination, lane) => {
    expect(classifyLane(origin, destination)).toBe(lane);
  });

  it('is symmetric', () => {
    const country = fc.constantFrom(...GCC, 'EG', 'JO', 'CN', 'US');
    fc.assert(fc.property(country, country, (a, b) => expect(classifyLane(a, b)).toBe(classifyLane(b, a))));
  });
});

describe('eligibleServiceLevels', () => {
  it('offers every domestic level whose carrier covers the country', () => {
    expect(codes('SA', 'SA')).toEqual(['express/express_domestic', 'freight/freight_land', 'local/local_ground']);
    expect(codes('AE', 'AE')).toEqual(['express/express_domestic', 'freight/freight_land']);
  });

  it('leaves out a carrier that does not cover the destination', () => {
    expect(codes('SA', 'AE')).toEqual(['express/express_gcc', 'freight/freight_land', 'freight/freight_sea']);
    expect(codes('SA', 'CN')).toEqual(['freight/freight_sea']);
  });

  it('offers nothing where no carrier covers both countries', () => {
    expect(codes('SA', 'FR')).toEqual([]);
    expect(codes('FR', 'FR')).toEqual([]);
  });

  it('ignores the case of country codes', () => {
    expect(codes('sa', 'ae')).toEqual(codes('SA', 'AE'));
  });

  it("reads a carrier's coverage as written, in any case, asked again and again", () => {
    const loose = [carrier('loose', [' sa', 'Eg '], [level('loose_land', ['domestic', 'international'])])];
    for (let i = 0; i < 3; i++) {
      expect(eligibleServiceLevels(loose, 'SA', 'EG').map(({ service }) => service.code)).toEqual(['loose_land']);
      expect(eligibleServiceLevels(loose, 'SA', 'CN')).toEqual([]);
    }
  });
});
