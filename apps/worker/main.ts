import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { loadConfig } from '@lgw/platform';
import { createRuntime, PinoNestLogger, runMain, stopOnSignals, WorkerModule } from '@lgw/runtime';

/** The worker deployable: BullMQ consumers (labels, outbox relay, tracking sync), scaled on its own. */
async function main(): Promise<void> {
  const config = loadConfig();
  const runtime = await createRuntime(config, { processName: 'worker' });
  const app = await NestFactory.createApplicationContext(WorkerModule.standalone(runtime), {
    logger: new PinoNestLogger(runtime.logger),
  });
  await app.init();
  runtime.logger.info({ event: 'worker.started', queue: runtime.jobs.mode }, 'worker started');
  stopOnSignals(
    async () => {
      await app.close();
      await runtime.close();
    },
    { logger: runtime.logger, timeoutMs: config.shutdownTimeoutMs },
  );
}

runMain('worker', main);
