import { AddressVerificationMode, ApiMode, AuditEntry } from '@lgw/kernel';

export interface TeamRecord {
  readonly id: string;
  readonly name: string;
  readonly rateLimitPerMinute: number | null;
}

export interface NewApiKey {
  readonly id: string;
  /** The team (never its test scope); the mode says which of the two the key works in. */
  readonly teamId: string;
  readonly mode: ApiMode;
  readonly keyHash: string;
  readonly displayPrefix: string;
  readonly name?: string | null;
  /** `*` unless narrowed (docs/adr/0082-scoped-keys-and-audit.md). */
  readonly scopes?: readonly string[];
  readonly expiresAt?: Date | null;
  readonly allowedIps?: readonly string[];
  /** The key's last four characters, shown so a holder can tell keys apart; the rest is never kept. */
  readonly last4?: string | null;
}

/** An active (not revoked) key with what a request needs to know about its team. */
export interface ActiveKey {
  readonly keyId: string;
  /**
   * The tenant the key works in: the team itself for a live key, the team's test scope for a
   * test key. Every team-scoped query takes this id, so test and live data never meet.
   */
  readonly teamId: string;
  /** The team the key belongs to (the operator's team id), whatever its mode. */
  readonly accountId: string;
  readonly mode: ApiMode;
  readonly keyHash: string;
  readonly rateLimitPerMinute: number | null;
  /** What bookings do with a Saudi destination the address register does not confirm (docs/adr/0052). */
  readonly addressVerification: AddressVerificationMode;
  readonly name: string | null;
  readonly scopes: readonly string[];
  readonly expiresAt: Date | null;
  readonly allowedIps: readonly string[];
}

/** What an operator sees of a team. */
export interface TeamSummary {
  readonly id: string;
  readonly name: string;
  readonly rateLimitPerMinute: number | null;
  readonly activeKeys: number;
  readonly createdAt: Date;
  readonly addressVerification: AddressVerificationMode;
  readonly autoReturnAfterAttempts: number;
  readonly brandColour: string | null;
}

/** What an operator sees of a key: never the key, only its display prefix. */
export interface ApiKeySummary {
  readonly id: string;
  readonly mode: ApiMode;
  readonly displayPrefix: string;
  readonly createdAt: Date;
  readonly lastUsedAt: Date | null;
  readonly revokedAt: Date | null;
  readonly name: string | null;
  readonly scopes: readonly string[];
  readonly expiresAt: Date | null;
  readonly allowedIps: readonly string[];
  readonly last4: string | null;
}

export interface TeamRepositoryPort {
  /** The team, its test scope (testScopeId) and its first keys, together. */
  createWithKeys(team: TeamRecord, testScopeId: string, keys: readonly NewApiKey[]): Promise<void>;
  /** A team an operator manages (never a test scope). */
  exists(teamId: string): Promise<boolean>;
  /** The team's mode by tenant id (a test scope's id answers 'test'); null when unknown. */
  modeOf(tenantId: string): Promise<ApiMode | null>;
  /** The key and its audit event, in one transaction. */
  addKey(key: NewApiKey, audit?: AuditEntry): Promise<void>;
  /**
   * Returns false when the team has no such active key (live or test), or `mode` is given and the
   * key is of the other mode. With `unlessLastFullAccess`, also false (`last_full_access`) when the
   * key has `*` and is the team's only active unexpired one of its mode: checked under a lock of
   * the team's keys, so two keys revoking each other at once cannot both succeed.
   */
  revokeKey(
    teamId: string,
    keyId: string,
    at: Date,
    options?: { readonly mode?: ApiMode; readonly unlessLastFullAccess?: boolean; readonly audit?: AuditEntry },
  ): Promise<boolean | 'last_full_access'>;
  /** Returns false when the team does not exist. */
  setRateLimit(teamId: string, perMinute: number): Promise<boolean>;
  /** Returns false when the team does not exist. */
  setAddressVerification(teamId: string, mode: AddressVerificationMode): Promise<boolean>;
  /** Failed deliveries of one parcel before it goes back by itself (docs/adr/0083); false for an unknown team. */
  setAutoReturnAfterAttempts(teamId: string, attempts: number): Promise<boolean>;
  /** The colour of its recipients' tracking pages (#rrggbb, lower case) or null; false for an unknown team. */
  setBrandColour(teamId: string, colour: string | null): Promise<boolean>;
  findActiveKeyByHash(keyHash: string): Promise<ActiveKey | null>;
  /** Teams, newest first. */
  listTeams(): Promise<TeamSummary[]>;
  findTeam(teamId: string): Promise<TeamSummary | null>;
  /** The team's keys, revoked ones included, newest first. */
  listKeys(teamId: string): Promise<ApiKeySummary[]>;
  /** Records that a key was used (advisory, for the control panel). */
  touchKey(keyId: string, at: Date): Promise<void>;
}

export const TEAM_REPOSITORY = Symbol('TEAM_REPOSITORY');
