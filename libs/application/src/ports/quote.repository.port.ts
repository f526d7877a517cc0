import { Lane } from '@lgw/domain';

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
