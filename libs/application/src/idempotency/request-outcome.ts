/**
 * How a request succeeded, in the application's words: the edge answers `ok` 200, `created` 201,
 * `accepted` 202 (work goes on in the background). Kept with an Idempotency-Key for its replays.
 */
export type RequestOutcome = 'ok' | 'created' | 'accepted';
