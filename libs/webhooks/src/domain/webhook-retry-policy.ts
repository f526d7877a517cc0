/**
 * When a failed webhook message is tried again (docs/api.md §10 "Webhooks", the Standard
 * Webhooks / Svix schedule): delays after the 1st, 2nd, … failed attempt. After the last
 * one the message fails for good.
 */
export const WEBHOOK_RETRY_SCHEDULE_MS: readonly number[] = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];

/** An endpoint that has failed every attempt for this long is disabled (Svix's rule). */
export const WEBHOOK_AUTO_DISABLE_AFTER_MS = 5 * 24 * 3_600_000;

/** Spread of the jitter around each delay: ±10 %, so retries of many messages do not arrive together. */
const JITTER = 0.1;

/**
 * Delay before the next attempt once `failedAttempts` attempts have failed, or null when
 * the schedule is exhausted. `random` is in [0, 1). A receiver's Retry-After (429) is
 * honoured when it asks for longer than the schedule.
 */
export function nextWebhookAttemptDelayMs(
  failedAttempts: number,
  random: number,
  schedule: readonly number[] = WEBHOOK_RETRY_SCHEDULE_MS,
  retryAfterMs?: number,
): number | null {
  if (failedAttempts < 1 || failedAttempts > schedule.length) return null;
  const base = schedule[failedAttempts - 1];
  const jittered = Math.round(base * (1 - JITTER + 2 * JITTER * random));
  return retryAfterMs !== undefined && retryAfterMs > jittered ? retryAfterMs : jittered;
}

/** What an attempt's outcome means for the message. */
export type WebhookAttemptVerdict = 'delivered' | 'retry' | 'gone' | 'rejected';

/**
 * 2xx delivered; network errors, timeouts, 408, 429 and 5xx are worth another try; 410
 * means the receiver removed the endpoint; any other answer (other 4xx, and 3xx since
 * redirects are never followed) fails the message at once.
 */
export function webhookAttemptVerdict(statusCode: number | null): WebhookAttemptVerdict {
  if (statusCode === null) return 'retry';
  if (statusCode >= 200 && statusCode < 300) return 'delivered';
  if (statusCode === 410) return 'gone';
  if (statusCode === 408 || statusCode === 429 || statusCode >= 500) return 'retry';
  return 'rejected';
}

/** True once an endpoint failing since `failingSince` has failed long enough to be disabled. */
export function shouldDisableWebhookEndpoint(failingSince: Date | null, now: Date, afterMs = WEBHOOK_AUTO_DISABLE_AFTER_MS): boolean {
  return failingSince !== null && now.getTime() - failingSince.getTime() >= afterMs;
}
