import 'reflect-metadata';
import { loadConfig } from '@lgw/platform';
import { createApiApp } from './src/bootstrap/create-api-app';
import { createRuntime } from './src/composition/gateway-runtime';

/** The api deployable: HTTP only; jobs go to the workers through Redis. */
async function main(): Promise<void> {
  const config = loadConfig();
  const runtime = await createRuntime(config);
  const app = await createApiApp(runtime);
  await app.listen(config.port, config.host);
  runtime.logger.info({ event: 'api.listening', url: `http://${config.host}:${config.port}/api/v1` }, 'api listening');
  const stop = async () => {
    await app.close();
    await runtime.close();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error) => {
  console.error(JSON.stringify({ level: 'fatal', msg: 'api failed to start', err: String(error?.stack ?? error) }));
  process.exit(1);
});
