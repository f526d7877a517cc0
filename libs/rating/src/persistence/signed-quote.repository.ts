import { DataSource } from 'typeorm';
import { CarrierIntent } from '@lgw/kernel';
import { IssuedQuote, QuoteRepositoryPort, StoredQuote } from '../application/ports/quote.repository.port';
import { pendingIntentRow } from '@lgw/carrier-access';
import { preparedQuery } from '@lgw/database';
import { SignedQuoteCodec } from './signed-quote.codec';

/**
 * Quotes as signed, team-bound, expiring ids (docs/adr/0031): rating writes nothing, the id
 * itself carries what booking must honour. What a token cannot say — that it was used — is a
 * row in `used_quotes`, whose primary key lets one booking claim a quote, on any number of
 * replicas; the unique index on shipments.quote_id stays the last line. Nothing lives in Redis,
 * so losing Redis voids no issued quote.
 */
export class SignedQuoteRepository implements QuoteRepositoryPort {
  private readonly codec: SignedQuoteCodec;

  /** @param embedded PGlite in the api's thread: one connection, no WAL flush to spare. */
  constructor(
    private readonly dataSource: DataSource,
    signingKey: Buffer,
    private readonly embedded = false,
  ) {
    this.codec = new SignedQuoteCodec(signingKey);
  }

  issue(quotes: readonly IssuedQuote[]): Promise<string[]> {
    return Promise.resolve(this.codec.sealAll(quotes));
  }

  async findForTeam(teamId: string, quoteId: string): Promise<StoredQuote | null> {
    const quote = this.codec.open(teamId, quoteId);
    if (!quote) return null;
    const rows = await preparedQuery<{ used_at: Date }>(
      this.dataSource,
      'used_quote',
      'SELECT used_at FROM used_quotes WHERE quote_id = $1',
      [quoteId],
    );
    return { ...quote, id: quoteId, usedAt: rows[0]?.used_at ?? null };
  }

  open(teamId: string, quoteId: string): StoredQuote | null {
    const quote = this.codec.open(teamId, quoteId);
    return quote ? { ...quote, id: quoteId, usedAt: null } : null;
  }

  /**
   * One statement, one flushed commit: the claim row and the booking intent exist together or not
   * at all, so no claim is ever left without the intent that explains it (docs/adr/0068). A quote
   * claimed already inserts nothing, the intent included. Prepared: its text never changes.
   */
  async claimWithIntent(quote: StoredQuote, intent: Omit<CarrierIntent, 'state'>, now: Date): Promise<boolean> {
    const row = pendingIntentRow(intent, 5);
    const rows = await preparedQuery<{ used_at: Date }>(
      this.dataSource,
      'claim_quote_with_intent',
      `WITH claim AS (
         INSERT INTO used_quotes (quote_id, team_id, used_at, expires_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (quote_id) DO NOTHING RETURNING used_at
       ), intent AS (
         INSERT INTO carrier_intents (${row.columns}) SELECT ${row.values} FROM claim
       )
       SELECT used_at FROM claim`,
      [quote.id, quote.teamId, now, quote.expiresAt, ...row.params],
    );
    return rows.length > 0;
  }

  async release(teamId: string, quoteId: string): Promise<void> {
    await this.relaxed('DELETE FROM used_quotes WHERE quote_id = $1 AND team_id = $2', [quoteId, teamId]);
  }

  /**
   * Releases do not wait for the WAL flush (PostgreSQL): a booking whose carrier is down claims
   * and releases on every attempt, and a flushed commit each time slowed the other carriers'
   * bookings. A release lost in a crash leaves a claim whose intent recovery settles and releases.
   */
  private async relaxed<T>(sql: string, params: unknown[]): Promise<T[]> {
    if (this.embedded) return this.dataSource.query(sql, params);
    return this.dataSource.transaction(async (em) => {
      await em.query('SET LOCAL synchronous_commit = off');
      return em.query(sql, params);
    });
  }
}
