import { type Principal, GATEWAY_SETTINGS, GatewaySettings } from '@lgw/kernel';
import { timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';

import { ActiveKey, TEAM_REPOSITORY, TeamRepositoryPort } from '../ports/team.repository.port';
import { apiKeyPattern, hashApiKey } from '../api-key-material';

interface CacheEntry {
  readonly key: ActiveKey | null;
  readonly expiresAt: number;
  /** Built once per look-up: every request of the key shares it (it is never changed). */
  readonly principal: Principal | null;
  readonly storedHash: Buffer | null;
  readonly expiresAtMs: number | null;
}

/** Revocation on another replica is honoured within this long. */
export const KEY_CACHE_TTL_MS = 1000;
const MAX_CACHE_ENTRIES = 50_000;
/** A key's last use is recorded at most this often per process: it is advisory, not an audit. */
export const KEY_USE_RECORD_EVERY_MS = 60_000;

/**
 * The API keys this process knows, by hash, for about a second: who presents a key, and what
 * revoking a key or changing a team's rules must make it forget. A plain service over the team
 * store, shared by authentication and the admin use cases that change what a key resolves to.
 */
@Injectable()
export class ApiKeyPrincipals {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly lastRecorded = new Map<string, number>();
  private readonly inFlight = new Map<string, Promise<CacheEntry>>();
  /** Bumped by every forget: look-ups started before it are not cached. */
  private generation = 0;
  private readonly pattern: RegExp;

  constructor(
    @Inject(TEAM_REPOSITORY) private readonly teams: TeamRepositoryPort,
    @Inject(GATEWAY_SETTINGS) private readonly settings: GatewaySettings,
  ) {
    this.pattern = apiKeyPattern(settings.apiKeyPrefix);
  }

  /** Returns null for a missing, malformed, unknown, revoked or expired key. */
  async resolve(presented: string | null, now = Date.now()): Promise<Principal | null> {
    if (!presented || !this.pattern.test(presented)) return null;
    const hash = hashApiKey(presented);
    let entry = this.cache.get(hash);
    if (!entry || entry.expiresAt <= now) entry = await this.lookup(hash, now);
    // The look-up was by hash; comparing the stored hash in constant time keeps the
    // check independent of how many leading characters match.
    if (!entry.principal || !entry.storedHash || !timingSafeEqual(entry.storedHash, Buffer.from(hash, 'utf8'))) return null;
    // Checked on every request, not when cached: a key expires at its instant, not up to a TTL later.
    if (entry.expiresAtMs !== null && entry.expiresAtMs <= now) return null;
    this.recordUse(entry.principal.keyId, now);
    return entry.principal;
  }

  private entryOf(key: ActiveKey | null, expiresAt: number): CacheEntry {
    if (!key) return { key, expiresAt, principal: null, storedHash: null, expiresAtMs: null };
    const principal: Principal = Object.freeze({
      teamId: key.teamId,
      accountId: key.accountId,
      mode: key.mode,
      keyId: key.keyId,
      rateLimitPerMinute: key.rateLimitPerMinute ?? this.settings.rateLimitPerMinute,
      addressVerification: key.addressVerification,
      scopes: Object.freeze([...(key.scopes ?? [])]),
      allowedIps: Object.freeze([...(key.allowedIps ?? [])]),
      keyName: key.name ?? null,
    });
    return { key, expiresAt, principal, storedHash: Buffer.from(key.keyHash, 'utf8'), expiresAtMs: key.expiresAt?.getTime() ?? null };
  }

  /**
   * One database look-up per key at a time. Under load every request that finds the entry
   * expired at once would otherwise send its own (50 connections, 50 identical queries each
   * second), and embedded mode's single connection serialises them in front of real work.
   * A look-up that a revocation overtook answers its waiters but is not kept.
   */
  private lookup(hash: string, now: number): Promise<CacheEntry> {
    const pending = this.inFlight.get(hash);
    if (pending) return pending;
    const generation = this.generation;
    const started = this.teams
      .findActiveKeyByHash(hash)
      .then((key) => {
        const entry = this.entryOf(key, now + KEY_CACHE_TTL_MS);
        if (generation === this.generation) {
          if (this.cache.size >= MAX_CACHE_ENTRIES) this.cache.clear();
          this.cache.set(hash, entry);
        }
        return entry;
      })
      .finally(() => this.inFlight.delete(hash));
    this.inFlight.set(hash, started);
    return started;
  }

  /**
   * Fire and forget, throttled: the control panel's "last used" must never slow a request down
   * or fail it, so a lost write is acceptable and the next use records it again.
   */
  private recordUse(keyId: string, now: number): void {
    const last = this.lastRecorded.get(keyId);
    if (last !== undefined && now - last < KEY_USE_RECORD_EVERY_MS) return;
    if (this.lastRecorded.size >= MAX_CACHE_ENTRIES) this.lastRecorded.clear();
    this.lastRecorded.set(keyId, now);
    this.teams.touchKey(keyId, new Date(now)).catch(() => this.lastRecorded.delete(keyId));
  }

  forgetKey(keyId: string): void {
    this.generation++;
    for (const [hash, entry] of this.cache) if (entry.key?.keyId === keyId) this.cache.delete(hash);
  }

  forgetTeam(teamId: string): void {
    this.generation++;
    for (const [hash, entry] of this.cache) if (entry.key?.accountId === teamId) this.cache.delete(hash);
  }
}

/** Who is calling, from the API key presented on every public API request. */
@Injectable()
export class AuthenticateApiKeyUseCase {
  constructor(private readonly principals: ApiKeyPrincipals) {}

  /** Returns null for a missing, malformed, unknown, revoked or expired key (the HTTP edge reads it from the header). */
  execute(presented: string | null, now = Date.now()): Promise<Principal | null> {
    return this.principals.resolve(presented, now);
  }
}
