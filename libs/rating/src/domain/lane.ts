import { GCC_COUNTRY_CODES, CarrierDescriptor, Lane, ServiceLevelDescriptor } from '@lgw/kernel';

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
  const origin = normaliseCountry(originCountry);
  const destination = normaliseCountry(destinationCountry);
  let known = routes.get(carriers);
  if (!known) routes.set(carriers, (known = new Map()));
  const key = JSON.stringify([origin, destination]);
  let levels = known.get(key);
  if (!levels) {
    const lane = classifyLane(origin, destination);
    levels = Object.freeze(
      carriers
        .filter((carrier) => {
          const covered = coverageOf(carrier);
          return covered.has(origin) && covered.has(destination);
        })
        .flatMap((carrier) =>
          carrier.service_levels.filter((service) => service.lanes.includes(lane)).map((service) => ({ carrier, service })),
        ),
    );
    // A bounded vocabulary (pairs of countries); a burst of new pairs is forgotten at once.
    if (known.size >= ROUTES_KEPT) known.clear();
    known.set(key, levels);
  }
  return levels;
}

/**
 * The answer per catalogue (the registry's lives as long as the process) and route: every rating
 * asks it, and a catalogue's carriers and levels do not change under it.
 */
const routes = new WeakMap<readonly CarrierDescriptor[], Map<string, readonly EligibleServiceLevel[]>>();
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
