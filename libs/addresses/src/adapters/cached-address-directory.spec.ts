import { AddressDirectoryPort } from '../application/ports/address-directory.port';
import { AddressServiceUnavailableError, NationalAddress, NationalAddressQuery } from '@lgw/kernel';
import { AddressCacheStore, CachedAddressDirectory, MemoryAddressCacheStore, NearAddressCacheStore } from './cached-address-directory';

const FOUND = { short_address: 'RRRD2929', postal_code: '12211' } as NationalAddress;
const query = (shortAddress: string): NationalAddressQuery => ({ kind: 'short_address', shortAddress });

function service(answer: (q: NationalAddressQuery) => Promise<NationalAddress | null>) {
  const calls: string[] = [];
  const port: AddressDirectoryPort = {
    lookup: (q) => {
      calls.push(q.kind === 'short_address' ? q.shortAddress : q.postalCode);
      return answer(q);
    },
  };
  return { port, calls };
}

describe('CachedAddressDirectory', () => {
  it('asks the service once per address, caches "not found" too, and counts hits and misses', async () => {
    const { port, calls } = service(async (q) => (q.kind === 'short_address' && q.shortAddress === 'RRRD2929' ? FOUND : null));
    const counts = { hit: 0, miss: 0 };
    const cache = new CachedAddressDirectory(port, new MemoryAddressCacheStore(), {
      ttlSeconds: 60,
      negativeTtlSeconds: 10,
      observer: (result) => counts[result]++,
    });
    for (let i = 0; i < 3; i++) {
      expect(await cache.lookup(query('RRRD2929'))).toEqual(FOUND);
      expect(await cache.lookup(query('ZZZZ1000'))).toBeNull();
    }
    expect(calls).toEqual(['RRRD2929', 'ZZZZ1000']);
    expect(counts).toEqual({ hit: 4, miss: 2 });
  });

  it('makes one call for concurrent look-ups of one address, and caches no failure', async () => {
    let fail = true;
    const { port, calls } = service(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      if (fail) throw new AddressServiceUnavailableError('down', 5);
      return FOUND;
    });
    const cache = new CachedAddressDirectory(port, new MemoryAddressCacheStore(), { ttlSeconds: 60, negativeTtlSeconds: 10 });
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => cache.lookup(query('RRRD2929'))));
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(calls).toHaveLength(1);
    fail = false;
    expect(await cache.lookup(query('RRRD2929'))).toEqual(FOUND);
    expect(calls).toHaveLength(2);
  });

  it('treats a broken cache as a miss: verification never depends on it', async () => {
    const { port, calls } = service(async () => FOUND);
    const broken: AddressCacheStore = {
      get: () => Promise.reject(new Error('redis away')),
      set: () => Promise.reject(new Error('redis away')),
    };
    const cache = new CachedAddressDirectory(port, broken, { ttlSeconds: 60, negativeTtlSeconds: 10 });
    expect(await cache.lookup(query('RRRD2929'))).toEqual(FOUND);
    expect(await cache.lookup(query('RRRD2929'))).toEqual(FOUND);
    expect(calls).toHaveLength(2);
  });

  it('forgets entries after their TTL and stays bounded', async () => {
    let now = 0;
    const store = new MemoryAddressCacheStore(2, () => now);
    await store.set('a', '1', 10);
    await store.set('b', '2', 10);
    await store.set('c', '3', 10);
    expect(await store.get('a')).toBeUndefined();
    expect(await store.get('c')).toBe('3');
    now = 10_001;
    expect(await store.get('c')).toBeUndefined();
  });

  it('keeps a short copy of what the shared store answered, and reads the shared store again after it', async () => {
    let now = 0;
    const far = new MemoryAddressCacheStore(100, () => now);
    const reads: string[] = [];
    const counted: AddressCacheStore = {
      get: (key) => {
        reads.push(key);
        return far.get(key);
      },
      set: (key, value, ttl) => far.set(key, value, ttl),
    };
    const store = new NearAddressCacheStore(counted, 30, new MemoryAddressCacheStore(100, () => now));
    await far.set('a', 'shared', 3600);
    expect(await store.get('a')).toBe('shared');
    expect(await store.get('a')).toBe('shared');
    expect(reads).toEqual(['a']);
    await far.set('a', 'changed', 3600);
    now += 31_000;
    expect(await store.get('a')).toBe('changed');
    expect(reads).toEqual(['a', 'a']);
    // Written through, with no longer here than there.
    await store.set('b', 'null', 10);
    expect(await far.get('b')).toBe('null');
    now += 11_000;
    expect(await store.get('b')).toBeUndefined();
  });

  it('is a miss when the shared store fails, as the shared store alone is', async () => {
    const broken: AddressCacheStore = { get: () => Promise.reject(new Error('down')), set: () => Promise.reject(new Error('down')) };
    const { port, calls } = service(async () => FOUND);
    const directory = new CachedAddressDirectory(port, new NearAddressCacheStore(broken, 30), { ttlSeconds: 60, negativeTtlSeconds: 10 });
    expect(await directory.lookup(query('RRRD2929'))).toEqual(FOUND);
    expect(calls).toEqual(['RRRD2929']);
  });
});
