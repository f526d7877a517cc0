import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ValidationError } from '@lgw/domain';
import { IDEMPOTENCY_STORE, IdempotencyStorePort } from '../ports/idempotency-store.port';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface IdempotentResult<T> {
  readonly status: number;
  readonly body: T;
}

/**
 * `Idempotency-Key` (docs/api.md §10): same team + key + body → the first response again; another
 * body → 422 E_IDEMPOTENCY_MISMATCH; first one still running → 409 E_IDEMPOTENCY_IN_PROGRESS.
 * Only successful responses are kept: a failed attempt frees the key for a retry.
 */
@Injectable()
export class IdempotentRequestService {
  constructor(@Inject(IDEMPOTENCY_STORE) private readonly store: IdempotencyStorePort) {}

  async run<T>(
    teamId: string,
    scope: string,
    rawKey: string | undefined,
    request: unknown,
    work: () => Promise<IdempotentResult<T>>,
  ): Promise<IdempotentResult<T> & { replayed: boolean }> {
    const key = parseIdempotencyKey(rawKey);
    if (key === undefined) return { ...(await work()), replayed: false };
    const begin = await this.store.begin(teamId, scope, key, requestHash(request), new Date(), IDEMPOTENCY_TTL_MS);
    switch (begin.kind) {
      case 'replay':
        return { status: begin.status, body: begin.body as T, replayed: true };
      case 'in_progress':
        throw new DomainError('E_IDEMPOTENCY_IN_PROGRESS');
      case 'mismatch':
        throw new DomainError('E_IDEMPOTENCY_MISMATCH', { field: 'Idempotency-Key' });
      case 'started':
        break;
    }
    let result: IdempotentResult<T>;
    try {
      result = await work();
    } catch (error) {
      await this.store.abandon(teamId, scope, key);
      throw error;
    }
    await this.store.complete(teamId, scope, key, result.status, result.body);
    return { ...result, replayed: false };
  }
}

/** Accepts a bare token or a quoted one (`"abc"`), as HTTP structured headers allow. */
export function parseIdempotencyKey(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  let key = raw.trim();
  if (key.length >= 2 && key.startsWith('"') && key.endsWith('"')) key = key.slice(1, -1);
  if (!KEY_PATTERN.test(key)) throw new ValidationError('Idempotency-Key', 'must be 1 to 255 visible ASCII characters');
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
