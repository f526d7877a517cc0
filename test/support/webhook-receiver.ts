import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ReceivedWebhook {
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly receivedAt: number;
}

/** What the receiver answers; `hang` never answers (the sender's timeout must end it). */
export type WebhookReply = { status: number; headers?: Record<string, string>; body?: string } | { hang: true };

export interface WebhookReceiver {
  readonly url: string;
  /** PEM of the self-signed certificate: what a sender must trust (NODE_EXTRA_CA_CERTS, WEBHOOK_CA_FILE). */
  readonly caFile: string;
  readonly received: ReceivedWebhook[];
  /** Answer for a path; the default is 200. `nth` counts that path's requests from 1. */
  reply(path: string, answer: (nth: number, request: ReceivedWebhook) => WebhookReply): void;
  at(path: string): ReceivedWebhook[];
  /**
   * The most requests to `path` held open by `hang` at one time (a sender's concurrency). With
   * `heldAtMostMs` (the sender's timeout), a request stops counting that long after it arrived:
   * the sender has let go of it by then, whether or not this server has yet seen its socket close
   * (a reused connection's next request can be read before the closed one's event).
   */
  peakHanging(path: string, heldAtMostMs?: number): number;
  /** Polls until `count` requests reached `path`; fails after `timeoutMs`. */
  waitFor(path: string, count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/**
 * A real HTTPS receiver with a self-signed certificate made by openssl for this run
 * (CN localhost, SAN localhost and 127.0.0.1), recording every request it gets.
 */
export async function startWebhookReceiver(options: { port?: number } = {}): Promise<WebhookReceiver> {
  const dir = mkdtempSync(join(tmpdir(), 'lgw-receiver-'));
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const received: ReceivedWebhook[] = [];
  const answers = new Map<string, (nth: number, request: ReceivedWebhook) => WebhookReply>();
  const hanging = new Set<import('node:http').ServerResponse>();
  /** Each hanging request's arrival and, once its socket closed, its end (ms). */
  const heldByPath = new Map<string, Array<{ from: number; to?: number }>>();
  const server: Server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0];
      const request: ReceivedWebhook = {
        path,
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)])),
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      };
      received.push(request);
      const nth = received.filter((r) => r.path === path).length;
      const answer = answers.get(path)?.(nth, request) ?? { status: 200 };
      if ('hang' in answer) {
        hanging.add(res);
        const held: { from: number; to?: number } = { from: performance.now() };
        if (!heldByPath.has(path)) heldByPath.set(path, []);
        heldByPath.get(path)!.push(held);
        res.on('close', () => {
          hanging.delete(res);
          held.to = performance.now();
        });
        return;
      }
      res.writeHead(answer.status, answer.headers ?? {});
      res.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const at = (path: string) => received.filter((r) => r.path === path);
  return {
    url: `https://127.0.0.1:${port}`,
    caFile: cert,
    received,
    reply: (path, answer) => answers.set(path, answer),
    at,
    peakHanging: (path, heldAtMostMs = Infinity) => {
      const held = heldByPath.get(path) ?? [];
      // At each arrival, the requests that had arrived and were still held.
      return Math.max(
        0,
        ...held.map(({ from }) => held.filter((h) => h.from <= from && from < Math.min(h.to ?? Infinity, h.from + heldAtMostMs)).length),
      );
    },
    async waitFor(path, count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (at(path).length < count) {
        if (Date.now() > deadline) throw new Error(`${path} got ${at(path).length} of ${count} webhooks within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return at(path);
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
