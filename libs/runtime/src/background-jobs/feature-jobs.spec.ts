import { RecurringJobPort } from '@lgw/kernel';
import { MAINTENANCE_QUEUE, MaintenanceTasks } from './feature-jobs';

function recurring(): RecurringJobPort & { schedules: Array<{ queue: string; name: string; everyMs: number; data: unknown }> } {
  const schedules: Array<{ queue: string; name: string; everyMs: number; data: unknown }> = [];
  return {
    schedules,
    schedule: async (queue, name, everyMs, data) => void schedules.push({ queue, name, everyMs, data }),
    unschedule: async () => undefined,
    onJobsLost: () => undefined,
  };
}

describe('MaintenanceTasks', () => {
  it('schedules each task under its name and runs only the task a tick names', async () => {
    const port = recurring();
    const tasks = new MaintenanceTasks(port);
    const ran: string[] = [];
    await tasks.every('label-sweep', 60_000, async () => void ran.push('label-sweep'));
    await tasks.every('purge', 600_000, async () => void ran.push('purge'));
    expect(port.schedules).toEqual([
      { queue: MAINTENANCE_QUEUE, name: 'label-sweep', everyMs: 60_000, data: { task: 'label-sweep' } },
      { queue: MAINTENANCE_QUEUE, name: 'purge', everyMs: 600_000, data: { task: 'purge' } },
    ]);
    await tasks.handle({ task: 'purge' });
    expect(ran).toEqual(['purge']);
  });

  it.each([undefined, {}, { task: 'nope' }, { task: 42 }])(
    'fails a tick whose task nobody registered (%p) and runs nothing',
    async (data) => {
      const tasks = new MaintenanceTasks(recurring());
      const ran: string[] = [];
      await tasks.every('label-sweep', 1_000, async () => void ran.push('label-sweep'));
      await expect(tasks.handle(data as { task?: unknown })).rejects.toThrow(/unknown maintenance task/);
      expect(ran).toEqual([]);
    },
  );

  it('refuses a task registered twice', async () => {
    const tasks = new MaintenanceTasks(recurring());
    await tasks.every('purge', 1_000, async () => undefined);
    await expect(tasks.every('purge', 1_000, async () => undefined)).rejects.toThrow(/twice/);
  });
});
