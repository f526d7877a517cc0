import { GCC_COUNTRY_CODES, CarrierDescriptor, Lane, remembered, ServiceLevelDescriptor } from '@lgw/kernel';

const GCC: ReadonlySet<string> = new Set(GCC_COUNTRY_CODES);

export interface EligibleServiceLevel {
  readonly carrier: CarrierDescriptor;
  readonly service: ServiceLevelDescriptor;
}

/** Same country → domestic; both in the GCC → gcc; anything else → international. */
export function classifyLane(originCountry: string, destinationCountry: string): Lane {
  const origin = normaliseCountry(originCountry);
  const destination = normaliseCountry(destinationCountry);
  if (origin === destination) return 'domestic';
  if (GCC.has(origin) && GCC.has(destination)) return 'gcc';
  return 'international';
}

/**
 * Every (carrier, service level) that can carry a shipment from origin to destination:
 * the carrier covers both countries and the level serves the lane. Catalogue order is kept
 * so quotes come back in a stable order.
 */
export function eligibleServiceLevels(
  carriers: readonly CarrierDescriptor[],
  originCountry: string,
  destinationCountry: string,
): readonly EligibleServiceLevel[] {
  let levelsOn = routes.get(carriers);
  if (!levelsOn) {
    levelsOn = remembered(ROUTES_KEPT, (route) => {
      const [origin, destination] = JSON.parse(route) as [string, string];
      const lane = classifyLane(origin, destination);
      return Object.freeze(
        carriers
          .filter((carrier) => {
            const covered = coverageOf(carrier);
            return covered.has(origin) && covered.has(destination);
          })
          .flatMap((carrier) =>
            carrier.service_levels.filter((service) => service.lanes.includes(lane)).map((service) => ({ carrier, service })),
          ),
      );
    });
    routes.set(carriers, levelsOn);
  }
  return levelsOn(JSON.stringify([normaliseCountry(originCountry), normaliseCountry(destinationCountry)]));
}

/**
 * The answer per catalogue (the registry's lives as long as the process) and pair of countries:
 * every rating asks it, and a catalogue's carriers and levels do not change under it.
 */
const routes = new WeakMap<readonly CarrierDescriptor[], (route: string) => readonly EligibleServiceLevel[]>();
const ROUTES_KEPT = 2_000;

/**
 * A carrier's countries, normalised once per descriptor (descriptors are read-only): every rating
 * asks every carrier, and an international one lists most of the world.
 */
const coverage = new WeakMap<CarrierDescriptor, ReadonlySet<string>>();
function coverageOf(carrier: CarrierDescriptor): ReadonlySet<string> {
  let covered = coverage.get(carrier);
  if (!covered) {
    covered = new Set(carrier.coverage_countries.map(normaliseCountry));
    coverage.set(carrier, covered);
  }
  return covered;
}

function normaliseCountry(code: string): string {
  return code.trim().toUpperCase();
}
