import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  DEFAULT_IDEMPOTENCY_LEASE_MS,
  GATEWAY_SETTINGS,
  GatewaySettings,
  IDEMPOTENCY_STORE,
  IdempotencyBegin,
  IdempotencyClaim,
  IdempotencyStorePort,
  IdempotencyRef,
  INTENT_RECOVERY,
  IntentRecoveryPort,
  DomainError,
  ValidationError,
} from '@lgw/kernel';
import { isRequestOutcome, RequestOutcome } from './request-outcome';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** When the carrier could not be asked about a dead request's call: try again shortly. */
const UNSETTLED_RETRY_AFTER_SECONDS = 5;

/** One request that may carry an Idempotency-Key. */
export interface IdempotentCall {
  readonly teamId: string;
  /** Method and path with its parameters (`POST /shipments/{id}/cancel`). */
  readonly scope: string;
  /** The Idempotency-Key header as sent, if any. */
  readonly rawKey: string | undefined;
  /** What makes two requests the same one: the validated body, or a file's name, size and hash. */
  readonly fingerprint: unknown;
  /** How the route answers when it runs. */
  readonly outcome: RequestOutcome;
}

export interface IdempotentAnswer<T> {
  readonly outcome: RequestOutcome;
  readonly body: T;
  readonly replayed: boolean;
}

/** 409 E_IDEMPOTENCY_IN_PROGRESS, with the seconds after which a retry can expect an answer. */
export class IdempotencyInProgressError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super('E_IDEMPOTENCY_IN_PROGRESS');
  }
}

/**
 * `Idempotency-Key` (docs/api.md §10): same team + key + body → the first response again; another
 * body → 422 E_IDEMPOTENCY_MISMATCH; first one still running → 409 E_IDEMPOTENCY_IN_PROGRESS
 * with Retry-After. Only successful responses are kept: a failed attempt frees the key.
 * A running request holds the key for a lease (docs/adr/0014-idempotency-leases.md): once it
 * has expired, the request's process is taken for dead, what it left at a carrier is settled
 * (intent recovery keeps the view it ends with), and the retry gets that view or runs the request itself.
 */
@Injectable()
export class IdempotentRequests {
  private readonly leaseMs: number;

  constructor(
    @Inject(IDEMPOTENCY_STORE) private readonly store: IdempotencyStorePort,
    @Inject(GATEWAY_SETTINGS) settings: GatewaySettings,
    @Inject(INTENT_RECOVERY) private readonly recovery: IntentRecoveryPort,
  ) {
    this.leaseMs = settings.idempotencyLeaseMs ?? DEFAULT_IDEMPOTENCY_LEASE_MS;
  }

  /** Runs `work` once per key; `work` learns the key it runs under, so carrier intents can name it. */
  async run<T>(call: IdempotentCall, work: (key: IdempotencyRef | null) => Promise<T>): Promise<IdempotentAnswer<T>> {
    const key = parseIdempotencyKey(call.rawKey);
    if (key === undefined) return { outcome: call.outcome, body: await work(null), replayed: false };
    const { teamId, scope } = call;
    const claim: IdempotencyClaim = {
      teamId,
      scope,
      key,
      requestHash: requestHash(call.fingerprint),
      owner: randomUUID(),
      now: new Date(),
      ttlMs: IDEMPOTENCY_TTL_MS,
      leaseMs: this.leaseMs,
    };
    let begin = await this.store.begin(claim);
    if (begin.kind === 'lease_expired') begin = await this.afterOwnerDied(claim);
    switch (begin.kind) {
      case 'replay':
        return { outcome: isRequestOutcome(begin.outcome) ? begin.outcome : call.outcome, body: begin.body as T, replayed: true };
      case 'in_progress':
        throw new IdempotencyInProgressError(secondsUntil(begin.leaseExpiresAt));
      case 'mismatch':
        throw new DomainError('E_IDEMPOTENCY_MISMATCH', { field: 'Idempotency-Key' });
      default:
        break;
    }
    let body: T;
    try {
      body = await work({ scope, key });
    } catch (error) {
      await this.store.abandon(teamId, scope, key, claim.owner);
      throw error;
    }
    await this.store.complete(teamId, scope, key, { outcome: call.outcome, body });
    return { outcome: call.outcome, body, replayed: false };
  }

  /**
   * The request holding the key is gone. Its carrier calls are settled first, because their
   * outcome is the answer this retry must get; only then may the retry run the request.
   */
  private async afterOwnerDied(claim: IdempotencyClaim): Promise<IdempotencyBegin> {
    const settled = await this.recovery.settleForKey(claim.teamId, { scope: claim.scope, key: claim.key });
    const now = new Date();
    if (!settled) return { kind: 'in_progress', leaseExpiresAt: new Date(now.getTime() + UNSETTLED_RETRY_AFTER_SECONDS * 1000) };
    const fresh = { ...claim, now };
    const again = await this.store.begin(fresh);
    if (again.kind !== 'lease_expired') return again;
    if (await this.store.takeOver(fresh)) return { kind: 'started' };
    return { kind: 'in_progress', leaseExpiresAt: new Date(now.getTime() + this.leaseMs) };
  }
}

function secondsUntil(at: Date): number {
  return Math.max(1, Math.ceil((at.getTime() - Date.now()) / 1000));
}

/** Accepts a bare token or a quoted one (`"abc"`), as HTTP structured headers allow. */
export function parseIdempotencyKey(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  let key = raw.trim();
  if (key.length >= 2 && key.startsWith('"') && key.endsWith('"')) key = key.slice(1, -1);
  if (!KEY_PATTERN.test(key))
    throw new ValidationError(
      'Idempotency-Key',
      'must be 1 to 255 visible ASCII characters',
      'يجب أن يكون من 1 إلى 255 حرفاً مرئياً من ASCII',
    );
  return key;
}

/** Key order and whitespace do not make two bodies different. */
export function requestHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}
