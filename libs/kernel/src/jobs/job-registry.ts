import { JobDefinition, TypedJobHandler } from '../ports/job-definition';
import { JobHandler, JobMeta, JobWorkerPort, RecurringJobPort } from '../ports/job-queue.port';

/** A job whose name no feature registered on its queue: the attempt fails, and the queue dead-letters it after its retries. */
export class UnknownJobError extends Error {
  constructor(queue: string, name: string) {
    super(`unknown job '${name}' on queue '${queue}': no feature registered a handler for it`);
    this.name = 'UnknownJobError';
  }
}

interface QueueHandlers {
  concurrency: number;
  /** Job name (or schedule name) → the handler of its kind. */
  readonly byName: Map<string, { readonly job: string; readonly handler: JobHandler<unknown> }>;
}

/**
 * Every feature's jobs, by kind: job name → payload type → handler (docs/adr/0077). Features
 * register what they handle and schedule; `install` then gives the worker one handler per
 * queue that dispatches by the job's name. A name nobody registered fails loudly instead of
 * running some other work in its place.
 */
export class JobRegistry {
  private readonly queues = new Map<string, QueueHandlers>();
  private installed = false;

  constructor(private readonly recurring: RecurringJobPort) {}

  /** The handler of one kind of job; its queue runs as many at once as the largest concurrency asked (1 unless asked). */
  handle<P>(job: JobDefinition<P>, handler: TypedJobHandler<P>, options?: { concurrency?: number }): void {
    if (this.installed) throw new Error(`job '${job.queue}/${job.name}' registered after the worker started`);
    const queue = this.queue(job.queue);
    this.bind(job.queue, queue, job.name, job.name, handler as JobHandler<unknown>);
    queue.concurrency = Math.max(queue.concurrency, options?.concurrency ?? 1);
  }

  /**
   * A schedule of a registered kind: a tick every `everyMs`, under `scheduleName` (the job's
   * name unless given; per-carrier schedules name the carrier), carrying `data`.
   */
  async every<P>(job: JobDefinition<P>, everyMs: number, data: P, scheduleName = job.name): Promise<void> {
    const queue = this.queues.get(job.queue);
    const handled = queue?.byName.get(job.name);
    if (!queue || !handled || handled.job !== job.name)
      throw new Error(`schedule of '${job.queue}/${job.name}' before its handler was registered`);
    if (scheduleName !== job.name) this.bind(job.queue, queue, scheduleName, job.name, handled.handler);
    await this.recurring.schedule(job.queue, scheduleName, everyMs, data);
  }

  /** One worker handler per queue, dispatching by the job's name. */
  install(worker: JobWorkerPort): void {
    this.installed = true;
    for (const [queueName, queue] of this.queues) {
      worker.register<unknown>(
        queueName,
        async (data: unknown, meta: JobMeta) => {
          const kind = queue.byName.get(meta.name);
          if (!kind) throw new UnknownJobError(queueName, meta.name);
          await kind.handler(data, meta);
        },
        { concurrency: queue.concurrency },
      );
    }
  }

  /** Queue → the job names it takes, for logs and tests. */
  names(): Record<string, string[]> {
    return Object.fromEntries([...this.queues].map(([name, queue]) => [name, [...queue.byName.keys()]]));
  }

  private queue(name: string): QueueHandlers {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = { concurrency: 1, byName: new Map() };
      this.queues.set(name, queue);
    }
    return queue;
  }

  private bind(queueName: string, queue: QueueHandlers, name: string, job: string, handler: JobHandler<unknown>): void {
    const existing = queue.byName.get(name);
    if (existing && !(existing.job === job && existing.handler === handler)) {
      throw new Error(`job name '${name}' on queue '${queueName}' registered twice`);
    }
    queue.byName.set(name, { job, handler });
  }
}
