import { AsyncLocalStorage } from 'node:async_hooks';
import { IdempotencyRef } from '../ports/carrier-intent.port';

const context = new AsyncLocalStorage<IdempotencyRef>();

/** Runs `work` knowing the Idempotency-Key it serves, so carrier intents can name it. */
export function runUnderIdempotencyKey<T>(ref: IdempotencyRef, work: () => Promise<T>): Promise<T> {
  return context.run(ref, work);
}

/** The Idempotency-Key of the request being served, if it has one. */
export function currentIdempotencyKey(): IdempotencyRef | null {
  return context.getStore() ?? null;
}
