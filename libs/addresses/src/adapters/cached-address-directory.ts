import type Redis from 'ioredis';
import { AddressDirectoryPort } from '../application/ports/address-directory.port';
import { NationalAddress, NationalAddressQuery, queryKey } from '@lgw/kernel';

/** Where cached look-ups live: Redis (shared by every api replica) or this process's memory (embedded mode). */
export interface AddressCacheStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
}

/** Bounded: the oldest entries go first once `maxEntries` is reached; expiry checked on read. */
export class MemoryAddressCacheStore implements AddressCacheStore {
  private readonly entries = new Map<string, { value: string; expiresAt: number }>();

  constructor(
    private readonly maxEntries = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string): Promise<string | undefined> {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt: this.now() + ttlSeconds * 1000 });
  }
}

/** Shared by the replicas; every entry expires (SET … EX). */
export class RedisAddressCacheStore implements AddressCacheStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async get(key: string): Promise<string | undefined> {
    return (await this.redis.get(`${this.prefix}${key}`)) ?? undefined;
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    await this.redis.set(`${this.prefix}${key}`, value, 'EX', ttlSeconds);
  }
}

/**
 * A short-lived copy in this process in front of the shared store: a booking to a destination
 * looked up within `nearTtlSeconds` costs no Redis round trip (one per booking otherwise). An
 * entry lives here at most that long, a small part of the shared TTL, so what the shared cache
 * says reaches every replica at most that much later. A shared store that fails is still a miss.
 */
export class NearAddressCacheStore implements AddressCacheStore {
  constructor(
    private readonly far: AddressCacheStore,
    private readonly nearTtlSeconds: number,
    private readonly near = new MemoryAddressCacheStore(10_000),
  ) {}

  async get(key: string): Promise<string | undefined> {
    const near = await this.near.get(key);
    if (near !== undefined) return near;
    const far = await this.far.get(key);
    if (far !== undefined) await this.near.set(key, far, this.nearTtlSeconds);
    return far;
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    await this.near.set(key, value, Math.min(ttlSeconds, this.nearTtlSeconds));
    await this.far.set(key, value, ttlSeconds);
  }
}

export interface AddressCacheOptions {
  /** How long a found address is kept (ADDRESS_CACHE_TTL_SECONDS): short addresses rarely change. */
  readonly ttlSeconds: number;
  /** How long "no such address" is kept (ADDRESS_CACHE_NEGATIVE_TTL_SECONDS): shorter, a building may be registered. */
  readonly negativeTtlSeconds: number;
  readonly observer?: (result: 'hit' | 'miss') => void;
}

const NOT_FOUND = 'null';

/**
 * Look-ups through a cache. A cache that fails (Redis away) is a miss and the service is asked:
 * verification never depends on the cache. One look-up per key at a time in this process, so a
 * burst of bookings to one new address makes one call. Failures of the service are not cached.
 */
export class CachedAddressDirectory implements AddressDirectoryPort {
  private readonly inFlight = new Map<string, Promise<NationalAddress | null>>();

  constructor(
    private readonly service: AddressDirectoryPort,
    private readonly store: AddressCacheStore,
    private readonly options: AddressCacheOptions,
  ) {}

  async lookup(query: NationalAddressQuery): Promise<NationalAddress | null> {
    const key = queryKey(query);
    const cached = await this.store.get(key).catch(() => undefined);
    if (cached !== undefined) {
      const parsed = parse(cached);
      if (parsed !== undefined) {
        this.options.observer?.('hit');
        return parsed;
      }
    }
    this.options.observer?.('miss');
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const started = this.service
      .lookup(query)
      .then(async (found) => {
        const ttl = found ? this.options.ttlSeconds : this.options.negativeTtlSeconds;
        await this.store.set(key, found ? JSON.stringify(found) : NOT_FOUND, ttl).catch(() => undefined);
        return found;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, started);
    return started;
  }
}

function parse(value: string): NationalAddress | null | undefined {
  try {
    return JSON.parse(value) as NationalAddress | null;
  } catch {
    return undefined;
  }
}
