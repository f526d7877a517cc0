import 'reflect-metadata';
import { loadConfig } from '@lgw/platform';
import { createApiApp, createRuntime, runMain, stopOnSignals } from '@lgw/runtime';

/** The api deployable: HTTP only; jobs go to the workers through Redis. */
async function main(): Promise<void> {
  const config = loadConfig();
  const runtime = await createRuntime(config, { processName: 'api' });
  const app = await createApiApp(runtime);
  await app.listen(config.port, config.host);
  runtime.logger.info({ event: 'api.listening', url: `http://${config.host}:${config.port}/api/v1` }, 'api listening');
  stopOnSignals(
    async () => {
      await app.close();
      await runtime.close();
    },
    { logger: runtime.logger, timeoutMs: config.shutdownTimeoutMs },
  );
}

runMain('api', main);
