import { createServer, request as httpRequest, Server } from 'node:http';
import { AddressInfo } from 'node:net';

/**
 * An HTTP proxy in front of the carrier sandbox that counts, per order_ref, the orders the
 * carrier accepted in uploaded order files (POST …/files/orders answered 2xx): what "reached the
 * carrier" means, measured outside the gateway and whatever the carrier answers.
 */
export class CountingProxy {
  readonly orders = new Map<string, number>();
  /** Orders in each accepted order file, in the order the files arrived. */
  readonly files: number[] = [];
  private server?: Server;

  constructor(private readonly target: string) {}

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  /** Order refs the carrier received more than once. */
  duplicates(): string[] {
    return [...this.orders].filter(([, n]) => n > 1).map(([ref]) => ref);
  }

  async start(): Promise<void> {
    const target = new URL(this.target);
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const upstream = httpRequest(
          { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
          (answer) => {
            const out: Buffer[] = [];
            answer.on('data', (c: Buffer) => out.push(c));
            answer.on('end', () => {
              const status = answer.statusCode ?? 502;
              if (req.method === 'POST' && /\/files\/orders$/.test(req.url ?? '') && status >= 200 && status < 300) this.count(body);
              res.writeHead(status, answer.headers);
              res.end(Buffer.concat(out));
            });
          },
        );
        upstream.on('error', () => {
          res.writeHead(502);
          res.end();
        });
        upstream.end(body);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private count(csv: Buffer): void {
    const lines = csv
      .toString('utf8')
      .replace(/^\ufeff/, '')
      .split(/\r?\n/)
      .filter(Boolean);
    const column = (lines[0] ?? '').split(',').indexOf('order_ref');
    if (column < 0) return;
    this.files.push(lines.length - 1);
    for (const line of lines.slice(1)) {
      // Order refs are the gateway's shipment ids (uuids): no quoting in their column.
      const ref = line.split(',')[column];
      this.orders.set(ref, (this.orders.get(ref) ?? 0) + 1);
    }
  }
}
