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
 * docs/runbook.md "Separate processes", run as an operator runs it: the whole block in one
 * bash (the elided password made concrete, the database and Redis pointed at this suite's own,
 * ports from the environment), which must come back once the processes are up rather than
 * block on the first of them. The api must answer ready, onboard e-invoicing at the sandbox's
 * Fatoora simulator, a team book through the sandbox and the worker render the label.
 */
describe('docs/runbook.md "Separate processes", run as written', () => {
  let shell: ChildProcess | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'lgw-runbook-'));
  let redis: PrivateRedis;
  let database: { url: string; drop(): Promise<void> };
  const block = runbookBlock('### Separate processes');
  const logs = ['sandbox', 'api', 'worker'].map((name) => join(ROOT, 'logs', `${name}.log`));
  const logsBefore = logs.filter((path) => existsSync(path));
  const logsDirBefore = existsSync(join(ROOT, 'logs'));

  beforeAll(async () => {
    redis = await startPrivateRedis();
    database = await createScratchDatabase();
    // The block's first line installs and builds; CI has built already, a developer may not have.
    expect(block[0]).toBe('npm ci && npm run build');
    if (!existsSync(join(ROOT, 'dist/apps/api/main.js'))) execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
  }, 180_000);

  afterAll(async () => {
    // The block's processes are in the shell's process group, which outlives the shell.
    try {
      if (shell?.pid) process.kill(-shell.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await until('the processes stopped', 30_000, async () => {
      try {
        process.kill(-shell!.pid!, 0);
        return undefined;
      } catch {
        return true;
      }
    }).catch(() => undefined);
    for (const path of logs) if (!logsBefore.includes(path)) rmSync(path, { force: true });
    if (!logsDirBefore) rmSync(join(ROOT, 'logs'), { recursive: true, force: true });
    await database?.drop();
    await redis?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('comes back with the sandbox, the api and the worker up; e-invoicing onboards at the simulator; a team books and gets its label', async () => {
    const script = block
      .slice(1)
      .map((line) =>
        line
          .replace(/DATABASE_URL=\S+/, `DATABASE_URL=${database.url}`)
          .replace(/REDIS_URL=\S+/, `REDIS_URL=${redis.url}`)
          .replace(/…/g, 'secret'),
      )
      .join('\n');
    // No start command may hold the shell: each runs in the background.
    const starts = block.filter((line) => line.startsWith('npm run start:'));
    expect(starts.map((line) => line.split(' ')[2])).toEqual(['start:sandbox', 'start:api', 'start:worker']);
    for (const line of starts) expect(line.replace(/#.*$/, '').trim()).toMatch(/&$/);

    const [port, sandboxPort] = [await freePort(), await freePort()];
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    };
    // Its own process group, stopped by group id in afterAll; it also prints the exports' result.
    shell = spawn('bash', ['-c', `set -e\n${script}\nenv -0`], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    shell.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    shell.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    const code = await new Promise<number | null>((done) => shell!.once('exit', done));
    expect(`${code} ${stderr}`).toMatch(/^0 /);
    const exported = Object.fromEntries(
      stdout
        .split('\0')
        .filter(Boolean)
        .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
    );
    expect(exported.ADMIN_TOKEN).toMatch(/^[0-9a-f]{64}$/);
    expect(exported.ZATCA_BASE_URL).toBe(`http://127.0.0.1:${sandboxPort}/sandbox/zatca/e-invoicing/developer-portal`);

    const base = `http://127.0.0.1:${port}`;
    const admin = (path: string, body: unknown) =>
      fetch(`${base}/admin/v1${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${exported.ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await fetch(`${base}/health/ready`)).status).toBe(200);
    const onboarding = await admin('/einvoicing/onboarding', { otp: '123345' });
    expect(`${onboarding.status} ${await onboarding.clone().text()}`).toMatch(/^201 /);

    const created = await admin('/teams', { name: 'Runbook Trading' });
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
  }, 240_000);
});
