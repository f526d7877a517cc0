import { JobMeta, JobOptions, JobQueuePort } from './job-queue.port';

/**
 * One kind of background job: the queue it travels on, its name there, and (in the type only)
 * its payload. Producers enqueue through the definition and the worker dispatches by the job's
 * name to the handler registered for it, so payload and handler cannot drift apart and no
 * handler looks inside a payload to decide what to run (docs/adr/0077-typed-jobs-and-settings.md).
 */
export interface JobDefinition<P> {
  readonly queue: string;
  readonly name: string;
  /** Type only: never set. */
  readonly payload?: P;
}

export function defineJob<P>(queue: string, name: string): JobDefinition<P> {
  return Object.freeze({ queue, name });
}

/** Enqueues one job of a kind, with the payload its definition names. */
export function enqueueJob<P>(jobs: JobQueuePort, job: JobDefinition<P>, data: P, options?: JobOptions): Promise<void> {
  return jobs.enqueue(job.queue, job.name, data, options);
}

/** The handler of one kind of job. Throwing fails the attempt; the queue retries, then dead-letters. */
export type TypedJobHandler<P> = (data: P, meta: JobMeta) => Promise<void>;
