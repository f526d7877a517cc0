import {
  carrierCredential,
  carrierNumber,
  CarrierEndpoint,
  CarrierSettingsContext,
  resolveCarrierEndpoint,
} from '../shared/carrier-settings';
import { ResilienceSettings } from '../shared/resilience.settings';

/** The account's ClientInfo, as Aramex issues it to a customer (docs/carriers/aramex.md). */
export interface AramexAccount {
  readonly username: string;
  readonly password: string;
  readonly accountNumber: string;
  readonly accountPin: string;
  /** The Aramex entity (branch) that holds the account, e.g. RUH. */
  readonly accountEntity: string;
  readonly accountCountryCode: string;
}

export interface AramexSettings extends CarrierEndpoint, AramexAccount {
  /** How long one CalculateRate may take before the quote is given up (ARAMEX_RATE_TIMEOUT_MS). */
  readonly rateTimeoutMs: number;
}

export interface AramexSettingsInput extends Partial<AramexAccount> {
  baseUrl?: string;
  rateTimeoutMs?: number;
  resilience?: Partial<ResilienceSettings>;
}

/** The platform account the local sandbox accepts (Aramex's own test accounts have this shape). */
export const ARAMEX_SANDBOX_ACCOUNT: AramexAccount = {
  username: 'sandbox@lgw-aramex.test',
  password: 'Sandbox-Aramex-1',
  accountNumber: '45796',
  accountPin: '116216',
  accountEntity: 'RUH',
  accountCountryCode: 'SA',
};

export const ARAMEX_RATE_TIMEOUT_MS = 3000;

/** Explicit values win, then the connection's credentials, then the environment (ARAMEX_*), then the local sandbox. */
export function resolveAramexSettings(input: AramexSettingsInput = {}, context: CarrierSettingsContext = {}): AramexSettings {
  const credential = (name: keyof AramexAccount) => carrierCredential('aramex', name, input[name], context, ARAMEX_SANDBOX_ACCOUNT[name]);
  return {
    ...resolveCarrierEndpoint('aramex', input, context),
    username: credential('username'),
    password: credential('password'),
    accountNumber: credential('accountNumber'),
    accountPin: credential('accountPin'),
    accountEntity: credential('accountEntity'),
    accountCountryCode: credential('accountCountryCode'),
    rateTimeoutMs: carrierNumber('aramex', 'rateTimeoutMs', input.rateTimeoutMs, context.env ?? {}, ARAMEX_RATE_TIMEOUT_MS),
  };
}
