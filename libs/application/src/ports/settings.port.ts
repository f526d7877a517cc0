/** The operator settings use cases need, bound from the app config. */
export interface GatewaySettings {
  readonly apiKeyPrefix: string;
  readonly rateLimitPerMinute: number;
  readonly quoteTtlSeconds: number;
}

export const GATEWAY_SETTINGS = Symbol('GATEWAY_SETTINGS');
