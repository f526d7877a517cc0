import { Lane } from '@lgw/kernel';
import type { CarrierIntent, QuotedPrice } from '@lgw/kernel';

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
  /** The price lines and total the quote showed: booked as they are. */
  readonly price: QuotedPrice;
  /** Cash to collect at the door, as rated (0 without cash on delivery): the booking collects it. */
  readonly codAmountHalalas: number;
  /**
   * The carrier connection the quote was priced on, which books it (docs/adr/0065); null or
   * absent for quotes issued before connections existed (the platform's account books them).
   */
  readonly connectionId?: string | null;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly usedAt: Date | null;
}

/** A quote being issued: what it will be once it has an id and before anyone used it. */
export type IssuedQuote = Omit<StoredQuote, 'id' | 'usedAt'>;

export interface QuoteRepositoryPort {
  /** Issues the quotes and answers their ids, in order: the quote_id each client is shown. */
  issue(quotes: readonly IssuedQuote[]): Promise<string[]>;
  /** Null for an unknown id or another team's quote: both look the same to the caller. */
  findForTeam(teamId: string, quoteId: string): Promise<StoredQuote | null>;
  /**
   * The quote this team was given under the id, read from the id alone (nothing is read or
   * written): null for a malformed, forged or another team's id. Whether it was used is not known
   * here (usedAt is null); claiming it tells.
   */
  open(teamId: string, quoteId: string): StoredQuote | null;
  /**
   * The one way to use a quote: claims it and records the booking intent in the same commit,
   * which is durable when this resolves (docs/adr/0068): both or neither. False, with no intent
   * recorded, when the quote was claimed already.
   */
  claimWithIntent(quote: StoredQuote, intent: Omit<CarrierIntent, 'state'>, now: Date): Promise<boolean>;
  /** Gives a claimed quote back after a booking that did not happen. */
  release(teamId: string, quoteId: string): Promise<void>;
}

export const QUOTE_REPOSITORY = Symbol('QUOTE_REPOSITORY');
