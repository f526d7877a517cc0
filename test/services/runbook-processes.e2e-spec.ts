import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ratesBody } from '../support/fixtures';
import { apiCall, until } from '../support/gateway-client';
import { freePort, PrivateRedis, startPrivateRedis } from '../support/private-redis';
import { createScratchDatabase } from '../support/test-mode';

const ROOT = resolve(__dirname, '..', '..');

/** The first bash block after a heading of docs/runbook.md, line by line. */
function runbookBlock(heading: string): string[] {
  const runbook = readFileSync(join(ROOT, 'docs/runbook.md'), 'utf8');
  const at = runbook.indexOf(heading);
  if (at < 0) throw new Error(`docs/runbook.md has no "${heading}"`);
  return /```bash\n([\s\S]*?)```/
    .exec(runbook.slice(at))![1]
    .split('\n')
    .filter((line) => line.trim() !== '');
}

/**
 * docs/runbook.md "Separate processes", run as an operator runs it: its exports in bash (the
 * elided password made concrete, the database and Redis pointed at this suite's own), then each
 * start command in its own process, as in three terminals. The api must answer ready, a team
 * book through the sandbox and the worker render the label: the block works as written.
 */
describe('docs/runbook.md "Separate processes", run as written', () => {
  const children: ChildProcess[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'lgw-runbook-'));
  let redis: PrivateRedis;
  let database: { url: string; drop(): Promise<void> };
  const block = runbookBlock('### Separate processes');

  beforeAll(async () => {
    redis = await startPrivateRedis();
    database = await createScratchDatabase();
    // The block's first line installs and builds; CI has built already, a developer may not have.
    expect(block[0]).toBe('npm ci && npm run build');
    if (!existsSync(join(ROOT, 'dist/apps/api/main.js'))) execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
  }, 180_000);

  afterAll(async () => {
    for (const child of children) {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    await Promise.all(children.map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : null)));
    await database?.drop();
    await redis?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('starts the sandbox, the api and the worker; a team books and gets its label', async () => {
    const exports = block
      .filter((line) => line.startsWith('export '))
      .map((line) =>
        line
          .replace(/DATABASE_URL=\S+/, `DATABASE_URL=${database.url}`)
          .replace(/REDIS_URL=\S+/, `REDIS_URL=${redis.url}`)
          .replace(/…/g, 'secret'),
      );
    expect(exports.length).toBeGreaterThanOrEqual(3);
    const out = execFileSync('bash', ['-c', `set -e\n${exports.join('\n')}\nenv -0`], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '' },
    });
    const exported = Object.fromEntries(
      out
        .split('\0')
        .filter(Boolean)
        .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
    );
    expect(exported.ADMIN_TOKEN).toMatch(/^[0-9a-f]{64}$/);

    const starts = block.filter((line) => line.startsWith('npm run start:')).map((line) => line.replace(/#.*$/, '').trim());
    expect(starts).toEqual(['npm run start:sandbox', 'npm run start:api', 'npm run start:worker']);
    const [port, sandboxPort] = [await freePort(), await freePort()];
    const env = {
      ...process.env,
      ...exported,
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    };
    for (const command of starts) {
      // Its own process group, stopped by group id in afterAll.
      const child = spawn('bash', ['-c', command], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
      child.once('exit', (code) => {
        if (code) process.stderr.write(`${command} exited with ${code}: ${stderr}\n`);
      });
      children.push(child);
    }

    const base = `http://127.0.0.1:${port}`;
    await until('the api is ready', 90_000, async () => {
      const res = await fetch(`${base}/health/ready`).catch(() => null);
      return res?.status === 200 ? true : undefined;
    });
    const created = await fetch(`${base}/admin/v1/teams`, {
      method: 'POST',
      headers: { authorization: `Bearer ${exported.ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Runbook Trading' }),
    });
    expect(created.status).toBe(201);
    const key = ((await created.json()) as { api_key: string }).api_key;

    const body = ratesBody();
    const rates = await apiCall(base, key, '/rates', { method: 'POST', body });
    expect(rates.status).toBe(200);
    const shipment = await apiCall(base, key, '/shipments', { method: 'POST', body: { ...body, quote_id: rates.body.quotes[0].quote_id } });
    expect(shipment.status).toBe(201);
    // The worker renders labels: a label served means the third process works too.
    const label = await until('the worker rendered the label', 60_000, async () => {
      const res = await fetch(`${base}/api/v1/labels/${shipment.body.id}`, { headers: { authorization: `Bearer ${key}` } });
      return res.status === 200 ? Buffer.from(await res.arrayBuffer()) : undefined;
    });
    expect(label.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(children.map((c) => c.exitCode)).toEqual([null, null, null]);
  }, 240_000);
});
