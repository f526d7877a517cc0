import { ChildProcess, execFile, spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './private-redis';

/**
 * Dependencies a test may take away: a Redis and a PostgreSQL cluster of the test's own, on
 * free ports, never the machine's shared ones. Stopping and starting them is the outage.
 */
const run = promisify(execFile);

export { freePort };

async function until(what: string, timeoutMs: number, probe: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} not up within ${timeoutMs} ms`);
}

/** redis-server without persistence, as a child in its own process group: a restart comes back empty. */
export class PrivateRedis {
  private child?: ChildProcess;

  private constructor(readonly port: number) {}

  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort());
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    this.child = spawn('redis-server', args, { detached: true, stdio: 'ignore' });
    await until('redis-server', 10_000, async () => (await this.cli('PING')) === 'PONG');
  }

  /** FLUSHALL, then SIGKILL: whatever it held is gone, as after a crash of a Redis without persistence. */
  async crash(): Promise<void> {
    await this.cli('FLUSHALL');
    await this.stop();
  }

  /** SIGSTOP: connections stay open and nothing answers, as with a Redis that hangs. */
  pause(): void {
    process.kill(this.child!.pid!, 'SIGSTOP');
  }

  resume(): void {
    process.kill(this.child!.pid!, 'SIGCONT');
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      return;
    }
    await exited;
  }

  async cli(...args: string[]): Promise<string> {
    const { stdout } = await run('redis-cli', ['-p', String(this.port), ...args]);
    return stdout.trim();
  }
}

/**
 * A PostgreSQL cluster in a temporary directory, run as the postgres user (initdb refuses
 * root), trust authentication, listening on 127.0.0.1 only.
 */
export class PrivatePostgres {
  private constructor(
    readonly port: number,
    private readonly dir: string,
    private readonly bin: string,
  ) {}

  static async start(): Promise<PrivatePostgres> {
    const version = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))[0];
    const bin = `/usr/lib/postgresql/${version}/bin`;
    const dir = mkdtempSync(join(tmpdir(), 'lgw-pg-'));
    chmodSync(dir, 0o700);
    const { uid, gid } = await postgresUser();
    chownSync(dir, uid, gid);
    const pg = new PrivatePostgres(await freePort(), dir, bin);
    await pg.asPostgres('initdb', '-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8');
    await pg.start();
    return pg;
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  async start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
    await this.asPostgres('pg_ctl', '-D', join(this.dir, 'data'), '-l', join(this.dir, 'log'), '-o', options, '-w', 'start');
  }

  /** Fast shutdown: sessions are terminated (57P01), new connections refused. */
  async stop(): Promise<void> {
    await this.asPostgres('pg_ctl', '-D', join(this.dir, 'data'), '-m', 'fast', '-w', 'stop');
  }

  async destroy(): Promise<void> {
    await this.asPostgres('pg_ctl', '-D', join(this.dir, 'data'), '-m', 'immediate', '-w', 'stop').catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }

  private async asPostgres(tool: string, ...args: string[]): Promise<void> {
    await run('runuser', ['-u', 'postgres', '--', join(this.bin, tool), ...args], { timeout: 60_000 });
  }
}

async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}
