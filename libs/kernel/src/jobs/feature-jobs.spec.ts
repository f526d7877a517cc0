import { defineJob, enqueueJob } from '../ports/job-definition';
import { InProcessJobQueue } from '@lgw/queue';
import { testLogger, waitFor } from '../../../../test/queue/job-queue-contract';
import { MAINTENANCE_QUEUE, MaintenanceTasks } from './feature-jobs';
import { JobRegistry } from './job-registry';

const PROCESS = defineJob<{ batchId: string }>('batches', 'process');
const RECOVER = defineJob<{ task?: 'recover' }>('batches', 'recover');

describe('JobRegistry (on the in-process queue)', () => {
  let queue: InProcessJobQueue;
  let logger: ReturnType<typeof testLogger>;
  beforeEach(() => {
    logger = testLogger();
    queue = new InProcessJobQueue({ logger, defaults: { backoffMs: 5 }, closeTimeoutMs: 200 });
  });
  afterEach(() => queue.close());

  it('runs each job by its name with its own payload, whatever the payload holds', async () => {
    const jobs = new JobRegistry(queue);
    const ran: string[] = [];
    jobs.handle(PROCESS, async (data) => void ran.push(`process ${data.batchId}`));
    jobs.handle(RECOVER, async () => void ran.push('recover'));
    jobs.install(queue);
    await queue.start();
    // A payload field naming another job changes nothing: dispatch is by name only.
    await queue.enqueue('batches', 'process', { batchId: 'b1', task: 'recover' });
    await enqueueJob(queue, PROCESS, { batchId: 'b2' });
    await queue.enqueue('batches', 'recover', { task: 'recover' });
    await waitFor(() => ran.length === 3, 5_000, 'three jobs');
    expect(ran.sort()).toEqual(['process b1', 'process b2', 'recover']);
  });

  it('fails a job whose name nobody registered, through its retries to a dead letter, and runs nothing', async () => {
    const jobs = new JobRegistry(queue);
    const ran: string[] = [];
    jobs.handle(PROCESS, async () => void ran.push('process'));
    jobs.install(queue);
    await queue.start();
    await queue.enqueue('batches', 'nope', { batchId: 'b1' }, { attempts: 2 });
    await waitFor(() => logger.error.mock.calls.length === 1, 5_000, 'the final failure');
    expect(JSON.stringify(logger.error.mock.calls[0])).toContain("unknown job 'nope' on queue 'batches'");
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(ran).toEqual([]);
  });

  it('runs a per-carrier schedule (named apart from its job) with the handler of its job', async () => {
    const POLL = defineJob<{ carrierCode: string }>('tracking', 'poll');
    const jobs = new JobRegistry(queue);
    const polled: string[] = [];
    jobs.handle(POLL, async (data) => void polled.push(data.carrierCode), { concurrency: 2 });
    await jobs.every(POLL, 60_000, { carrierCode: 'sahm' }, 'poll-sahm');
    await jobs.every(POLL, 60_000, { carrierCode: 'bahr' }, 'poll-bahr');
    jobs.install(queue);
    await queue.start();
    await waitFor(() => polled.length === 2, 5_000, 'the first tick of each schedule');
    expect(polled.sort()).toEqual(['bahr', 'sahm']);
    expect(jobs.names()).toEqual({ tracking: ['poll', 'poll-sahm', 'poll-bahr'] });
  });

  it('refuses a name registered twice, a schedule before its handler, and a handler after install', async () => {
    const jobs = new JobRegistry(queue);
    await expect(jobs.every(PROCESS, 1_000, { batchId: 'x' })).rejects.toThrow(/before its handler/);
    jobs.handle(PROCESS, async () => undefined);
    expect(() => jobs.handle(PROCESS, async () => undefined)).toThrow(/twice/);
    jobs.install(queue);
    expect(() => jobs.handle(RECOVER, async () => undefined)).toThrow(/after the worker started/);
  });
});

describe('MaintenanceTasks', () => {
  it('makes each chore a job named by its task, and a tick runs only the chore it names', async () => {
    const logger = testLogger();
    const queue = new InProcessJobQueue({ logger, defaults: { backoffMs: 5 }, closeTimeoutMs: 200 });
    try {
      const jobs = new JobRegistry(queue);
      const tasks = new MaintenanceTasks(jobs);
      const ran: string[] = [];
      await tasks.every('label-sweep', 60_000, async () => void ran.push('label-sweep'));
      await tasks.every('purge', 600_000, async () => void ran.push('purge'));
      await expect(tasks.every('purge', 1_000, async () => undefined)).rejects.toThrow(/twice/);
      expect(jobs.names()).toEqual({ [MAINTENANCE_QUEUE]: ['label-sweep', 'purge'] });
      jobs.install(queue);
      await queue.start();
      // Each schedule ticks once at start: each chore runs once, none in another's place.
      await waitFor(() => ran.length === 2, 5_000, 'the first ticks');
      expect(ran.sort()).toEqual(['label-sweep', 'purge']);
    } finally {
      await queue.close();
    }
  });
});
