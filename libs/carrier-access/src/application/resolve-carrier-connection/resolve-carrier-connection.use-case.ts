import { Inject, Injectable } from '@nestjs/common';
import { ConnectionAccount, ConnectionCredentials } from '../../domain/carrier-connection';
import { parseRateCard, RateCard, ValidationError, CLOCK, ClockPort, WEBHOOK_SECRET_CIPHER, WebhookSecretCipherPort } from '@lgw/kernel';
import { CARRIER_REGISTRY, carrierAdapter, carriersFor, CarrierPort, CarrierRegistryPort } from '../ports/carrier.port';
import { CARRIER_CONNECTION_REPOSITORY, CarrierConnectionRecord, CarrierConnectionRepositoryPort } from '../ports/carrier-connection.port';
import { QUOTE_CONNECTIONS, QuoteConnectionsPort } from '../ports/quote-connections.port';
import { hashWebhookToken, isWebhookTokenShaped } from '../carrier-webhook-token';

/** The connection a team's quotes for one carrier are priced and booked on. */
export interface QuoteConnection {
  readonly id: string;
  readonly account: ConnectionAccount;
  /** The contract rate card of a service level, when the connection has one (else the carrier's own). */
  contractCard(serviceCode: string): RateCard | undefined;
}

/** What a quote names about its connection (none: issued before connections existed). */
export interface QuotedConnection {
  readonly carrierCode: string;
  readonly connectionId?: string | null;
}

/**
 * How long connections read from the database serve rating in this process. Rating is the
 * hottest route: it reads no table per request. A change made through this process applies at
 * once; one made through another replica within this bound (docs/adr/0065).
 */
export const CONNECTIONS_CACHE_MS = 5_000;
const TEAMS_REMEMBERED = 10_000;

interface Snapshot {
  readonly at: number;
  readonly byCarrier: ReadonlyMap<string, QuoteConnection>;
}

/**
 * Which carrier contract a team's work goes to (docs/adr/0065-carrier-connections.md): its own
 * active connection to a carrier, else the platform's; a carrier with neither is not offered.
 * Rating asks which connection (and contract rates) prices each carrier; booking gets the
 * adapter of the connection the quote was priced on, working on that account's credentials.
 */
/** What tells which account a shipment lives on at its carrier. */
export interface BookedOnConnection {
  readonly carrierCode: string;
  readonly quoteId: string | null;
  readonly connectionId?: string | null;
}

/** A carrier account whose cash-on-delivery payouts are read, with the adapter working on it. */
export interface PayoutAccount {
  /** Null: the platform's account; else the team connection's id. */
  readonly connectionId: string | null;
  readonly adapter: CarrierPort;
}

@Injectable()
export class CarrierConnectionResolver {
  // Not a use case: the shared resolution that rating, booking, cancel, destination change and
  // recovery work through, and that the connection use cases tell about their changes.
  private platform: { at: number; records: CarrierConnectionRecord[] } | null = null;
  private readonly teams = new Map<string, Snapshot>();
  private readonly cards = new Map<string, ReadonlyMap<string, RateCard>>();
  /** The platform connection each live carrier's platform adapter works with, by carrier code. */
  private readonly applied = new Map<string, string>();

  constructor(
    @Inject(CARRIER_CONNECTION_REPOSITORY) private readonly connections: CarrierConnectionRepositoryPort,
    @Inject(CARRIER_REGISTRY) private readonly carriers: CarrierRegistryPort,
    @Inject(WEBHOOK_SECRET_CIPHER) private readonly cipher: WebhookSecretCipherPort,
    @Inject(CLOCK) private readonly clock: ClockPort,
    @Inject(QUOTE_CONNECTIONS) private readonly quotes: QuoteConnectionsPort,
  ) {}

  /** Carrier code → the connection that prices the team's quotes; carriers absent have none. */
  async forRating(teamId: string): Promise<ReadonlyMap<string, QuoteConnection>> {
    const now = this.clock.now().getTime();
    const known = this.teams.get(teamId);
    if (known && now - known.at < CONNECTIONS_CACHE_MS && this.platform && now - this.platform.at < CONNECTIONS_CACHE_MS) {
      return known.byCarrier;
    }
    let platform: CarrierConnectionRecord[];
    let own: CarrierConnectionRecord[];
    try {
      [platform, own] = await Promise.all([this.platformRecords(now), this.connections.activeOfTeam(teamId)]);
    } catch (error) {
      // The database is away: what this process knew still prices (rating needs no I/O, ADR 0031).
      if (known) return known.byCarrier;
      throw error;
    }
    const byCarrier = new Map<string, QuoteConnection>();
    for (const record of platform) byCarrier.set(record.carrierCode, this.quoteConnection(record, 'platform'));
    for (const record of own) byCarrier.set(record.carrierCode, this.quoteConnection(record, 'own'));
    if (this.teams.size >= TEAMS_REMEMBERED) {
      // Parsed contract cards go with them: revoked connections' cards are not kept for ever.
      this.teams.clear();
      this.cards.clear();
    }
    this.teams.set(teamId, { at: now, byCarrier });
    return byCarrier;
  }

  /**
   * The adapter a quote books on: the team's own account's, or the platform's. A quote priced
   * on a connection removed since is refused before any carrier call (the contract it priced
   * is gone; new rates quote the one that applies now).
   */
  async forBooking(teamId: string, quote: QuotedConnection): Promise<CarrierPort> {
    const registry = await carriersFor(this.carriers, teamId);
    if (!quote.connectionId) return carrierAdapter(registry, quote.carrierCode);
    // Most bookings are on the platform's connections, known here already: no read per booking.
    const platform = await this.platformRecords(this.clock.now().getTime());
    if (platform.some((r) => r.id === quote.connectionId && r.carrierCode === quote.carrierCode)) {
      return carrierAdapter(registry, quote.carrierCode);
    }
    // A team's own: read each time, so a deletion through any replica stops its quotes at once.
    const record = await this.connections.find(quote.connectionId);
    const usable =
      record?.status === 'active' && record.carrierCode === quote.carrierCode && (record.owner === 'platform' || record.teamId === teamId);
    if (!record || !usable) throw connectionRemoved();
    if (record.owner === 'platform') return carrierAdapter(registry, quote.carrierCode);
    const adapter = registry.connect?.(record.carrierCode, this.credentials(record));
    if (!adapter) throw new Error(`carrier ${record.carrierCode} cannot work on an account's credentials`);
    return adapter;
  }

  /**
   * The adapter of the account a shipment was booked on (its quote names the connection), for
   * the calls about that booking: cancel, destination change, recovery. A connection revoked
   * since still serves the bookings made on it: they live on that account at the carrier.
   */
  async forShipment(teamId: string, shipment: BookedOnConnection): Promise<CarrierPort> {
    const registry = await carriersFor(this.carriers, teamId);
    const connectionId = await this.bookedConnectionId(teamId, shipment);
    if (!connectionId) return carrierAdapter(registry, shipment.carrierCode);
    const platform = await this.platformRecords(this.clock.now().getTime());
    if (platform.some((r) => r.id === connectionId)) return carrierAdapter(registry, shipment.carrierCode);
    const record = await this.connections.find(connectionId);
    const own = record?.owner === 'team' && record.teamId === teamId && record.carrierCode === shipment.carrierCode;
    return (own && registry.connect?.(record.carrierCode, this.credentials(record))) || carrierAdapter(registry, shipment.carrierCode);
  }

  /**
   * The connection a shipment was booked on: recorded on the shipment, or, for bookings stored
   * before shipments recorded it, named by its quote. Null: the carrier's platform account.
   */
  async bookedConnectionId(teamId: string, shipment: BookedOnConnection): Promise<string | null> {
    if (shipment.connectionId) return shipment.connectionId;
    if (!shipment.quoteId) return null;
    return this.quotes.open(teamId, shipment.quoteId)?.connectionId ?? null;
  }

  /**
   * The connection a carrier push names by its webhook token, with the adapter of its account
   * (which reads the pushed body) and whose shipments it may touch: the team's, or every team's
   * booked on the platform account (teamId null). Null for a token no active connection has.
   */
  async forPush(carrierCode: string, token: string): Promise<{ adapter: CarrierPort; teamId: string | null } | null> {
    if (!isWebhookTokenShaped(token)) return null;
    const record = await this.connections.findByWebhookToken(carrierCode, hashWebhookToken(token));
    if (!record) return null;
    // A test scope's connection works with the sandbox's carriers (docs/adr/0060).
    const registry = record.teamId ? await carriersFor(this.carriers, record.teamId) : this.carriers;
    const adapter =
      record.owner === 'team' ? registry.connect?.(record.carrierCode, this.credentials(record)) : registry.get(record.carrierCode);
    return adapter ? { adapter, teamId: record.owner === 'team' ? record.teamId : null } : null;
  }

  /**
   * The accounts of a carrier that publish payouts to someone (docs/adr/0091): the platform's,
   * then every team's active connection, each with the adapter working on its credentials. Read
   * from the database on every call, so a connection made through any replica is read on the next
   * run and a revoked one is not read again.
   */
  async payoutAccounts(carrierCode: string): Promise<PayoutAccount[]> {
    // A platform connection changed through another replica moves the platform adapter first.
    await this.platformRecords(this.clock.now().getTime());
    const accounts: PayoutAccount[] = [];
    const platform = this.carriers.get(carrierCode);
    if (platform) accounts.push({ connectionId: null, adapter: platform });
    for (const record of await this.connections.activeTeamsOf(carrierCode)) {
      // A test scope's connection works with the sandbox's carriers (docs/adr/0060).
      const registry = await carriersFor(this.carriers, record.teamId!);
      let adapter: CarrierPort | undefined;
      try {
        adapter = registry.connect?.(record.carrierCode, this.credentials(record));
      } catch {
        // Sealed with another key (WEBHOOK_SECRET_KEY changed): that account cannot be read.
        continue;
      }
      if (adapter) accounts.push({ connectionId: record.id, adapter });
    }
    return accounts;
  }

  /** Decrypted credentials of a connection: for the adapter only, never kept or shown. */
  credentials(record: CarrierConnectionRecord): ConnectionCredentials {
    return JSON.parse(this.cipher.decrypt(record.credentialsCiphertext)) as ConnectionCredentials;
  }

  /** A connection of this tenant (or the platform's, 'platform') changed in this process: rating sees it at once. */
  changed(owner: string | 'platform'): void {
    if (owner === 'platform') {
      this.platform = null;
      this.teams.clear();
    } else {
      this.teams.delete(owner);
    }
  }

  /**
   * The platform's connections, re-read at most every CONNECTIONS_CACHE_MS; a platform
   * connection changed through another replica moves this process's live adapter to it.
   */
  private async platformRecords(now: number): Promise<CarrierConnectionRecord[]> {
    if (this.platform && now - this.platform.at < CONNECTIONS_CACHE_MS) return this.platform.records;
    let records: CarrierConnectionRecord[];
    try {
      records = await this.connections.activePlatform();
    } catch (error) {
      if (this.platform) return this.platform.records;
      throw error;
    }
    this.platform = { at: now, records };
    for (const record of records) this.applyPlatform(record);
    return records;
  }

  /** Points the live platform adapter of the record's carrier at its credentials, once per connection. */
  applyPlatform(record: CarrierConnectionRecord): void {
    if (this.applied.get(record.carrierCode) === record.id) return;
    this.applied.set(record.carrierCode, record.id);
    try {
      this.carriers.usePlatformCredentials?.(record.carrierCode, this.credentials(record));
    } catch {
      // Sealed with another key (WEBHOOK_SECRET_KEY changed): the adapter keeps what it had.
    }
  }

  /** The runtime built the platform adapters with these connections' credentials (start-up). */
  markApplied(records: readonly CarrierConnectionRecord[]): void {
    for (const record of records) this.applied.set(record.carrierCode, record.id);
  }

  private quoteConnection(record: CarrierConnectionRecord, account: ConnectionAccount): QuoteConnection {
    let cards = this.cards.get(record.id);
    if (!cards) {
      cards = new Map(Object.entries(record.rateCards ?? {}).map(([service, json]) => [service, parseRateCard(json)]));
      this.cards.set(record.id, cards);
    }
    const contract = cards;
    return { id: record.id, account, contractCard: (service) => contract.get(service) };
  }
}

function connectionRemoved(): ValidationError {
  return new ValidationError(
    'quote_id',
    'was priced on a carrier connection that has since been removed; request new rates',
    'سُعّر عرض السعر على ربط بشركة شحن أُزيل منذ ذلك الحين؛ اطلب أسعاراً جديدة',
  );
}
