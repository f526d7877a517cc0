import { Logger } from '@nestjs/common';
import {
  CarrierConnectionRecord,
  CarrierConnectionRepositoryPort,
  CarrierConnectionResolver,
  CarrierPort,
  CarrierRemittance,
  CarrierRegistryPort,
} from '@lgw/carrier-access';
import { CarrierOperationNotSupportedError, CarrierUnavailableError } from '@lgw/kernel';
import { QuoteRepositoryPort } from '@lgw/rating';
import { CodRemittanceRepositoryPort, PayoutAccountKey, RecordedPayout } from '../ports/cod-remittance.repository.port';
import { ImportRemittancesUseCase } from './import-remittances.use-case';

const PAGE = 2;

/** Connections in memory: what the resolver reads of them. */
class MemoryConnections {
  readonly rows: CarrierConnectionRecord[] = [];
  add(id: string, teamId: string | null, token: string, status: 'active' | 'revoked' = 'active'): void {
    this.rows.push({
      id,
      carrierCode: 'acme',
      owner: teamId ? 'team' : 'platform',
      teamId,
      accountNumber: null,
      credentialsCiphertext: JSON.stringify({ apiToken: token }),
      credentialsHint: 'apiToken',
      rateCards: null,
      status,
      createdAt: new Date('2026-11-01T00:00:00Z'),
      revokedAt: null,
    });
  }
  revoke(id: string): void {
    const i = this.rows.findIndex((r) => r.id === id);
    this.rows[i] = { ...this.rows[i], status: 'revoked' };
  }
  async activePlatform() {
    return this.rows.filter((r) => r.owner === 'platform' && r.status === 'active');
  }
  async activeTeamsOf(carrierCode: string) {
    return this.rows.filter((r) => r.owner === 'team' && r.carrierCode === carrierCode && r.status === 'active');
  }
}

/** A carrier whose accounts (by API token) each publish their own payout feed, paged by index. */
class FeedCarrier {
  readonly feeds = new Map<string, CarrierRemittance[]>();
  readonly reads: string[] = [];
  refused = new Set<string>();
  publishes = true;

  pay(token: string, reference: string, trackingNumber: string): void {
    const feed = this.feeds.get(token) ?? [];
    feed.push({ reference, remittedAt: new Date('2026-11-20T10:00:00Z'), lines: [{ trackingNumber, amountHalalas: 100 }] });
    this.feeds.set(token, feed);
  }

  adapter(token: string): CarrierPort {
    return {
      code: 'acme',
      fetchRemittances: async (cursor: string | null) => {
        this.reads.push(token);
        if (!this.publishes) throw new CarrierOperationNotSupportedError('acme', 'remittances');
        if (this.refused.has(token)) throw new CarrierUnavailableError('acme', 'credentials refused');
        const feed = this.feeds.get(token) ?? [];
        const from = cursor === null ? 0 : Number(cursor);
        const page = feed.slice(from, from + PAGE);
        return { remittances: page, cursor: String(from + page.length), hasMore: from + page.length < feed.length };
      },
    } as unknown as CarrierPort;
  }
}

/** Payouts and feed positions in memory, keyed as the SQL repository keys them. */
class MemoryRemittances {
  readonly cursors = new Map<string, string>();
  readonly recorded: Array<{ account: PayoutAccountKey; reference: string }> = [];
  async cursor(carrierCode: string, account: PayoutAccountKey) {
    return this.cursors.get(`${carrierCode}/${account}`) ?? null;
  }
  async saveCursor(carrierCode: string, account: PayoutAccountKey, cursor: string) {
    this.cursors.set(`${carrierCode}/${account}`, cursor);
  }
  async recordPayout(_carrierCode: string, account: PayoutAccountKey, payout: CarrierRemittance): Promise<RecordedPayout> {
    if (this.recorded.some((r) => r.account === account && r.reference === payout.reference)) return { created: [], unmatched: 0 };
    this.recorded.push({ account, reference: payout.reference });
    return { created: [{ id: payout.reference } as never], unmatched: 0 };
  }
}

function setUp() {
  const connections = new MemoryConnections();
  connections.add('platform-conn', null, 'platform-token');
  const carrier = new FeedCarrier();
  const registry: CarrierRegistryPort = {
    get: (code) => (code === 'acme' ? carrier.adapter('platform-token') : undefined),
    connect: (code, credentials) => (code === 'acme' ? carrier.adapter(credentials.apiToken) : undefined),
  };
  const cipher = { encrypt: (text: string) => text, decrypt: (text: string) => text };
  const resolver = new CarrierConnectionResolver(
    connections as unknown as CarrierConnectionRepositoryPort,
    registry,
    cipher,
    { now: () => new Date('2026-11-26T08:00:00Z') },
    { open: () => null } as unknown as QuoteRepositoryPort,
  );
  const remittances = new MemoryRemittances();
  const importRemittances = new ImportRemittancesUseCase(resolver, remittances as unknown as CodRemittanceRepositoryPort);
  return { connections, carrier, remittances, importRemittances };
}

describe('ImportRemittancesUseCase', () => {
  // What each run read and recorded is told by the ports; the log lines are the operator's.
  beforeEach(() => {
    for (const level of ['log', 'warn'] as const) jest.spyOn(Logger.prototype, level).mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it("reads the platform's feed and each team connection's, each from its own position", async () => {
    const { connections, carrier, remittances, importRemittances } = setUp();
    connections.add('conn-a', 'team-a', 'token-a');
    carrier.pay('platform-token', 'P1', 'TN1');
    carrier.pay('token-a', 'A1', 'TN2');
    carrier.pay('token-a', 'A2', 'TN3');
    carrier.pay('token-a', 'A3', 'TN4');

    expect(await importRemittances.execute({ carrierCode: 'acme' })).toEqual({ payouts: 4, remittances: 4, unmatched: 0 });
    expect(remittances.recorded).toEqual([
      { account: 'platform', reference: 'P1' },
      { account: 'conn-a', reference: 'A1' },
      { account: 'conn-a', reference: 'A2' },
      { account: 'conn-a', reference: 'A3' },
    ]);
    expect(Object.fromEntries(remittances.cursors)).toEqual({ 'acme/platform': '1', 'acme/conn-a': '3' });

    // The next run goes on from each account's own position.
    carrier.pay('token-a', 'A4', 'TN5');
    expect(await importRemittances.execute({ carrierCode: 'acme' })).toEqual({ payouts: 1, remittances: 1, unmatched: 0 });
    expect(remittances.recorded.at(-1)).toEqual({ account: 'conn-a', reference: 'A4' });
  });

  it('picks up a connection made since the last run and stops reading a revoked one', async () => {
    const { connections, carrier, remittances, importRemittances } = setUp();
    await importRemittances.execute({ carrierCode: 'acme' });
    expect(carrier.reads).toEqual(['platform-token']);

    connections.add('conn-b', 'team-b', 'token-b');
    carrier.pay('token-b', 'B1', 'TN1');
    await importRemittances.execute({ carrierCode: 'acme' });
    expect(remittances.recorded).toEqual([{ account: 'conn-b', reference: 'B1' }]);

    connections.revoke('conn-b');
    carrier.pay('token-b', 'B2', 'TN2');
    carrier.reads.length = 0;
    await importRemittances.execute({ carrierCode: 'acme' });
    expect(carrier.reads).toEqual(['platform-token']);
    expect(remittances.recorded).toHaveLength(1);
  });

  it("reads the other accounts when one fails, then fails the run; the failed account's position stays", async () => {
    const { connections, carrier, remittances, importRemittances } = setUp();
    connections.add('conn-a', 'team-a', 'token-a');
    connections.add('conn-b', 'team-b', 'token-b');
    carrier.pay('token-a', 'A1', 'TN1');
    carrier.pay('token-b', 'B1', 'TN2');
    carrier.refused.add('token-a');

    await expect(importRemittances.execute({ carrierCode: 'acme' })).rejects.toBeInstanceOf(CarrierUnavailableError);
    expect(remittances.recorded).toEqual([{ account: 'conn-b', reference: 'B1' }]);
    expect(remittances.cursors.has('acme/conn-a')).toBe(false);

    carrier.refused.clear();
    await importRemittances.execute({ carrierCode: 'acme' });
    expect(remittances.recorded).toContainEqual({ account: 'conn-a', reference: 'A1' });
  });

  it('stops asking a carrier that publishes no payouts, for every account of it', async () => {
    const { connections, carrier, importRemittances } = setUp();
    connections.add('conn-a', 'team-a', 'token-a');
    carrier.publishes = false;
    expect(await importRemittances.execute({ carrierCode: 'acme' })).toEqual({ payouts: 0, remittances: 0, unmatched: 0 });
    expect(await importRemittances.execute({ carrierCode: 'acme' })).toEqual({ payouts: 0, remittances: 0, unmatched: 0 });
    expect(carrier.reads).toEqual(['platform-token']);
  });
});
