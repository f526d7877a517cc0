import type { JobOptions } from '@lgw/kernel';

export const DEFAULT_PREFIX = 'lgw';
export const DEFAULT_ATTEMPTS = 5;
export const DEFAULT_BACKOFF_MS = 1_000;
/** Kubernetes sends SIGKILL 30 s after SIGTERM by default; finish (or hand back) before that. */
export const DEFAULT_CLOSE_TIMEOUT_MS = 25_000;

/** Defaults applied when a caller's JobOptions leave a field out. */
export interface JobDefaults {
  attempts?: number;
  backoffMs?: number;
}

export interface ResolvedJobOptions {
  jobId?: string;
  delayMs: number;
  attempts: number;
  backoffMs: number;
}

export function resolveJobOptions(options: JobOptions | undefined, defaults: JobDefaults = {}): ResolvedJobOptions {
  const attempts = options?.attempts ?? defaults.attempts ?? DEFAULT_ATTEMPTS;
  const backoffMs = options?.backoffMs ?? defaults.backoffMs ?? DEFAULT_BACKOFF_MS;
  const delayMs = options?.delayMs ?? 0;
  if (!Number.isInteger(attempts) || attempts < 1) throw new RangeError(`attempts must be an integer >= 1, got ${attempts}`);
  if (!(backoffMs >= 0)) throw new RangeError(`backoffMs must be >= 0, got ${backoffMs}`);
  if (!(delayMs >= 0)) throw new RangeError(`delayMs must be >= 0, got ${delayMs}`);
  if (options?.jobId !== undefined && options.jobId === '') throw new RangeError('jobId must not be empty');
  return { jobId: options?.jobId, delayMs, attempts, backoffMs };
}

/** Same curve as BullMQ's 'exponential' backoff, so both modes retry on one schedule. */
export function backoffDelayMs(backoffMs: number, failedAttempt: number): number {
  return Math.round(backoffMs * 2 ** (failedAttempt - 1));
}

/**
 * BullMQ builds Redis keys as prefix:queue:..., so a colon in a queue name would collide
 * with its key layout. The in-process adapter enforces the same rule so a name that works
 * embedded also works in production.
 */
export function assertQueueName(queue: string): void {
  if (!queue || queue.includes(':')) throw new RangeError(`queue name must be non-empty and contain no ':', got '${queue}'`);
}

export function assertEveryMs(everyMs: number): void {
  if (!Number.isFinite(everyMs) || everyMs < 1) throw new RangeError(`everyMs must be >= 1, got ${everyMs}`);
}
