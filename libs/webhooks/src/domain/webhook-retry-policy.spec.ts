import {
  nextWebhookAttemptDelayMs,
  shouldDisableWebhookEndpoint,
  WEBHOOK_AUTO_DISABLE_AFTER_MS,
  WEBHOOK_RETRY_SCHEDULE_MS,
  webhookAttemptVerdict,
} from './webhook-retry-policy';

describe('webhook retry policy', () => {
  it('follows 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then gives up', () => {
    const minutes = [5 / 60, 5, 30, 120, 300, 600, 600];
    expect(WEBHOOK_RETRY_SCHEDULE_MS).toEqual(minutes.map((m) => Math.round(m * 60_000)));
    WEBHOOK_RETRY_SCHEDULE_MS.forEach((base, i) => {
      expect(nextWebhookAttemptDelayMs(i + 1, 0.5)).toBe(base);
      expect(nextWebhookAttemptDelayMs(i + 1, 0)).toBe(Math.round(base * 0.9));
      expect(nextWebhookAttemptDelayMs(i + 1, 0.999999)).toBeLessThanOrEqual(Math.round(base * 1.1));
    });
    expect(nextWebhookAttemptDelayMs(8, 0.5)).toBeNull();
    expect(nextWebhookAttemptDelayMs(0, 0.5)).toBeNull();
  });

  it('honours a longer Retry-After, never a shorter one', () => {
    expect(nextWebhookAttemptDelayMs(1, 0.5, WEBHOOK_RETRY_SCHEDULE_MS, 60_000)).toBe(60_000);
    expect(nextWebhookAttemptDelayMs(2, 0.5, WEBHOOK_RETRY_SCHEDULE_MS, 1_000)).toBe(300_000);
  });

  it.each([
    [200, 'delivered'],
    [204, 'delivered'],
    [null, 'retry'],
    [408, 'retry'],
    [429, 'retry'],
    [500, 'retry'],
    [503, 'retry'],
    [410, 'gone'],
    [400, 'rejected'],
    [404, 'rejected'],
    [301, 'rejected'],
    [302, 'rejected'],
  ] as const)('status %p is %s', (status, verdict) => {
    expect(webhookAttemptVerdict(status)).toBe(verdict);
  });

  it('disables an endpoint after five days of failures, not before', () => {
    const since = new Date('2026-01-01T00:00:00Z');
    expect(shouldDisableWebhookEndpoint(null, new Date('2026-02-01T00:00:00Z'))).toBe(false);
    expect(shouldDisableWebhookEndpoint(since, new Date(since.getTime() + WEBHOOK_AUTO_DISABLE_AFTER_MS - 1))).toBe(false);
    expect(shouldDisableWebhookEndpoint(since, new Date('2026-01-06T00:00:00Z'))).toBe(true);
  });
});
