import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import {
  JOB_WORKER,
  JobWorkerPort,
  RECURRING_JOBS,
  RecurringJobPort,
  GATEWAY_RUNTIME,
  FEATURE_JOBS,
  FeatureJobs,
  JobsContext,
  MaintenanceTasks,
  JobRegistry,
} from '@lgw/kernel';
import type { GatewayRuntime } from '../composition/gateway-runtime';

/**
 * Starts the worker: every feature registers its own jobs and schedules (features/) in one typed
 * registry, which gives the worker one handler per queue dispatching by job name; then the
 * worker takes jobs. The same handlers run in-process (embedded) or from BullMQ (production).
 */
@Injectable()
export class BackgroundJobsProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('BackgroundJobs');

  constructor(
    @Inject(JOB_WORKER) private readonly worker: JobWorkerPort,
    @Inject(RECURRING_JOBS) private readonly recurring: RecurringJobPort,
    @Inject(GATEWAY_RUNTIME) private readonly runtime: GatewayRuntime,
    @Inject(FEATURE_JOBS) private readonly features: readonly FeatureJobs[],
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const jobs = new JobRegistry(this.recurring);
    const context: JobsContext = {
      jobs,
      maintenance: new MaintenanceTasks(jobs),
      carrierCodes: this.runtime.carriers.codes,
      inProcess: this.runtime.jobs.mode === 'in-process',
    };
    for (const feature of this.features) await feature.register(context);
    jobs.install(this.worker);
    // Redis lost its jobs (restarted empty, flushed): the schedules are registered again by the
    // queue, and the work comes back from each feature's own records, not from Redis.
    this.recurring.onJobsLost(async () => {
      const counts: Record<string, number> = {};
      for (const feature of this.features) Object.assign(counts, await feature.onJobsLost?.());
      this.logger.warn({ event: 'outbox.redriven', ...counts });
    });
    for (const feature of this.features) await feature.beforeStart?.(context);
    await this.worker.start();
    this.logger.log('background jobs started');
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker.close();
  }
}
