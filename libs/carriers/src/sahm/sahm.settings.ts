import { carrierCredential, CarrierEndpoint, CarrierSettingsContext, resolveCarrierEndpoint } from '../shared/carrier-settings';
import { ResilienceSettings } from '../shared/resilience.settings';

export interface SahmSettings extends CarrierEndpoint {
  /** Bearer token (SAHM_API_TOKEN). */
  readonly apiToken: string;
}

export interface SahmSettingsInput {
  baseUrl?: string;
  apiToken?: string;
  resilience?: Partial<ResilienceSettings>;
}

export const SAHM_SANDBOX_TOKEN = 'sahm-sandbox-token';

/** Explicit values win, then the connection's credentials, then the environment (SAHM_*), then the local sandbox. */
export function resolveSahmSettings(input: SahmSettingsInput = {}, context: CarrierSettingsContext = {}): SahmSettings {
  return {
    ...resolveCarrierEndpoint('sahm', input, context),
    apiToken: carrierCredential('sahm', 'apiToken', input.apiToken, context, SAHM_SANDBOX_TOKEN),
  };
}
