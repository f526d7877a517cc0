import { AddressVerificationMode } from '@lgw/domain';

export interface TeamRecord {
  readonly id: string;
  readonly name: string;
  readonly rateLimitPerMinute: number | null;
}

export interface NewApiKey {
  readonly id: string;
  readonly teamId: string;
  readonly keyHash: string;
  readonly displayPrefix: string;
}

/** An active (not revoked) key with what a request needs to know about its team. */
export interface ActiveKey {
  readonly keyId: string;
  readonly teamId: string;
  readonly keyHash: string;
  readonly rateLimitPerMinute: number | null;
  /** What bookings do with a Saudi destination the address register does not confirm (docs/adr/0052). */
  readonly addressVerification: AddressVerificationMode;
}

/** What an operator sees of a team. */
export interface TeamSummary {
  readonly id: string;
  readonly name: string;
  readonly rateLimitPerMinute: number | null;
  readonly activeKeys: number;
  readonly createdAt: Date;
  readonly addressVerification: AddressVerificationMode;
}

/** What an operator sees of a key: never the key, only its display prefix. */
export interface ApiKeySummary {
  readonly id: string;
  readonly displayPrefix: string;
  readonly createdAt: Date;
  readonly lastUsedAt: Date | null;
  readonly revokedAt: Date | null;
}

export interface TeamRepositoryPort {
  createWithKey(team: TeamRecord, key: NewApiKey): Promise<void>;
  exists(teamId: string): Promise<boolean>;
  addKey(key: NewApiKey): Promise<void>;
  /** Returns false when the team has no such active key. */
  revokeKey(teamId: string, keyId: string, at: Date): Promise<boolean>;
  /** Returns false when the team does not exist. */
  setRateLimit(teamId: string, perMinute: number): Promise<boolean>;
  /** Returns false when the team does not exist. */
  setAddressVerification(teamId: string, mode: AddressVerificationMode): Promise<boolean>;
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
