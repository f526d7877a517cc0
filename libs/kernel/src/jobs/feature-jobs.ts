import { defineJob } from '../ports/job-definition';
import { JobRegistry } from './job-registry';

/** The queue of the short periodic chores; each chore is a job named by its task. */
export const MAINTENANCE_QUEUE = 'maintenance';

/**
 * A chore's tick. `task` repeats the job's name for workers of the previous release, which
 * dispatched on it; nothing reads it now (docs/adr/0077-typed-jobs-and-settings.md).
 */
export interface MaintenanceTick {
  readonly task: string;
}

/**
 * The periodic chores of every feature on one queue, each a job of its own named by its task.
 * A tick whose name nobody registered fails loudly (the worker logs the failed job) instead of
 * running some other chore in its place.
 */
export class MaintenanceTasks {
  constructor(private readonly jobs: JobRegistry) {}

  async every(task: string, everyMs: number, run: () => Promise<void>): Promise<void> {
    const job = defineJob<MaintenanceTick>(MAINTENANCE_QUEUE, task);
    this.jobs.handle(job, () => run());
    await this.jobs.every(job, everyMs, { task });
  }
}

/** What a feature's jobs are registered with. */
export interface JobsContext {
  /** Job name → payload type → handler, and the schedules of those jobs. */
  readonly jobs: JobRegistry;
  readonly maintenance: MaintenanceTasks;
  /** The registered carriers' codes: per-carrier schedules, so a slow carrier never delays another. */
  readonly carrierCodes: readonly string[];
  /** Jobs run in this process's memory (embedded mode): any job listed as running now was lost with a process before it. */
  readonly inProcess: boolean;
}

/**
 * One feature's background work: its jobs' handlers and its schedules, beside the feature's
 * use cases rather than in one table of every job.
 */
export interface FeatureJobs {
  register(context: JobsContext): Promise<void>;
  /** After every feature registered, before the worker takes jobs. */
  beforeStart?(context: JobsContext): Promise<void>;
  /**
   * The queue's store lost its jobs (Redis restarted empty, flushed): re-drive this feature's
   * work from its own records. Returns counts for the log.
   */
  onJobsLost?(): Promise<Record<string, number>>;
}

export const FEATURE_JOBS = Symbol('FEATURE_JOBS');
