import { DataSource } from 'typeorm';
import { RetentionPolicy, RetentionPort, RetentionReport } from '../application/ports/retention.port';
import { rowCount } from '@lgw/database';

export class SqlRetention implements RetentionPort {
  constructor(private readonly dataSource: DataSource) {}

  async purge(now: Date, policy: RetentionPolicy): Promise<RetentionReport> {
    const batch = policy.batchSize;
    const idempotencyKeys = await this.deleteBatch(
      `DELETE FROM idempotency_keys WHERE ctid IN (SELECT ctid FROM idempotency_keys WHERE expires_at <= $1 LIMIT $2)`,
      [now, batch],
    );
    const quoteCutoff = new Date(now.getTime() - policy.quoteGraceMs);
    // Stored quotes (before signed quote ids, ADR 0031) and the used marks of signed ones.
    const quotes =
      (await this.deleteBatch(`DELETE FROM quotes WHERE id IN (SELECT id FROM quotes WHERE expires_at <= $1 LIMIT $2)`, [
        quoteCutoff,
        batch,
      ])) +
      (await this.deleteBatch(
        `DELETE FROM used_quotes WHERE quote_id IN (SELECT quote_id FROM used_quotes WHERE expires_at <= $1 LIMIT $2)`,
        [quoteCutoff, batch],
      ));
    const outboxEvents = await this.deleteBatch(
      `DELETE FROM outbox_events WHERE id IN (
         SELECT id FROM outbox_events WHERE published_at IS NOT NULL AND published_at <= $1 ORDER BY id LIMIT $2)`,
      [new Date(now.getTime() - policy.outboxKeepMs), batch],
    );
    const billingReceipts = await this.deleteBatch(
      `DELETE FROM billing_event_receipts WHERE event_id IN (
         SELECT event_id FROM billing_event_receipts WHERE processed_at <= $1 LIMIT $2)`,
      [new Date(now.getTime() - policy.outboxKeepMs), batch],
    );
    const carrierIntents = await this.deleteBatch(
      `DELETE FROM carrier_intents WHERE id IN (
         SELECT id FROM carrier_intents WHERE state IN ('completed', 'abandoned') AND updated_at <= $1 LIMIT $2)`,
      [new Date(now.getTime() - policy.outboxKeepMs), batch],
    );
    return { idempotencyKeys, quotes, outboxEvents, billingReceipts, carrierIntents };
  }

  private async deleteBatch(sql: string, params: unknown[]): Promise<number> {
    return rowCount(await this.dataSource.query(sql, params));
  }
}
