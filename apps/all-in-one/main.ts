import 'reflect-metadata';
import { join } from 'node:path';
import { loadConfig } from '@lgw/platform';
import { startCarrierSandbox } from '@lgw/carrier-sandbox';
import { createApiApp, createRuntime, runMain, stopOnSignals, WorkerModule } from '@lgw/runtime';

/**
 * `npm start`: API, worker and carrier sandbox in one process with embedded defaults
 * (PGlite in DATA_DIR, in-process jobs, in-memory rate limits) unless the environment
 * points at PostgreSQL and Redis.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  // With SANDBOX_URL the carriers' simulators run elsewhere (and outlive this process).
  const sandbox = config.sandboxUrl
    ? undefined
    : await startCarrierSandbox({
        port: config.sandboxPort,
        host: config.host,
        autoAdvanceSeconds: config.sandboxAutoAdvanceSeconds,
        // The simulated carriers remember their shipments across restarts, as the gateway does.
        dataDir: config.dataDir,
        addressSeed: config.sandboxAddressSeed,
        addressServiceKey: config.address.key,
        env: config.env,
      });
  const sandboxUrl = config.sandboxUrl ?? `http://127.0.0.1:${sandbox!.port}`;
  const runtime = await createRuntime(config, { carrierSettings: { sandboxUrl }, processName: 'gateway' });
  const app = await createApiApp(runtime, { extraModules: [WorkerModule.forRoot()] });
  await app.listen(config.port, config.host);

  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const lines = [
    'Logistics Gateway is running',
    `  API base URL:  http://${shown}:${config.port}/api/v1`,
    `  API docs:      http://${shown}:${config.port}/api/docs`,
    `  Sandbox URL:   ${sandbox ? `http://${shown}:${sandbox.port}` : sandboxUrl}`,
  ];
  if (config.adminTokenGenerated) {
    lines.push(`  Admin token:   ${config.adminToken}  (generated; kept in ${join(config.dataDir, 'admin-token')})`);
  }
  lines.push(
    `  Storage:       ${runtime.database.mode === 'embedded' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  );
  const labels = runtime.rendererStatus.availability();
  if (!labels.available) lines.push(`  Labels:        UNAVAILABLE (${labels.reason})`);
  process.stdout.write(`${lines.join('\n')}\n`);

  stopOnSignals(
    async () => {
      await app.close();
      await runtime.close();
      await sandbox?.close();
    },
    { logger: runtime.logger, timeoutMs: config.shutdownTimeoutMs },
  );
}

runMain('gateway', main);
