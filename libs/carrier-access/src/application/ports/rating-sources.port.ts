import { CarrierDescriptor, RateCard } from '@lgw/kernel';

/** The carriers on offer (catalogue data). */
export interface CarrierCataloguePort {
  all(): readonly CarrierDescriptor[];
  find(code: string): CarrierDescriptor | undefined;
  /** Codes of the real carriers, offered to a team only while it has an active connection to them (DESIGN §7). */
  connectionOnly(): readonly string[];
}

/** Prices per service level (rate card data). */
export interface RateCardSourcePort {
  get(serviceCode: string): RateCard | undefined;
}

export const CARRIER_CATALOGUE = Symbol('CARRIER_CATALOGUE');
export const RATE_CARDS = Symbol('RATE_CARDS');
