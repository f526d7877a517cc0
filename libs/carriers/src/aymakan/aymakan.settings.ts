import { carrierCredential, CarrierEndpoint, CarrierSettingsContext, resolveCarrierEndpoint } from '../shared/carrier-settings';
import { ResilienceSettings } from '../shared/resilience.settings';

export interface AymakanSettings extends CarrierEndpoint {
  /** The merchant account's API token, sent as the raw `Authorization` header (AYMAKAN_API_TOKEN). */
  readonly apiToken: string;
}

export interface AymakanSettingsInput {
  baseUrl?: string;
  apiToken?: string;
  resilience?: Partial<ResilienceSettings>;
}

/** The token the local sandbox's platform account accepts (Aymakan issues 40-character tokens). */
export const AYMAKAN_SANDBOX_TOKEN = 'aymakan0sandbox000000000000000000000token';

/** Explicit values win, then the connection's credentials, then the environment (AYMAKAN_*), then the local sandbox. */
export function resolveAymakanSettings(input: AymakanSettingsInput = {}, context: CarrierSettingsContext = {}): AymakanSettings {
  return {
    ...resolveCarrierEndpoint('aymakan', input, context),
    apiToken: carrierCredential('aymakan', 'apiToken', input.apiToken, context, AYMAKAN_SANDBOX_TOKEN),
  };
}
