import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseRateCard, RateCard } from '@lgw/kernel';

/** Inside the carriers folder, each carrier keeps its cards in `<code>/rate-cards/`. */
const CARRIER_RATE_CARDS = 'rate-cards';

export interface RateCardRepositoryOptions {
  /** A folder laid out like the carriers folder (the configuration's RATE_CARDS_DIR); otherwise the carriers folder of this module. */
  readonly directory?: string;
}

/**
 * The rate cards of all service levels, one JSON file per level named `<service_code>.json`
 * in the folder of the carrier that sells it (`<code>/rate-cards/`). Read and validated once at startup, so a malformed price file
 * stops the process at boot instead of failing quotes later; changing a price is a data
 * change and a restart.
 */
export class RateCardRepository {
  private constructor(
    readonly directory: string,
    private readonly cards: ReadonlyMap<string, RateCard>,
  ) {}

  static load(options: RateCardRepositoryOptions = {}): RateCardRepository {
    const directory = resolveRateCardsDirectory(options);
    const cards = new Map<string, RateCard>();
    for (const carrier of readdirSync(directory).sort()) {
      const folder = join(directory, carrier, CARRIER_RATE_CARDS);
      if (!isDirectory(folder)) continue;
      for (const file of readdirSync(folder)
        .filter((name) => name.endsWith('.json'))
        .sort()) {
        const card = readCard(join(folder, file));
        if (file !== `${card.service_code}.json`) {
          throw new Error(`rate card ${carrier}/${file}: file name must be ${card.service_code}.json`);
        }
        if (card.carrier_code !== carrier) {
          throw new Error(`rate card ${carrier}/${file}: carrier_code ${card.carrier_code} sits in the folder of ${carrier}`);
        }
        cards.set(card.service_code, card);
      }
    }
    return new RateCardRepository(directory, cards);
  }

  get(serviceCode: string): RateCard | undefined {
    return this.cards.get(serviceCode);
  }

  all(): RateCard[] {
    return [...this.cards.values()];
  }

  /** Service codes among `serviceCodes` that have no card; for a startup check against the catalogue. */
  missing(serviceCodes: readonly string[]): string[] {
    return serviceCodes.filter((code) => !this.cards.has(code));
  }
}

/**
 * The carriers folder this module belongs to: libs/carriers/src from the TypeScript sources,
 * dist/libs/carriers/src from a build (the build copies the cards there).
 */
export function resolveRateCardsDirectory(options: RateCardRepositoryOptions = {}): string {
  const explicit = options.directory;
  const directory = resolve(explicit !== undefined && explicit !== '' ? explicit : join(__dirname, '..'));
  if (!isDirectory(directory)) throw new Error(`rate cards directory ${directory} does not exist`);
  return directory;
}

function readCard(path: string): RateCard {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`rate card ${path}: not valid JSON (${(error as Error).message})`, { cause: error });
  }
  try {
    return parseRateCard(json);
  } catch (error) {
    throw new Error(`rate card ${path}: ${(error as Error).message}`, { cause: error });
  }
}

function isDirectory(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}
