export * from './registry/carrier-catalogue';
export * from './registry/carriers.registry';
export * from './rate-cards/rate-card.repository';
export * from './registry/carrier-registry';
export {
  CarrierDefinition,
  CarrierLack,
  ClosableCarrier,
  carrierContext,
  carrierEnvironment,
  carrierLacks,
  connectionSchemaOf,
} from './shared/carrier-definition';
export {
  CarrierEndpoints,
  CarrierSettingsContext,
  carrierEndpoints,
  carrierEnvName,
  resolveCarrierEndpoint,
} from './shared/carrier-settings';
export { defaultSandboxUrl } from './shared/env';
export { observeCarrierExchanges, CarrierExchange } from './shared/carrier-http';
export { ResilienceSettings, CarrierCallObserver, DEFAULT_RESILIENCE } from './shared/resilience.settings';
export * from './registry/modal-carrier-registry';
export * from './registry/sandbox-control.client';
export * from './registry/carrier-credential-schemas';
// A carrier's own modules (adapter, settings, client) are imported from its folder
// (`@lgw/carriers/<code>/...`): this index names no carrier, so adding one leaves it alone.
