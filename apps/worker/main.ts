import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { loadConfig } from '@lgw/platform';
import { runMain, stopOnSignals } from '../api/src/bootstrap/process-lifecycle';
import { PinoNestLogger } from '../api/src/bootstrap/pino-nest-logger';
import { createRuntime } from '../api/src/composition/gateway-runtime';
import { WorkerModule } from './src/worker.module';

/** The worker deployable: BullMQ consumers (labels, outbox relay, tracking sync), scaled on its own. */
async function main(): Promise<void> {
  const config = loadConfig();
  const runtime = await createRuntime(config);
  const app = await NestFactory.createApplicationContext(WorkerModule.standalone(runtime), {
    logger: new PinoNestLogger(runtime.logger),
  });
  await app.init();
  runtime.logger.info({ event: 'worker.started', queue: runtime.jobs.mode }, 'worker started');
  stopOnSignals(async () => {
    await app.close();
    await runtime.close();
  });
}

runMain('worker', main);
