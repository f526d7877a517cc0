import { DomainError } from '@lgw/kernel';
import { CarrierPort, CarrierRegistryPort } from './ports/carrier.port';
import { CarrierCataloguePort } from './ports/rating-sources.port';

/**
 * The carrier a passthrough path names, if it declares the capability (docs/api.md §4 rule 6: only a
 * native JSON API is a passthrough target; the carrier's folder says whether it has one). A
 * carrier without one is as absent as an unknown code: the caller gets the same 404 either way.
 */
export function passthroughCarrier(code: string, catalogue: CarrierCataloguePort, registry: CarrierRegistryPort): CarrierPort {
  const descriptor = catalogue.find(code);
  const adapter = descriptor?.capabilities.passthrough ? registry.get(code) : undefined;
  if (!adapter) throw new DomainError('E_NOT_FOUND');
  return adapter;
}
