import { carrierCredential, CarrierEndpoint, CarrierSettingsContext, resolveCarrierEndpoint } from '../shared/carrier-settings';
import { ResilienceSettings } from '../shared/resilience.settings';

export interface BahrSettings extends CarrierEndpoint {
  /** BAHR_USERNAME / BAHR_PASSWORD. */
  readonly username: string;
  readonly password: string;
}

export interface BahrSettingsInput {
  baseUrl?: string;
  username?: string;
  password?: string;
  resilience?: Partial<ResilienceSettings>;
}

export const BAHR_SANDBOX_USERNAME = 'lgw-gateway';
export const BAHR_SANDBOX_PASSWORD = 'bahr-sandbox-password';

/** Explicit values win, then the connection's credentials, then the environment (BAHR_*), then the local sandbox. */
export function resolveBahrSettings(input: BahrSettingsInput = {}, context: CarrierSettingsContext = {}): BahrSettings {
  return {
    ...resolveCarrierEndpoint('bahr', input, context),
    username: carrierCredential('bahr', 'username', input.username, context, BAHR_SANDBOX_USERNAME),
    password: carrierCredential('bahr', 'password', input.password, context, BAHR_SANDBOX_PASSWORD),
  };
}
