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
}

export interface TeamRepositoryPort {
  createWithKey(team: TeamRecord, key: NewApiKey): Promise<void>;
  exists(teamId: string): Promise<boolean>;
  addKey(key: NewApiKey): Promise<void>;
  /** Returns false when the team has no such active key. */
  revokeKey(teamId: string, keyId: string, at: Date): Promise<boolean>;
  /** Returns false when the team does not exist. */
  setRateLimit(teamId: string, perMinute: number): Promise<boolean>;
  findActiveKeyByHash(keyHash: string): Promise<ActiveKey | null>;
}

export const TEAM_REPOSITORY = Symbol('TEAM_REPOSITORY');
