import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { SyncTrackingUseCase } from '@lgw/application';

export interface TrackingPollerOptions {
  /** Off on api replicas when the workers poll (TRACKING_POLLER=off). */
  readonly enabled: boolean;
  /** Pause between the end of one run and the start of the next, per carrier. */
  readonly intervalMs: number;
  readonly carrierCodes: readonly string[];
}

export const TRACKING_POLLER_OPTIONS = Symbol('TRACKING_POLLER_OPTIONS');

/**
 * Runs the tracking sync of every carrier in-process. Each carrier has its own timer, armed
 * again only when its run has finished: runs never overlap and a slow carrier does not hold
 * up the others. Failures are logged and the next run happens as usual.
 */
@Injectable()
export class TrackingPoller implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('TrackingPoller');
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly sync: SyncTrackingUseCase,
    @Inject(TRACKING_POLLER_OPTIONS) private readonly options: TrackingPollerOptions,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.options.enabled) return;
    for (const code of this.options.carrierCodes) this.arm(code);
    this.logger.log(`tracking poller started: ${this.options.carrierCodes.join(', ')} every ${this.options.intervalMs} ms`);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    // A run in flight finishes before the database it writes to is closed.
    await Promise.allSettled([...this.running]);
  }

  private arm(code: string): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(code);
      const run = this.runOnce(code).finally(() => {
        this.running.delete(run);
        this.arm(code);
      });
      this.running.add(run);
    }, this.options.intervalMs);
    timer.unref();
    this.timers.set(code, timer);
  }

  private async runOnce(code: string): Promise<void> {
    try {
      await this.sync.execute({ carrierCode: code });
    } catch (error) {
      this.logger.error(`tracking sync of ${code} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
