import { ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';

export interface PrivateRedis {
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

/**
 * A port nobody listens on right now, below the range the kernel hands out to outgoing
 * connections (ip_local_port_range): a gateway started, killed and started again on it never finds
 * it taken by another suite's connection (an OS-picked port comes from that range, and a suite's
 * connection took one in CI between two starts).
 */
export async function freePort(): Promise<number> {
  const below = ephemeralPortsFrom();
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = LOWEST_TEST_PORT + Math.floor(Math.random() * (below - LOWEST_TEST_PORT));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${LOWEST_TEST_PORT} and ${below}`);
}

/** Above the suites' fixed ports (7xxx) and the machine's services. */
const LOWEST_TEST_PORT = 10_000;

function ephemeralPortsFrom(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > LOWEST_TEST_PORT + 1000 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A redis-server of the test's own (no persistence), in its own process group: suites that
 * run several gateway processes or lose Redis never touch the machine's shared one.
 */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    detached: true,
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) break;
    if (Date.now() > deadline) throw new Error(`redis-server did not start on ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      process.kill(-child.pid!, 'SIGKILL');
      await exited;
    },
  };
}
