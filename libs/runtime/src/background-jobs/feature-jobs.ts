import { JobWorkerPort, RecurringJobPort } from '@lgw/kernel';

/** The queue of the short periodic chores; each tick names its task. */
export const MAINTENANCE_QUEUE = 'maintenance';

/**
 * The periodic chores of every feature on one queue, each under its task name. A tick whose task
 * nobody registered fails loudly (the worker logs the failed job) instead of running some other
 * chore in its place.
 */
export class MaintenanceTasks {
  private readonly tasks = new Map<string, () => Promise<void>>();

  constructor(private readonly recurring: RecurringJobPort) {}

  async every(task: string, everyMs: number, run: () => Promise<void>): Promise<void> {
    if (this.tasks.has(task)) throw new Error(`maintenance task registered twice: ${task}`);
    this.tasks.set(task, run);
    await this.recurring.schedule(MAINTENANCE_QUEUE, task, everyMs, { task });
  }

  readonly handle = async (data: { task?: unknown } | undefined): Promise<void> => {
    const task = typeof data?.task === 'string' ? data.task : undefined;
    const run = task === undefined ? undefined : this.tasks.get(task);
    if (!run) throw new Error(`unknown maintenance task: ${JSON.stringify(data?.task ?? null)}`);
    await run();
  };
}

/** What a feature's jobs are registered with. */
export interface JobsContext {
  readonly worker: JobWorkerPort;
  readonly recurring: RecurringJobPort;
  readonly maintenance: MaintenanceTasks;
  /** The registered carriers' codes: per-carrier schedules, so a slow carrier never delays another. */
  readonly carrierCodes: readonly string[];
}

/**
 * One feature's background work: its queues' handlers and its schedules, beside the feature's
 * use cases rather than in one table of every job.
 */
export interface FeatureJobs {
  register(context: JobsContext): Promise<void>;
  /** After every feature registered, before the worker takes jobs. */
  beforeStart?(): Promise<void>;
  /**
   * The queue's store lost its jobs (Redis restarted empty, flushed): re-drive this feature's
   * work from its own records. Returns counts for the log.
   */
  onJobsLost?(): Promise<Record<string, number>>;
}

export const FEATURE_JOBS = Symbol('FEATURE_JOBS');
