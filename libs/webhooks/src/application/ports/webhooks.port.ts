import type { AuditEntry } from '@lgw/kernel';
import { WebhookEventKind } from '@lgw/kernel';
import { WebhookDeliveryState } from '../../domain/webhook-endpoint-rules';

/** A team's one webhook endpoint. Secrets are held encrypted (WebhookSecretCipherPort). */
export interface WebhookEndpointRecord {
  readonly teamId: string;
  readonly url: string;
  readonly events: readonly WebhookEventKind[];
  readonly secretCiphertext: string;
  /** The secret before the last rotation, still signed with until `previousSecretExpiresAt`. */
  readonly previousSecretCiphertext: string | null;
  readonly previousSecretExpiresAt: Date | null;
  readonly enabled: boolean;
  /** Why the endpoint was disabled: `gone` (410) or `failing` (5 days of failures). */
  readonly disabledReason: string | null;
  /** First failure of the current unbroken run of failures; null after a success. */
  readonly failingSince: Date | null;
  readonly updatedAt: Date;
}

export interface WebhookEndpointRepositoryPort {
  find(teamId: string): Promise<WebhookEndpointRecord | null>;
  /**
   * Creates the endpoint, or replaces url and events of the existing one keeping its
   * secret; either way the endpoint is enabled again. `newSecretCiphertext` is used only
   * when the endpoint is created.
   */
  save(
    teamId: string,
    url: string,
    events: readonly WebhookEventKind[],
    newSecretCiphertext: string,
    now: Date,
    /** The change's audit event, from the endpoint as it was (null: none yet); written in the same transaction. */
    audit?: (previous: { readonly url: string; readonly events: readonly string[] } | null) => AuditEntry,
  ): Promise<WebhookEndpointRecord>;
  /** Replaces the secret; the old one keeps signing until `previousExpiresAt`. Null when no endpoint. */
  rotateSecret(
    teamId: string,
    secretCiphertext: string,
    previousExpiresAt: Date,
    now: Date,
    audit?: AuditEntry,
  ): Promise<WebhookEndpointRecord | null>;
  /** A delivered attempt ends the endpoint's run of failures. */
  markHealthy(teamId: string): Promise<void>;
  /** Records a failed attempt; returns when the run of failures started. */
  markFailing(teamId: string, now: Date): Promise<Date>;
  disable(teamId: string, reason: 'gone' | 'failing', now: Date): Promise<void>;
}

export interface NewWebhookMessage {
  /** The webhook-id: stable per (domain event, kind), so a replayed event never gets a second id. */
  readonly id: string;
  readonly teamId: string;
  readonly eventId: string;
  readonly type: string;
  readonly shipmentId: string | null;
  /** The exact bytes signed and sent on every attempt. */
  readonly body: string;
  readonly createdAt: Date;
}

export interface WebhookMessageRecord extends NewWebhookMessage {
  readonly state: WebhookDeliveryState;
  readonly attempts: number;
  readonly lastStatusCode: number | null;
  readonly lastError: string | null;
  readonly lastAttemptAt: Date | null;
  readonly nextAttemptAt: Date | null;
  readonly deliveredAt: Date | null;
}

/** A message handed to one delivery job; the lease token makes a stale job a no-op. */
export interface ClaimedWebhookMessage {
  readonly id: string;
  readonly leaseToken: string;
}

export interface WebhookAttemptRecord {
  readonly state: WebhookDeliveryState;
  readonly statusCode: number | null;
  readonly error: string | null;
  readonly nextAttemptAt: Date | null;
  readonly at: Date;
}

export interface WebhookMessageRepositoryPort {
  /** Inserts the messages that do not exist yet (by id); returns how many were new. */
  insertMany(messages: readonly NewWebhookMessage[]): Promise<number>;
  /**
   * Leases due pending messages for delivery, oldest first per team and round-robin across
   * teams, never more than `perTeamLimit` in flight per team (leased and not expired).
   */
  claimDue(options: { now: Date; perTeamLimit: number; limit: number; leaseMs: number; teamId?: string }): Promise<ClaimedWebhookMessage[]>;
  /** The message if the lease is still this one's and it is pending. */
  findLeased(claim: ClaimedWebhookMessage): Promise<WebhookMessageRecord | null>;
  /** Records an attempt and releases the lease; false when the lease was lost meanwhile. */
  recordAttempt(claim: ClaimedWebhookMessage, attempt: WebhookAttemptRecord): Promise<boolean>;
  list(
    teamId: string,
    filter: { state?: WebhookDeliveryState; limit: number; offset: number },
  ): Promise<{ items: WebhookMessageRecord[]; total: number }>;
  find(teamId: string, id: string): Promise<WebhookMessageRecord | null>;
  /** A failed message back to pending, due now; false unless it was failed. */
  requeueFailed(teamId: string, id: string, now: Date): Promise<boolean>;
  /** Fails every pending message of the team (its endpoint was disabled). */
  failPending(teamId: string, reason: string, now: Date): Promise<number>;
}

export interface WebhookSendResult {
  /** Null when no HTTP answer came (refused target, network error, timeout). */
  readonly statusCode: number | null;
  readonly error: string | null;
  /** From a 429/503's Retry-After. */
  readonly retryAfterMs?: number;
}

export interface WebhookSenderPort {
  /** Refuses targets that resolve to non-public addresses (unless allowed): null when fine, else the reason. */
  checkTarget(url: string): Promise<string | null>;
  /** One POST, redirects not followed, to the very address that passed the check. */
  send(url: string, headers: Record<string, string>, body: string): Promise<WebhookSendResult>;
}

export interface WebhookSignerPort {
  /** `whsec_` + base64 of 32 random bytes. */
  newSecret(): string;
  /** The webhook-signature value: one `v1,<sig>` per secret, space-separated. */
  sign(secrets: readonly string[], messageId: string, timestampSeconds: number, body: string): string;
}

export interface WebhookSettings {
  /** Delays after each failed attempt (production: the Standard Webhooks schedule). */
  readonly retryScheduleMs: readonly number[];
  readonly timeoutMs: number;
  /** Deliveries in flight per team at most: one team's slow endpoint cannot take every slot. */
  readonly perTeamConcurrency: number;
  readonly disableAfterMs: number;
  /** How long the old secret keeps signing after a rotation. */
  readonly rotationOverlapMs: number;
}

export const WEBHOOK_ENDPOINT_REPOSITORY = Symbol('WEBHOOK_ENDPOINT_REPOSITORY');
export const WEBHOOK_MESSAGE_REPOSITORY = Symbol('WEBHOOK_MESSAGE_REPOSITORY');
export const WEBHOOK_SENDER = Symbol('WEBHOOK_SENDER');
export const WEBHOOK_SIGNER = Symbol('WEBHOOK_SIGNER');
export const WEBHOOK_SETTINGS = Symbol('WEBHOOK_SETTINGS');
