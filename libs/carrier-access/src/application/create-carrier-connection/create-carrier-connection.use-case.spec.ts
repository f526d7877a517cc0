import {
  CarrierDescriptor,
  DomainError,
  ValidationError,
  CarrierUnavailableError,
  CarrierCredentialsRefusedError,
  ResourceLinksPort,
} from '@lgw/kernel';
import { CarrierCredentialSchema } from '../../domain/carrier-connection';
import { CarrierPort, CarrierRegistryPort } from '../ports/carrier.port';
import { CarrierConnectionRecord, CarrierConnectionRepositoryPort } from '../ports/carrier-connection.port';
import { QuoteRepositoryPort } from '@lgw/rating';
import { CarrierConnectionResolver } from '../resolve-carrier-connection/resolve-carrier-connection.use-case';
import { RevokeCarrierConnectionUseCase } from '../revoke-carrier-connection/revoke-carrier-connection.use-case';
import { CreateCarrierConnectionUseCase } from './create-carrier-connection.use-case';

const SCHEMA: CarrierCredentialSchema = {
  fields: { apiToken: { label_en: 'API token', label_ar: 'رمز الواجهة', charset: 'token', min_length: 8, max_length: 64 } },
};
const DESCRIPTOR = { code: 'acme', service_levels: [{ code: 'acme_std' }] } as unknown as CarrierDescriptor;
const GOOD = 'good-token-123456';

/** Connections in memory, with the repository's one-active-per-owner rule. */
class MemoryConnections implements CarrierConnectionRepositoryPort {
  readonly rows: CarrierConnectionRecord[] = [];
  async saveReplacing(record: CarrierConnectionRecord) {
    for (const [i, row] of this.rows.entries()) {
      if (row.status === 'active' && row.owner === record.owner && row.teamId === record.teamId && row.carrierCode === record.carrierCode) {
        this.rows[i] = { ...row, status: 'revoked', revokedAt: record.createdAt };
      }
    }
    this.rows.push(record);
  }
  async seedPlatform(record: CarrierConnectionRecord) {
    if (this.rows.some((r) => r.owner === 'platform' && r.carrierCode === record.carrierCode)) return false;
    this.rows.push(record);
    return true;
  }
  async activeOfTeam(teamId: string) {
    return this.rows.filter((r) => r.teamId === teamId && r.status === 'active');
  }
  async activePlatform() {
    return this.rows.filter((r) => r.owner === 'platform' && r.status === 'active');
  }
  async activeTeamsOf(carrierCode: string) {
    return this.rows.filter((r) => r.owner === 'team' && r.carrierCode === carrierCode && r.status === 'active');
  }
  async find(id: string) {
    return this.rows.find((r) => r.id === id) ?? null;
  }
  async findByWebhookToken(carrierCode: string, tokenHash: string) {
    return this.rows.find((r) => r.carrierCode === carrierCode && r.status === 'active' && r.webhookTokenHash === tokenHash) ?? null;
  }
  async revoke(id: string, owner: { teamId: string } | 'platform', now: Date) {
    const i = this.rows.findIndex(
      (r) => r.id === id && r.status === 'active' && (owner === 'platform' ? r.owner === 'platform' : r.teamId === owner.teamId),
    );
    if (i < 0) return null;
    this.rows[i] = { ...this.rows[i], status: 'revoked', revokedAt: now };
    return this.rows[i];
  }
}

function setUp(answer: (credentials: Readonly<Record<string, string>>) => Promise<null>) {
  const connections = new MemoryConnections();
  const asked: Record<string, string>[] = [];
  const platformAdapter = { code: 'acme' } as CarrierPort;
  const registry: CarrierRegistryPort = {
    get: (code) => (code === 'acme' ? platformAdapter : undefined),
    connect: (_code, credentials) =>
      ({ code: 'acme', findBookingByReference: () => (asked.push({ ...credentials }), answer(credentials)) }) as unknown as CarrierPort,
  };
  const cipher = {
    encrypt: (text: string) => `sealed:${Buffer.from(text).toString('base64')}`,
    decrypt: (text: string) => Buffer.from(text.slice(7), 'base64').toString(),
  };
  const clock = { now: () => new Date('2026-11-26T08:00:00Z') };
  const quotes = new Map<string, { connectionId: string | null }>();
  const quoteRepository = {
    open: (_teamId: string, id: string) => (quotes.has(id) ? { ...quotes.get(id)!, id } : null),
  } as unknown as QuoteRepositoryPort;
  const resolver = new CarrierConnectionResolver(connections, registry, cipher, clock, quoteRepository);
  const create = new CreateCarrierConnectionUseCase(
    connections,
    { schema: (code) => (code === 'acme' ? SCHEMA : undefined), environmentCredentials: () => ({}), codes: () => ['acme'] },
    { all: () => [DESCRIPTOR], find: (code) => (code === 'acme' ? DESCRIPTOR : undefined), connectionOnly: () => [] },
    registry,
    cipher,
    clock,
    resolver,
    { carrierWebhook: (carrier: string, token: string) => `/hooks/${carrier}/${token}` } as unknown as ResourceLinksPort,
  );
  return {
    connections,
    asked,
    create,
    resolver,
    platformAdapter,
    quotes,
    revoke: new RevokeCarrierConnectionUseCase(connections, clock, resolver),
  };
}

const refuseAllBut = (token: string) => async (credentials: Readonly<Record<string, string>>) => {
  if (credentials.apiToken !== token) throw new CarrierCredentialsRefusedError('acme');
  return null;
};

describe('CreateCarrierConnectionUseCase', () => {
  it('tries the credentials at the carrier, then stores them sealed with a hint only', async () => {
    const { create, connections, asked } = setUp(refuseAllBut(GOOD));
    const view = await create.execute({ owner: { teamId: 't1' }, carrier: 'acme', credentials: { api_token: GOOD } });
    expect(asked).toEqual([{ apiToken: GOOD }]);
    expect(view).toMatchObject({ carrier: 'acme', owner: 'team', status: 'active', credentials_hint: 'api_token ••••3456' });
    expect(JSON.stringify(view)).not.toContain(GOOD);
    expect(connections.rows).toHaveLength(1);
    expect(connections.rows[0].credentialsCiphertext).not.toContain(GOOD);
  });

  it('refuses credentials the carrier refuses, on the credential field, and saves nothing', async () => {
    const { create, connections } = setUp(refuseAllBut(GOOD));
    const refused = create.execute({ owner: { teamId: 't1' }, carrier: 'acme', credentials: { api_token: 'wrong-token-0000' } });
    await expect(refused).rejects.toThrow(ValidationError);
    await refused.catch((error: ValidationError) => expect(error.details).toMatchObject({ field: 'credentials.api_token' }));
    expect(connections.rows).toHaveLength(0);
  });

  it('checks the schema and the carrier code before calling the carrier', async () => {
    const { create, asked } = setUp(refuseAllBut(GOOD));
    await expect(create.execute({ owner: { teamId: 't1' }, carrier: 'nope', credentials: { api_token: GOOD } })).rejects.toMatchObject({
      details: { field: 'carrier' },
    });
    await expect(create.execute({ owner: { teamId: 't1' }, carrier: 'acme', credentials: { api_token: 'short' } })).rejects.toMatchObject({
      details: { field: 'credentials.api_token' },
    });
    await expect(
      create.execute({ owner: { teamId: 't1' }, carrier: 'acme', credentials: { api_token: GOOD }, rateCards: { other: {} } }),
    ).rejects.toMatchObject({ details: { field: 'rate_cards.other' } });
    expect(asked).toEqual([]);
  });

  it('a carrier that does not answer is unavailable, not the client’s fault', async () => {
    const { create, connections } = setUp(async () => {
      throw new CarrierUnavailableError('acme', 'timed out');
    });
    await expect(create.execute({ owner: { teamId: 't1' }, carrier: 'acme', credentials: { api_token: GOOD } })).rejects.toBeInstanceOf(
      CarrierUnavailableError,
    );
    expect(connections.rows).toHaveLength(0);
  });

  it("replaces the owner's previous connection; revoking is the owner's only", async () => {
    const { create, revoke, connections } = setUp(async () => null);
    const first = await create.execute({ owner: { teamId: 't1' }, carrier: 'acme', credentials: { api_token: GOOD } });
    const second = await create.execute({ owner: { teamId: 't1' }, carrier: 'acme', credentials: { api_token: `${GOOD}-2` } });
    expect(connections.rows.map((r) => [r.id, r.status])).toEqual([
      [first.id, 'revoked'],
      [second.id, 'active'],
    ]);
    await expect(revoke.execute({ owner: { teamId: 't2' }, connectionId: second.id })).rejects.toEqual(new DomainError('E_NOT_FOUND'));
    await expect(revoke.execute({ owner: 'platform', connectionId: second.id })).rejects.toEqual(new DomainError('E_NOT_FOUND'));
    await revoke.execute({ owner: { teamId: 't1' }, connectionId: second.id });
    expect((await connections.find(second.id))?.status).toBe('revoked');
  });
});

describe('CarrierConnectionResolver', () => {
  it("prices on the team's own connection, else the platform's, and books on the quote's connection", async () => {
    const { create, resolver, platformAdapter, asked } = setUp(async () => null);
    const platform = await create.execute({ owner: 'platform', carrier: 'acme', credentials: { api_token: 'platform-token-1' } });
    expect((await resolver.forRating('t1')).get('acme')).toMatchObject({ id: platform.id, account: 'platform' });

    const card = {
      service_code: 'acme_std',
      carrier_code: 'acme',
      currency: 'SAR',
      volumetric_divisor: 5000,
      fuel_surcharge_percent: '0',
      weight_bands: [{ label: 'contract', up_to_kg: null, base_halalas: 100, per_kg_halalas: 0 }],
    };
    const own = await create.execute({
      owner: { teamId: 't1' },
      carrier: 'acme',
      credentials: { api_token: GOOD },
      rateCards: { acme_std: card },
    });
    const rating = (await resolver.forRating('t1')).get('acme')!;
    expect(rating).toMatchObject({ id: own.id, account: 'own' });
    expect(rating.contractCard('acme_std')?.weight_bands[0].label).toBe('contract');
    expect((await resolver.forRating('t2')).get('acme')?.account).toBe('platform');

    asked.length = 0;
    const adapter = await resolver.forBooking('t1', { carrierCode: 'acme', connectionId: own.id });
    await adapter.findBookingByReference('x');
    expect(asked).toEqual([{ apiToken: GOOD }]);
    expect(await resolver.forBooking('t2', { carrierCode: 'acme', connectionId: platform.id })).toBe(platformAdapter);
    expect(await resolver.forBooking('t2', { carrierCode: 'acme', connectionId: null })).toBe(platformAdapter);
    // Another team cannot book on this team's connection, whatever the quote says.
    await expect(resolver.forBooking('t2', { carrierCode: 'acme', connectionId: own.id })).rejects.toMatchObject({
      details: { field: 'quote_id' },
    });
  });

  it('a revoked connection prices nothing more and books nothing more', async () => {
    const { create, resolver, revoke } = setUp(async () => null);
    const platform = await create.execute({ owner: 'platform', carrier: 'acme', credentials: { api_token: 'platform-token-1' } });
    const own = await create.execute({ owner: { teamId: 't1' }, carrier: 'acme', credentials: { api_token: GOOD } });
    await revoke.execute({ owner: { teamId: 't1' }, connectionId: own.id });
    expect((await resolver.forRating('t1')).get('acme')?.id).toBe(platform.id);
    await expect(resolver.forBooking('t1', { carrierCode: 'acme', connectionId: own.id })).rejects.toMatchObject({
      details: { field: 'quote_id' },
    });
    await revoke.execute({ owner: 'platform', connectionId: platform.id });
    expect((await resolver.forRating('t1')).has('acme')).toBe(false);
  });

  it("serves a shipment's later calls on the account it was booked on, even once that connection is revoked", async () => {
    const { create, resolver, revoke, quotes, asked, platformAdapter } = setUp(async () => null);
    const own = await create.execute({ owner: { teamId: 't1' }, carrier: 'acme', credentials: { api_token: GOOD } });
    quotes.set('q-own', { connectionId: own.id });
    quotes.set('q-old', { connectionId: null });
    await revoke.execute({ owner: { teamId: 't1' }, connectionId: own.id });
    asked.length = 0;
    await (await resolver.forShipment('t1', { carrierCode: 'acme', quoteId: 'q-own' })).findBookingByReference('x');
    expect(asked).toEqual([{ apiToken: GOOD }]);
    expect(await resolver.forShipment('t1', { carrierCode: 'acme', quoteId: 'q-old' })).toBe(platformAdapter);
    expect(await resolver.forShipment('t1', { carrierCode: 'acme', quoteId: null })).toBe(platformAdapter);
    // Another team's shipment never reaches this team's account.
    expect(await resolver.forShipment('t2', { carrierCode: 'acme', quoteId: 'q-own' })).toBe(platformAdapter);
  });
});
