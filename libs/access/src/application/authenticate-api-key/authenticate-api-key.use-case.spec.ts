import { generateApiKey } from '../api-key-material';
import { ActiveKey, TeamRepositoryPort } from '../ports/team.repository.port';
import { GatewaySettings } from '@lgw/kernel';
import { ApiKeyPrincipals, AuthenticateApiKeyUseCase, KEY_CACHE_TTL_MS } from './authenticate-api-key.use-case';

/** The repository's one method this use case calls, counting calls and answering on demand. */
class KeyLookups {
  readonly calls: string[] = [];
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly keys: Map<string, ActiveKey>) {}
  findActiveKeyByHash = (hash: string): Promise<ActiveKey | null> => {
    this.calls.push(hash);
    return new Promise((resolve) => this.waiting.push(() => resolve(this.keys.get(hash) ?? null)));
  };
  answerAll(): void {
    this.waiting.splice(0).forEach((answer) => answer());
  }
}

describe('AuthenticateApiKeyUseCase: key look-ups', () => {
  const settings = { apiKeyPrefix: 'lgw', rateLimitPerMinute: 60 } as GatewaySettings;
  const material = generateApiKey('lgw');
  const active: ActiveKey = {
    keyId: 'k1',
    teamId: 't1',
    accountId: 't1',
    mode: 'live',
    keyHash: material.hash,
    rateLimitPerMinute: null,
    addressVerification: 'warn',
    name: null,
    scopes: ['*'],
    expiresAt: null,
    allowedIps: [],
  };
  let lookups: KeyLookups;
  let useCase: AuthenticateApiKeyUseCase;
  let principals: ApiKeyPrincipals;
  const bearer = material.plaintext;

  beforeEach(() => {
    lookups = new KeyLookups(new Map([[material.hash, active]]));
    const teams = { findActiveKeyByHash: lookups.findActiveKeyByHash, touchKey: () => Promise.resolve() };
    principals = new ApiKeyPrincipals(teams as unknown as TeamRepositoryPort, settings);
    useCase = new AuthenticateApiKeyUseCase(principals);
  });

  it('sends one look-up for many concurrent requests of one key, and answers them all', async () => {
    const now = Date.now();
    const all = Promise.all(Array.from({ length: 50 }, () => useCase.execute(bearer, now)));
    lookups.answerAll();
    const principals = await all;
    expect(lookups.calls).toHaveLength(1);
    expect(principals.every((p) => p?.teamId === 't1' && p.keyId === 'k1' && p.rateLimitPerMinute === 60)).toBe(true);
  });

  it('looks the key up again once the cached answer is older than the TTL, once', async () => {
    const now = Date.now();
    const first = useCase.execute(bearer, now);
    lookups.answerAll();
    await first;
    await useCase.execute(bearer, now + KEY_CACHE_TTL_MS - 1);
    expect(lookups.calls).toHaveLength(1);
    const later = Promise.all([useCase.execute(bearer, now + KEY_CACHE_TTL_MS), useCase.execute(bearer, now + KEY_CACHE_TTL_MS)]);
    lookups.answerAll();
    await later;
    expect(lookups.calls).toHaveLength(2);
  });

  it('does not keep a look-up that a revocation overtook', async () => {
    const now = Date.now();
    const pending = useCase.execute(bearer, now);
    principals.forgetKey('k1');
    lookups.answerAll();
    await pending;
    const again = useCase.execute(bearer, now);
    lookups.answerAll();
    await again;
    expect(lookups.calls).toHaveLength(2);
  });
});
