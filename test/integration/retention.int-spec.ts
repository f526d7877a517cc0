import { randomUUID } from 'node:crypto';
import { PurgeExpiredUseCase } from '@lgw/operations';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';

describe('retention purge', () => {
  let t: TestApp;
  let team: TestTeam;

  beforeAll(async () => {
    t = await bootTestApp();
    team = await t.createTeam('Retention Team');
  });
  afterAll(() => t.close());

  it('deletes only what outlived its purpose', async () => {
    const db = t.runtime.database.dataSource;
    const hour = 3600_000;
    const now = Date.now();
    for (const [key, expires] of [
      ['old-key', new Date(now - hour)],
      ['live-key', new Date(now + hour)],
    ] as const) {
      await db.query(
        `INSERT INTO idempotency_keys (team_id, scope, key, request_hash, state, created_at, expires_at)
         VALUES ($1, 'POST /shipments', $2, $3, 'completed', now(), $4)`,
        [team.teamId, key, 'a'.repeat(64), expires],
      );
    }
    const quote = (id: string, expires: Date) =>
      db.query(
        `INSERT INTO quotes (id, team_id, carrier_code, service_code, lane, origin_country, destination_country,
           parcels_fingerprint, chargeable_kg, base_halalas, weight_charge_halalas, fuel_surcharge_halalas, vat_halalas,
           total_halalas, created_at, expires_at)
         VALUES ($1, $2, 'sahm', 'sahm_express_domestic', 'domestic', 'SA', 'SA', $3, 1.0, 1, 1, 1, 1, 4, now(), $4)`,
        [id, team.teamId, 'b'.repeat(64), expires],
      );
    const staleQuote = randomUUID();
    const recentlyExpired = randomUUID();
    await quote(staleQuote, new Date(now - 2 * hour));
    await quote(recentlyExpired, new Date(now - 60_000));
    const event = (publishedAt: Date | null) =>
      db.query(
        `INSERT INTO outbox_events (team_id, aggregate_id, type, payload, published_at)
         VALUES ($1, $2, 'shipment.created', '{}', $3) RETURNING id`,
        [team.teamId, randomUUID(), publishedAt],
      );
    const [oldPublished] = await event(new Date(now - 8 * 24 * hour));
    const [recentPublished] = await event(new Date(now - hour));
    const [unpublished] = await event(null);

    const receipt = (eventId: string, processedAt: Date) =>
      db.query('INSERT INTO billing_event_receipts (event_id, processed_at) VALUES ($1, $2)', [eventId, processedAt]);
    await receipt(String(oldPublished.id), new Date(now - 8 * 24 * hour));
    await receipt(String(recentPublished.id), new Date(now - hour));

    const intent = async (state: string, updatedAt: Date) => {
      const id = randomUUID();
      await db.query(
        `INSERT INTO carrier_intents (id, kind, team_id, shipment_id, carrier_code, state, payload, created_at, updated_at)
         VALUES ($1, 'book', $2, $3, 'sahm', $4, '{}', $5, $5)`,
        [id, team.teamId, randomUUID(), state, updatedAt],
      );
      return id;
    };
    await intent('completed', new Date(now - 8 * 24 * hour));
    const recentIntent = await intent('completed', new Date(now - hour));
    const unresolvedIntent = await intent('pending', new Date(now - 8 * 24 * hour));

    const report = await t.app.get(PurgeExpiredUseCase).execute();
    expect(report).toEqual({ idempotencyKeys: 1, quotes: 1, outboxEvents: 1, billingReceipts: 1, carrierIntents: 1 });
    const intents = await db.query('SELECT id FROM carrier_intents WHERE team_id = $1 ORDER BY id', [team.teamId]);
    expect(intents.map((i: any) => i.id).sort()).toEqual([recentIntent, unresolvedIntent].sort());

    const keys = await db.query('SELECT key FROM idempotency_keys WHERE team_id = $1', [team.teamId]);
    expect(keys.map((k: any) => k.key)).toEqual(['live-key']);
    const quotes = await db.query('SELECT id FROM quotes WHERE id = ANY($1)', [[staleQuote, recentlyExpired]]);
    expect(quotes.map((q: any) => q.id)).toEqual([recentlyExpired]);
    const events = await db.query('SELECT id FROM outbox_events WHERE id = ANY($1::bigint[]) ORDER BY id', [
      [oldPublished.id, recentPublished.id, unpublished.id],
    ]);
    expect(events.map((e: any) => String(e.id))).toEqual([String(recentPublished.id), String(unpublished.id)]);
    const receipts = await db.query('SELECT event_id FROM billing_event_receipts WHERE event_id = ANY($1)', [
      [String(oldPublished.id), String(recentPublished.id)],
    ]);
    expect(receipts.map((r: any) => r.event_id)).toEqual([String(recentPublished.id)]);
  });
});
