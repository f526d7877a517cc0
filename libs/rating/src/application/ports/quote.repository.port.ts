import { Lane } from '@lgw/carrier-access';
import type { CarrierIntent } from '@lgw/kernel';

/**
 * A quote as stored: what booking needs to honour it (lane, parcels fingerprint, prices),
 * no more. It is the hottest insert of the service, so the full Quote document shown to
 * the client is not kept: everything in it derives from these fields and the catalogue.
 */
export interface StoredQuote {
  readonly id: string;
  readonly teamId: string;
  readonly carrierCode: string;
  readonly serviceCode: string;
  readonly lane: Lane;
  readonly originCountry: string;
  readonly destinationCountry: string;
  /** Order-independent digest of the parcels: booking must present the same parcels. */
  readonly parcelsFingerprint: string;
  readonly chargeableKg: number;
  /** The breakdown lines, in halalas. */
  readonly baseHalalas: number;
  readonly weightChargeHalalas: number;
  readonly fuelSurchargeHalalas: number;
  readonly vatHalalas: number;
  readonly totalHalalas: number;
  /** Cash to collect at the door, as rated (0 without cash on delivery); booking must name the same. */
  readonly codAmountHalalas: number;
  /** The cod_fee line of the breakdown (0 without cash on delivery): what the invoice bills. */
  readonly codFeeHalalas: number;
  /**
   * The carrier connection the quote was priced on, which books it (docs/adr/0065); null or
   * absent for quotes issued before connections existed (the platform's account books them).
   */
  readonly connectionId?: string | null;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly usedAt: Date | null;
}

/** What a booking must present to use a quote: the lane and parcels it priced. */
export interface QuoteClaim {
  readonly teamId: string;
  readonly quoteId: string;
  readonly originCountry: string;
  readonly destinationCountry: string;
  readonly parcelsFingerprint: string;
  readonly now: Date;
}

/** A quote being issued: what it will be once it has an id and before anyone used it. */
export type IssuedQuote = Omit<StoredQuote, 'id' | 'usedAt'>;

export interface QuoteRepositoryPort {
  /** Issues the quotes and answers their ids, in order: the quote_id each client is shown. */
  issue(quotes: readonly IssuedQuote[]): Promise<string[]>;
  /** Null for an unknown id or another team's quote: both look the same to the caller. */
  findForTeam(teamId: string, quoteId: string): Promise<StoredQuote | null>;
  /**
   * Marks the quote used if it is this team's, unexpired, unused and matches the claim,
   * atomically (the hot path of booking); null otherwise, and the caller finds out why.
   */
  claim(claim: QuoteClaim): Promise<StoredQuote | null>;
  /**
   * What `claim` would take, read without writing anything: the quote if it is this team's,
   * unexpired and matches the claim (whether it was used is not known yet: usedAt is null).
   */
  open(claim: QuoteClaim): StoredQuote | null;
  /**
   * Claims the quote `open` answered and records the booking intent in the same commit, which
   * is durable when this resolves (docs/adr/0068): both or neither. Null, with no intent
   * recorded, when the quote was claimed already; the caller finds out why as after `claim`.
   */
  claimWithIntent(claim: QuoteClaim, quote: StoredQuote, intent: Omit<CarrierIntent, 'state'>): Promise<StoredQuote | null>;
  /** Gives a claimed quote back after a booking that did not happen. */
  release(teamId: string, quoteId: string): Promise<void>;
}

export const QUOTE_REPOSITORY = Symbol('QUOTE_REPOSITORY');
