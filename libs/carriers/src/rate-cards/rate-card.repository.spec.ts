import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eligibleServiceLevels, priceQuote, rateParcels } from '@lgw/rating';
import { rateCardForLane, Lane } from '@lgw/kernel';
import { CARRIER_CATALOGUE } from '../registry/carrier-catalogue';
import { RateCardRepository, resolveRateCardsDirectory } from './rate-card.repository';

const catalogueLevels = CARRIER_CATALOGUE.flatMap((carrier) =>
  carrier.service_levels.map((service) => ({ carrier: carrier.code, service: service.code, lanes: service.lanes as readonly Lane[] })),
);

describe('RateCardRepository', () => {
  const repository = RateCardRepository.load({});

  it('reads the cards from the carriers folder this module belongs to', () => {
    expect(repository.directory).toBe(join(__dirname, '..'));
  });

  it.each(catalogueLevels)('has a card for $service of carrier $carrier', ({ carrier, service }) => {
    const card = repository.get(service);
    expect(card).toBeDefined();
    expect(card?.carrier_code).toBe(carrier);
    expect(card?.currency).toBe('SAR');
  });

  it('has no card without a catalogue level, and no level without a card', () => {
    expect(repository.missing(catalogueLevels.map((l) => l.service))).toEqual([]);
    expect(
      repository
        .all()
        .map((c) => c.service_code)
        .sort(),
    ).toEqual(catalogueLevels.map((l) => l.service).sort());
    expect(repository.get('no_such_level')).toBeUndefined();
  });

  it.each(catalogueLevels)(
    'never charges less for more weight on $service, on each lane it serves (0.5 to 1000 kg)',
    ({ service, lanes }) => {
      const card = repository.get(service)!;
      for (const lane of lanes) {
        let previous = 0;
        for (let steps = 1; steps <= 2000; steps++) {
          const total = priceQuote(rateCardForLane(card, lane), steps / 2).total.halalas;
          expect(total).toBeGreaterThanOrEqual(previous);
          previous = total;
        }
      }
    },
  );

  it.each(catalogueLevels)('prices $service apart only on lanes it serves', ({ service, lanes }) => {
    const priced = Object.keys(repository.get(service)!.lanes ?? {});
    expect(priced.filter((lane) => !lanes.includes(lane as Lane))).toEqual([]);
  });

  it('prices the worked example of docs/rating.md', () => {
    // SA → CN, one carton of 8.2 kg, 50 × 40 × 40 cm, on Bahr sea freight
    const [level] = eligibleServiceLevels(CARRIER_CATALOGUE, 'SA', 'CN');
    expect(level.service.code).toBe('bahr_sea');
    const rated = rateParcels(repository.get('bahr_sea')!, [{ weight_kg: 8.2, length_cm: 50, width_cm: 40, height_cm: 40 }]);
    expect(rated.weights).toEqual({
      actual_kg: 8.2,
      volumetric_kg: 13.3334,
      chargeable_kg: 13.5,
      volumetric_divisor: 6000,
      weight_break_applied: '10-50kg',
    });
    expect(rated.breakdown.map((l) => [l.code, l.amount_sar])).toEqual([
      ['base', 95],
      ['weight_charge', 7],
      ['fuel_surcharge', 11.73],
      ['vat', 17.06],
    ]);
    expect(rated.total_sar).toBe(130.79);
  });

  describe('eligibility on the real catalogue', () => {
    const codes = (origin: string, destination: string) =>
      eligibleServiceLevels(CARRIER_CATALOGUE, origin, destination).map((l) => l.service.code);

    const levels = (lane: string, country: string) =>
      CARRIER_CATALOGUE.filter((c) => c.coverage_countries.includes(country)).flatMap((c) =>
        c.service_levels.filter((l) => l.lanes.includes(lane as never)).map((l) => l.code),
      );

    it('SA → SA offers every domestic level, in catalogue order', () => {
      expect(codes('SA', 'SA')).toEqual(levels('domestic', 'SA'));
      expect(codes('SA', 'SA')).toContain('darb_land_domestic');
    });

    it('SA → AE leaves out a carrier that covers only SA', () => {
      expect(codes('SA', 'AE')).toEqual(levels('gcc', 'AE'));
      expect(codes('SA', 'AE')).not.toContain('darb_land_domestic');
    });
  });

  describe('loading', () => {
    let dir: string;
    const source = (code: string) => readFileSync(join(repository.directory, code.split('_')[0], 'rate-cards', `${code}.json`), 'utf8');
    const write = (carrier: string, file: string, text: string) => {
      mkdirSync(join(dir, carrier, 'rate-cards'), { recursive: true });
      writeFileSync(join(dir, carrier, 'rate-cards', file), text);
    };
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'rate-cards-'));
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('reads a changed price from the files, no code involved', () => {
      const card = JSON.parse(source('darb_land_domestic'));
      card.weight_bands[0].base_halalas = 1300;
      write('darb', 'darb_land_domestic.json', JSON.stringify(card));
      write('darb', 'README.txt', 'not a card');
      mkdirSync(join(dir, 'shared'));
      const loaded = RateCardRepository.load({ directory: dir });
      expect(loaded.get('darb_land_domestic')?.weight_bands[0].base_halalas).toBe(1300);
      expect(loaded.all()).toHaveLength(1);
    });

    it('loads from the directory it is given (the configuration RATE_CARDS_DIR), else the carriers folder', () => {
      write('bahr', 'bahr_sea.json', source('bahr_sea'));
      expect(RateCardRepository.load({ directory: dir }).directory).toBe(dir);
      expect(resolveRateCardsDirectory({})).toBe(repository.directory);
    });

    it('refuses to start on a malformed card, naming the file and field', () => {
      const card = JSON.parse(source('bahr_sea'));
      card.weight_bands[2].base_halalas = 100;
      write('bahr', 'bahr_sea.json', JSON.stringify(card));
      expect(() => RateCardRepository.load({ directory: dir })).toThrow(/bahr_sea\.json.*weight_bands\.2\.base_halalas/);
    });

    it('refuses invalid JSON', () => {
      write('bahr', 'bahr_sea.json', '{ "service_code": ');
      expect(() => RateCardRepository.load({ directory: dir })).toThrow(/bahr_sea\.json: not valid JSON/);
    });

    it('refuses a file whose name is not its service code', () => {
      write('bahr', 'sea.json', source('bahr_sea'));
      expect(() => RateCardRepository.load({ directory: dir })).toThrow(/must be bahr_sea\.json/);
    });

    it('refuses a card kept in the folder of another carrier', () => {
      write('sahm', 'bahr_sea.json', source('bahr_sea'));
      expect(() => RateCardRepository.load({ directory: dir })).toThrow(/carrier_code bahr sits in the folder of sahm/);
    });

    it('refuses a directory that does not exist', () => {
      expect(() => RateCardRepository.load({ directory: join(dir, 'missing') })).toThrow(/does not exist/);
    });
  });
});
