/**
 * How a request succeeded: `ok` 200, `created` 201, `accepted` 202 (work goes on in the
 * background). Kept with an Idempotency-Key for its replays.
 */
export type RequestOutcome = 'ok' | 'created' | 'accepted';

/** The status the edge answers for each way a request can succeed. */
export const OUTCOME_STATUS: Readonly<Record<RequestOutcome, number>> = { ok: 200, created: 201, accepted: 202 };

/** A route's declared success status as an outcome (any other 2xx answers like `ok`). */
export function outcomeOfStatus(status: number): RequestOutcome {
  return status === 201 ? 'created' : status === 202 ? 'accepted' : 'ok';
}

export function isRequestOutcome(value: unknown): value is RequestOutcome {
  return typeof value === 'string' && Object.hasOwn(OUTCOME_STATUS, value);
}
