import { CarrierDescriptor } from '../../domain/carrier-descriptor';
import { RateCard } from '../../domain/rate-card';

/** The carriers on offer (catalogue data). */
export interface CarrierCataloguePort {
  all(): readonly CarrierDescriptor[];
  find(code: string): CarrierDescriptor | undefined;
}

/** Prices per service level (rate card data). */
export interface RateCardSourcePort {
  get(serviceCode: string): RateCard | undefined;
}

export const CARRIER_CATALOGUE = Symbol('CARRIER_CATALOGUE');
export const RATE_CARDS = Symbol('RATE_CARDS');
