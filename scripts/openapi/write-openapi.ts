/**
 * Writes the OpenAPI document the API serves at /api/v1/openapi.json to a file, from an app
 * booted in memory (embedded database, no port, no carrier called), for the linter and for
 * client generators:
 *   node -r ./bench/support/register.js scripts/openapi/write-openapi.ts openapi.json
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { createApiApp, createRuntime } from '@lgw/runtime';
import { loadConfig } from '@lgw/platform';

async function main(target: string): Promise<void> {
  const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'lgw-openapi-')), ADMIN_TOKEN: 'openapi-document-only', LOG_LEVEL: 'silent' };
  const runtime = await createRuntime(loadConfig(env), {
    inMemoryDatabase: true,
    logger: pino({ level: 'silent' }),
    carrierSettings: { sandboxUrl: 'http://127.0.0.1:9', env: { ...process.env, ...env } },
    queuePrefix: 'lgw-openapi',
  });
  const app = await createApiApp(runtime);
  await app.init();
  const res = await app.getHttpAdapter().getInstance().inject({ method: 'GET', url: '/api/v1/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/v1/openapi.json answered ${res.statusCode}`);
  writeFileSync(target, `${JSON.stringify(JSON.parse(res.body), null, 2)}\n`);
  await app.close();
  process.stdout.write(`OpenAPI document written to ${target}\n`);
}

main(process.argv[2] ?? 'openapi.json').then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
