import { AddressProps, Lane, ParcelProps } from '@lgw/domain';
import { QuoteView } from '../rating/quote.view';

/** A quote as stored: what was shown to the team and what booking needs to honour it. */
export interface StoredQuote {
  readonly id: string;
  readonly teamId: string;
  readonly carrierCode: string;
  readonly serviceCode: string;
  readonly lane: Lane;
  readonly origin: AddressProps;
  readonly destination: AddressProps;
  readonly parcels: readonly ParcelProps[];
  /** Order-independent digest of the parcels: booking must present the same parcels. */
  readonly parcelsFingerprint: string;
  readonly chargeableKg: number;
  readonly totalHalalas: number;
  readonly view: QuoteView;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly usedAt: Date | null;
}

export interface QuoteRepositoryPort {
  saveMany(quotes: readonly StoredQuote[]): Promise<void>;
  /** Null for an unknown id or another team's quote: both look the same to the caller. */
  findForTeam(teamId: string, quoteId: string): Promise<StoredQuote | null>;
}

export const QUOTE_REPOSITORY = Symbol('QUOTE_REPOSITORY');
