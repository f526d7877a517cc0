import type { Logger } from 'pino';

/** Past the drain bound, closing the pools and the browser gets this much longer. */
const RELEASE_GRACE_MS = 5_000;

export interface StopOptions {
  readonly logger: Logger;
  /** The drain bound (SHUTDOWN_TIMEOUT_MS): in-flight requests and running jobs get this long. */
  readonly timeoutMs: number;
}

/**
 * Runs `stop` once on SIGTERM or SIGINT, then exits 0. `stop` is bounded: once the drain
 * bound and a short grace have passed, the process exits anyway, so the pod never reaches
 * SIGKILL with its pools open; whatever was still running is recovered as after a crash
 * (BullMQ stalled jobs, idempotency leases, the outbox).
 */
export function stopOnSignals(stop: () => Promise<void>, options: StopOptions): void {
  let stopping = false;
  const handler = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const started = performance.now();
    const { logger, timeoutMs } = options;
    logger.info({ event: 'shutdown.started', signal, timeoutMs }, 'draining before exit');
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'expired'>((resolve) => {
      timer = setTimeout(() => resolve('expired'), timeoutMs + RELEASE_GRACE_MS);
    });
    try {
      const outcome = await Promise.race([stop().then(() => 'stopped' as const), deadline]);
      const ms = Math.round(performance.now() - started);
      if (outcome === 'expired') logger.warn({ event: 'shutdown.expired', ms }, 'drain bound passed; exiting with work left for recovery');
      else logger.info({ event: 'shutdown.finished', ms }, 'drained; exiting');
    } catch (error) {
      logger.error({ event: 'shutdown.failed', err: String((error as Error)?.stack ?? error) }, 'error while draining');
    } finally {
      clearTimeout(timer);
      logger.flush?.();
      process.exit(0);
    }
  };
  process.once('SIGTERM', handler);
  process.once('SIGINT', handler);
}

export function runMain(name: string, main: () => Promise<void>): void {
  main().catch((error) => {
    console.error(JSON.stringify({ level: 'fatal', msg: `${name} failed to start`, err: String(error?.stack ?? error) }));
    process.exit(1);
  });
}
