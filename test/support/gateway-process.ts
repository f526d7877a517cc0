/**
 * The gateway (api + worker) as a child process for crash tests, started with
 *   node -r ./bench/support/register.js test/support/gateway-process.ts
 * Environment: the gateway's own (DATA_DIR, DATABASE_URL, REDIS_URL, PORT, ADMIN_TOKEN) plus
 * GATEWAY_SANDBOX_URL (carriers, kept outside this process so they outlive a kill) and
 * GATEWAY_QUEUE_PREFIX. Prints "ready <port>" once listening.
 */
import { loadConfig } from '@lgw/platform';
import { createApiApp, createRuntime, WorkerModule } from '@lgw/runtime';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const runtime = await createRuntime(config, {
    carrierSettings: { sandboxUrl: process.env.GATEWAY_SANDBOX_URL, env: process.env },
    queuePrefix: process.env.GATEWAY_QUEUE_PREFIX,
  });
  const app = await createApiApp(runtime, { extraModules: [WorkerModule.forRoot()] });
  await app.listen(config.port, '127.0.0.1');
  process.stdout.write(`ready ${config.port}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
