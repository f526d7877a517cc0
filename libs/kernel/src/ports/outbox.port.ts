export interface OutboxEvent {
  readonly id: string;
  readonly teamId: string;
  readonly aggregateId: string;
  readonly type: string;
  readonly payload: Record<string, unknown>;
  readonly createdAt: Date;
  /**
   * Whether the team had an enabled webhook endpoint when the event was read (false: nothing
   * to fan out, as the fan-out itself would find). Absent when the outbox does not say.
   */
  readonly webhookEndpoint?: boolean;
}

export interface OutboxPort {
  /**
   * Hands the oldest unpublished events to `publish` and marks them published in the same
   * transaction; if `publish` throws, nothing is marked and the events come back next time.
   * Replicas skip rows another replica holds (FOR UPDATE SKIP LOCKED).
   */
  relayBatch(limit: number, publish: (events: readonly OutboxEvent[]) => Promise<void>): Promise<number>;
  /** Marks the events published after `since` unpublished again; returns how many. */
  unpublishSince(since: Date): Promise<number>;
}

export const OUTBOX = Symbol('OUTBOX');
