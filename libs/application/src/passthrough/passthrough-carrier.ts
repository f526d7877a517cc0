import { DomainError, IntegrationType } from '@lgw/domain';
import { CarrierPort, CarrierRegistryPort } from '../ports/carrier.port';
import { CarrierCataloguePort } from '../ports/rating-sources.port';

/** docs/api.md §4 rule 6: only carriers with a native JSON API have a passthrough target. */
export const PASSTHROUGH_INTEGRATION_TYPES: readonly IntegrationType[] = ['rest', 'rest_legacy'];

/**
 * The carrier a passthrough path names. A carrier without a passthrough target is as
 * absent as an unknown code: the caller gets the same 404 either way.
 */
export function passthroughCarrier(
  code: string,
  catalogue: CarrierCataloguePort,
  registry: CarrierRegistryPort,
): CarrierPort {
  const descriptor = catalogue.find(code);
  const adapter = descriptor && PASSTHROUGH_INTEGRATION_TYPES.includes(descriptor.integration_type) ? registry.get(code) : undefined;
  if (!adapter) throw new DomainError('E_NOT_FOUND');
  return adapter;
}
