import { carrierCredential, CarrierEndpoint, CarrierSettingsContext, resolveCarrierEndpoint } from '../shared/carrier-settings';
import { ResilienceSettings } from '../shared/resilience.settings';

export interface SmsaSettings extends CarrierEndpoint {
  /** The merchant account's key, sent in the `apikey` header (SMSA_API_KEY). */
  readonly apiKey: string;
}

export interface SmsaSettingsInput {
  baseUrl?: string;
  apiKey?: string;
  resilience?: Partial<ResilienceSettings>;
}

/** The key the local sandbox's platform account accepts (32 hex characters, like SMSA's). */
export const SMSA_SANDBOX_KEY = '5a4d5341000000000000000000sandbox';

/** Explicit values win, then the connection's credentials, then the environment (SMSA_*), then the local sandbox. */
export function resolveSmsaSettings(input: SmsaSettingsInput = {}, context: CarrierSettingsContext = {}): SmsaSettings {
  return {
    ...resolveCarrierEndpoint('smsa', input, context),
    apiKey: carrierCredential('smsa', 'apiKey', input.apiKey, context, SMSA_SANDBOX_KEY),
  };
}
