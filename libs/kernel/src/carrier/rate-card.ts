import { Lane } from './carrier-descriptor';
import { ExactDecimal, parseDecimal } from '../money/exact-decimal';

/**
 * One weight band of a rate card. A chargeable weight w falls in the band when
 * from_kg < w <= up_to_kg and costs base + per_kg × (w − from_kg). Both bounds and w are
 * multiples of 0.5 kg, so per_kg is in effect charged per started 0.5 kg at half the rate.
 */
export interface WeightBand {
  /** Reported as Quote.weights.weight_break_applied, e.g. "0.5-5kg". */
  readonly label: string;
  /** Lower bound (exclusive): the previous band's up_to_kg, 0 for the first band. */
  readonly from_kg: number;
  /** Upper bound (inclusive); null only for the last, open-ended band. */
  readonly up_to_kg: number | null;
  readonly base_halalas: number;
  readonly per_kg_halalas: number;
}

/** What may differ from lane to lane on one service level's card. */
export interface LaneRates {
  readonly volumetric_divisor: number;
  /** 1000 = 10%. The JSON file states it as fuel_surcharge_percent ("10" or "11.5"). */
  readonly fuel_surcharge_basis_points: number;
  readonly weight_bands: readonly WeightBand[];
}

/**
 * Prices of one service level, validated. Rate cards are data: `<code>/rate-cards/` in each
 * carrier's folder. A level serving several lanes may price them apart (`lanes`, e.g. its GCC
 * lane dearer than domestic): price with rateCardForLane(card, lane), never the card as read.
 */
/**
 * How a card prices several parcels (docs/adr/0087): `sum_of_weights` (the default) prices the
 * sum of their chargeable weights as one weight; `per_piece` prices each parcel's chargeable
 * weight on the card and adds the prices (a carrier that bills each piece as its own waybill).
 */
export const MULTI_PIECE_PRICING = ['sum_of_weights', 'per_piece'] as const;
export type MultiPiecePricing = (typeof MULTI_PIECE_PRICING)[number];

export interface RateCard extends LaneRates {
  readonly service_code: string;
  readonly carrier_code: string;
  readonly currency: 'SAR';
  /** How several parcels are priced; absent: `sum_of_weights`. */
  readonly multi_piece_pricing?: MultiPiecePricing;
  /** Per lane, what differs from the card's own prices (which apply to the other lanes). */
  readonly lanes?: Readonly<Partial<Record<Lane, LaneRates>>>;
}

const LANES: readonly Lane[] = ['domestic', 'gcc', 'international'];

/**
 * The card's prices on one lane: its `lanes` entry for that lane over the card's own prices,
 * as a card without lanes (what priceQuote and rateParcels take).
 */
export function rateCardForLane(card: RateCard, lane: Lane): RateCard {
  let byLane = laneCards.get(card);
  if (!byLane) laneCards.set(card, (byLane = {}));
  let priced = byLane[lane];
  if (!priced) {
    const { lanes, ...prices } = card;
    priced = byLane[lane] = Object.freeze({ ...prices, ...(lanes?.[lane] ?? {}) });
  }
  return priced;
}

/**
 * One lane card per card and lane, for as long as the card lives (a rate card is read once, a
 * contract card once per connection): every rating asks for it per service level, and the
 * prices kept per lane card (rate-parcels.ts) need the same object each time.
 */
const laneCards = new WeakMap<RateCard, Partial<Record<Lane, RateCard>>>();

/** A rate card file is malformed; `field` is a JSON path inside the card. */
export class InvalidRateCardError extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`invalid rate card: ${field} ${reason}`);
    this.name = 'InvalidRateCardError';
  }
}

const CARD_KEYS = [
  'service_code',
  'carrier_code',
  'currency',
  'volumetric_divisor',
  'fuel_surcharge_percent',
  'weight_bands',
  'lanes',
  'description',
  'multi_piece_pricing',
];
/** What a `lanes.<lane>` entry may set; weight_bands is required, the others default to the card's. */
const LANE_KEYS = ['volumetric_divisor', 'fuel_surcharge_percent', 'weight_bands', 'description'];
const BAND_KEYS = ['label', 'up_to_kg', 'base_halalas', 'per_kg_halalas'];
const CODE_PATTERN = /^[a-z0-9_]+$/;

/** Validates the JSON form of a rate card; throws InvalidRateCardError naming the bad field. */
export function parseRateCard(json: unknown): RateCard {
  const card = expectObject(json, '(root)', CARD_KEYS);
  if (card.description !== undefined) expectString(card.description, 'description');
  if (card.currency !== 'SAR') {
    throw new InvalidRateCardError('currency', 'must be "SAR"');
  }
  const own: LaneRates = {
    volumetric_divisor: expectInteger(card.volumetric_divisor, 'volumetric_divisor', 1),
    fuel_surcharge_basis_points: parsePercent(card.fuel_surcharge_percent, 'fuel_surcharge_percent'),
    weight_bands: parseBands(card.weight_bands, 'weight_bands'),
  };
  if (card.multi_piece_pricing !== undefined && !MULTI_PIECE_PRICING.includes(card.multi_piece_pricing as MultiPiecePricing)) {
    throw new InvalidRateCardError('multi_piece_pricing', `must be one of ${MULTI_PIECE_PRICING.join(', ')}`);
  }
  return {
    service_code: expectCode(card.service_code, 'service_code'),
    carrier_code: expectCode(card.carrier_code, 'carrier_code'),
    currency: 'SAR',
    ...(card.multi_piece_pricing !== undefined ? { multi_piece_pricing: card.multi_piece_pricing as MultiPiecePricing } : {}),
    ...own,
    ...(card.lanes !== undefined ? { lanes: parseLanes(card.lanes, own) } : {}),
  };
}

/** `lanes`: per lane name, the prices that differ there; unset fields keep the card's. */
function parseLanes(json: unknown, own: LaneRates): Partial<Record<Lane, LaneRates>> {
  const entries = expectObject(json, 'lanes', LANES);
  const lanes: Partial<Record<Lane, LaneRates>> = {};
  for (const lane of LANES) {
    if (entries[lane] === undefined) continue;
    const path = `lanes.${lane}`;
    const entry = expectObject(entries[lane], path, LANE_KEYS);
    if (entry.description !== undefined) expectString(entry.description, `${path}.description`);
    lanes[lane] = {
      volumetric_divisor:
        entry.volumetric_divisor === undefined
          ? own.volumetric_divisor
          : expectInteger(entry.volumetric_divisor, `${path}.volumetric_divisor`, 1),
      fuel_surcharge_basis_points:
        entry.fuel_surcharge_percent === undefined
          ? own.fuel_surcharge_basis_points
          : parsePercent(entry.fuel_surcharge_percent, `${path}.fuel_surcharge_percent`),
      weight_bands: parseBands(entry.weight_bands, `${path}.weight_bands`),
    };
  }
  if (Object.keys(lanes).length === 0) throw new InvalidRateCardError('lanes', 'must price at least one lane');
  return lanes;
}

function parseBands(json: unknown, at: string): WeightBand[] {
  if (!Array.isArray(json) || json.length === 0) {
    throw new InvalidRateCardError(at, 'must be a non-empty array');
  }
  const bands: WeightBand[] = [];
  json.forEach((item: unknown, index) => {
    const path = `${at}.${index}`;
    const band = expectObject(item, path, BAND_KEYS);
    const label = expectString(band.label, `${path}.label`);
    if (bands.some((b) => b.label === label)) {
      throw new InvalidRateCardError(`${path}.label`, 'must be unique within the card');
    }
    const fromKg = index === 0 ? 0 : (bands[index - 1].up_to_kg as number);
    const upToKgPath = `${path}.up_to_kg`;
    const parsed: WeightBand = {
      label,
      from_kg: fromKg,
      up_to_kg: index === json.length - 1 ? expectOpenEnd(band.up_to_kg, upToKgPath) : expectUpperBound(band.up_to_kg, upToKgPath, fromKg),
      base_halalas: expectInteger(band.base_halalas, `${path}.base_halalas`, 0),
      per_kg_halalas: expectInteger(band.per_kg_halalas, `${path}.per_kg_halalas`, 0),
    };
    if (index > 0) assertContinues(bands[index - 1], parsed, path);
    bands.push(parsed);
  });
  return bands;
}

/**
 * A band must not start below the price at which the previous one ended; otherwise a
 * heavier parcel could cost less than a lighter one.
 */
function assertContinues(previous: WeightBand, next: WeightBand, path: string): void {
  const previousHalfKgSteps = BigInt(((previous.up_to_kg as number) - previous.from_kg) * 2);
  // compared at twice the scale so a half-halala end price needs no rounding
  const previousEndTwice = 2n * BigInt(previous.base_halalas) + BigInt(previous.per_kg_halalas) * previousHalfKgSteps;
  if (2n * BigInt(next.base_halalas) < previousEndTwice) {
    throw new InvalidRateCardError(
      `${path}.base_halalas`,
      `must be at least the price at the end of the previous band (${Number(previousEndTwice) / 2} halalas)`,
    );
  }
}

function expectObject(json: unknown, path: string, allowedKeys: readonly string[]): Record<string, unknown> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new InvalidRateCardError(path, 'must be an object');
  }
  const unknownKey = Object.keys(json).find((key) => !allowedKeys.includes(key));
  if (unknownKey !== undefined) {
    // a misspelt optional key would otherwise be ignored without a word
    throw new InvalidRateCardError(path === '(root)' ? unknownKey : `${path}.${unknownKey}`, 'is not a known field');
  }
  return json as Record<string, unknown>;
}

function expectString(value: unknown, path: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new InvalidRateCardError(path, 'must be a non-empty string');
  }
  return value;
}

function expectCode(value: unknown, path: string): string {
  const code = expectString(value, path);
  if (!CODE_PATTERN.test(code)) {
    throw new InvalidRateCardError(path, 'must contain only lowercase letters, digits and underscores');
  }
  return code;
}

function expectInteger(value: unknown, path: string, min: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
    throw new InvalidRateCardError(path, `must be an integer >= ${min}`);
  }
  return value;
}

function expectUpperBound(value: unknown, path: string, fromKg: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || !Number.isInteger(value * 2)) {
    throw new InvalidRateCardError(path, 'must be a multiple of 0.5 kg');
  }
  if (value <= fromKg) {
    throw new InvalidRateCardError(path, `must be greater than the previous bound (${fromKg} kg)`);
  }
  return value;
}

function expectOpenEnd(value: unknown, path: string): null {
  if (value !== null) {
    throw new InvalidRateCardError(path, 'must be null: the last band is open-ended');
  }
  return null;
}

/** "11.5" → 1150 basis points. A string keeps the file free of float doubts; numbers pass too. */
function parsePercent(value: unknown, path: string): number {
  const reason = 'must be a percentage from 0 to 100 with at most two decimals, e.g. "11.5"';
  if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value))) {
    throw new InvalidRateCardError(path, reason);
  }
  let decimal: ExactDecimal;
  try {
    decimal = parseDecimal(String(value));
  } catch {
    throw new InvalidRateCardError(path, reason);
  }
  let { units, scale } = decimal;
  while (scale > 2 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  const basisPoints = scale > 2 ? -1n : units * 10n ** BigInt(2 - scale);
  if (basisPoints < 0n || basisPoints > 10_000n) {
    throw new InvalidRateCardError(path, reason);
  }
  return Number(basisPoints);
}
