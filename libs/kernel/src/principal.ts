import type { ApiMode } from './tenancy/api-mode';
import type { AddressVerificationMode } from './address/address-verification-mode';

/** Who is calling: resolved from the API key presented on every public API request. */
export interface Principal {
  /**
   * The tenant every team-scoped read and write takes: the team for a live key, the team's
   * test scope for a test key (docs/adr/0060-test-mode-tenancy.md).
   */
  readonly teamId: string;
  /** The operator's team id, whatever the mode. */
  readonly accountId: string;
  readonly mode: ApiMode;
  readonly keyId: string;
  readonly rateLimitPerMinute: number;
  /** The team's National Address rule at booking; `warn` when not known. */
  readonly addressVerification?: AddressVerificationMode;
  /** What the key may do (`<resource>:read|write` or `*`), as stored; the edge checks each route against it. */
  readonly scopes: readonly string[];
  /** Address ranges (CIDR) the key is accepted from; empty for anywhere. */
  readonly allowedIps?: readonly string[];
  /** The key's name, for the audit trail. */
  readonly keyName?: string | null;
}

/** What the edge asks of API-key authentication (the access context answers it). */
export interface ApiKeyAuthenticator {
  execute(presented: string | null, now?: number): Promise<Principal | null>;
}
