import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseRateCard, RateCard } from '@lgw/domain';

/** Where the rate card files live, relative to the repository root. */
const RATE_CARDS_RELATIVE_DIR = join('libs', 'carriers', 'rate-cards');

export interface RateCardRepositoryOptions {
  /** Explicit folder; otherwise RATE_CARDS_DIR, otherwise found by walking up from this file. */
  readonly directory?: string;
  readonly env?: NodeJS.ProcessEnv;
  /** Where the upward search starts; this module's folder unless given. */
  readonly searchFrom?: string;
}

/**
 * The rate cards of all service levels, one JSON file per level named
 * `<service_code>.json`. Read and validated once at startup, so a malformed price file
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
    const files = readdirSync(directory)
      .filter((name) => name.endsWith('.json'))
      .sort();
    for (const file of files) {
      const card = readCard(join(directory, file));
      if (file !== `${card.service_code}.json`) {
        throw new Error(`rate card ${file}: file name must be ${card.service_code}.json`);
      }
      cards.set(card.service_code, card);
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
 * The folder is data, not compiled code: from ts sources under jest this file sits in
 * libs/carriers/src/rate-cards, from a build in dist/libs/carriers/src/rate-cards. Walking
 * up until `libs/carriers/rate-cards` appears works for both, and for a dist/ that carries
 * its own copy.
 */
export function resolveRateCardsDirectory(options: RateCardRepositoryOptions = {}): string {
  const env = options.env ?? process.env;
  const explicit = options.directory ?? env.RATE_CARDS_DIR;
  if (explicit !== undefined && explicit !== '') {
    const directory = resolve(explicit);
    if (!isDirectory(directory)) {
      throw new Error(`rate cards directory ${directory} does not exist`);
    }
    return directory;
  }
  const start = options.searchFrom ?? __dirname;
  for (let current = resolve(start); ; current = dirname(current)) {
    const candidate = join(current, RATE_CARDS_RELATIVE_DIR);
    if (isDirectory(candidate)) return candidate;
    if (dirname(current) === current) break;
  }
  throw new Error(`no ${RATE_CARDS_RELATIVE_DIR} folder above ${start}; set RATE_CARDS_DIR`);
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
