import { CarrierCataloguePort } from '@lgw/carrier-access';
import { CarrierDescriptor } from '@lgw/kernel';
import { CARRIERS } from './carriers.registry';

/** What the gateway offers, as the carriers' folders declare it. Prices live in rate cards. */
export const CARRIER_CATALOGUE: readonly CarrierDescriptor[] = CARRIERS.map((carrier) => carrier.descriptor);

export function findCarrier(code: string): CarrierDescriptor | undefined {
  return CARRIER_CATALOGUE.find((c) => c.code === code);
}

/** The catalogue port over the registry: what the carriers offer, and which are real carriers offered only with a connection. */
export const registryCatalogue: CarrierCataloguePort = {
  all: () => CARRIER_CATALOGUE,
  find: findCarrier,
  connectionOnly: () => CARRIERS.filter((c) => c.offeredWithConnectionOnly).map((c) => c.descriptor.code),
};
