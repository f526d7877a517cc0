import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { sendHttp } from './carrier-http';
import { CarrierTransportError } from './carrier-transport.error';

/** sendHttp against a real HTTP server on a free port: what a carrier's answer looks like to an adapter. */
describe('sendHttp', () => {
  let server: Server;
  let base: string;
  let handle: (req: IncomingMessage, res: ServerResponse, body: string) => void;
  const sockets = new Set<import('node:net').Socket>();

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
    });
    server.on('connection', (s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((r) => server.close(r));
  });

  it('sends the method, headers and body, and answers status, headers (any case, repeats joined) and body', async () => {
    let seen: { method?: string; type?: string; length?: string; body?: string } = {};
    handle = (req, res, body) => {
      seen = { method: req.method, type: req.headers['content-type'], length: req.headers['content-length'], body };
      res.setHeader('X-Darb-More', 'true');
      res.setHeader('Set-Cookie', ['a=1', 'b=2']);
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end('{"ok":"نعم"}');
    };
    const answer = await sendHttp({
      method: 'POST',
      url: `${base}/orders`,
      headers: { 'content-type': 'application/json' },
      body: '{"city":"جدة"}',
      signal: AbortSignal.timeout(2_000),
    });
    expect(seen).toEqual({
      method: 'POST',
      type: 'application/json',
      length: String(Buffer.byteLength('{"city":"جدة"}')),
      body: '{"city":"جدة"}',
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('x-darb-more')).toBe('true');
    expect(answer.headers.get('Content-Type')).toBe('application/json');
    expect(answer.headers.get('set-cookie')).toBe('a=1, b=2');
    expect(answer.headers.get('x-absent')).toBeNull();
    expect(JSON.parse(answer.body.toString('utf8'))).toEqual({ ok: 'نعم' });
  });

  it('keeps the connection for the next exchange with the same carrier', async () => {
    const ports = new Set<number>();
    handle = (req, res) => {
      ports.add(req.socket.remotePort ?? 0);
      res.end('{}');
    };
    for (let i = 0; i < 5; i++) await sendHttp({ method: 'GET', url: `${base}/ping`, signal: AbortSignal.timeout(2_000) });
    expect(ports.size).toBe(1);
  });

  it('does not follow a redirect: the 3xx is the answer', async () => {
    handle = (_req, res) => {
      res.writeHead(302, { location: `${base}/elsewhere` });
      res.end();
    };
    const answer = await sendHttp({ method: 'GET', url: `${base}/moved`, signal: AbortSignal.timeout(2_000) });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(`${base}/elsewhere`);
  });

  it('times out a carrier that stalls mid-answer, and names a refused connection', async () => {
    handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"partial":');
    };
    const started = Date.now();
    const stalled = sendHttp({ method: 'GET', url: `${base}/slow`, signal: AbortSignal.timeout(300) });
    await expect(stalled).rejects.toThrow(new CarrierTransportError('timed out'));
    expect(Date.now() - started).toBeLessThan(2_000);

    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    await expect(sendHttp({ method: 'GET', url: `http://127.0.0.1:${port}/`, signal: AbortSignal.timeout(2_000) })).rejects.toThrow(
      new CarrierTransportError('connection failed (ECONNREFUSED)'),
    );
  });

  it('fails an answer cut short by the carrier as a transport error, never as a body', async () => {
    handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"partial":');
      setTimeout(() => res.socket?.destroy(), 20);
    };
    await expect(sendHttp({ method: 'GET', url: `${base}/cut`, signal: AbortSignal.timeout(2_000) })).rejects.toBeInstanceOf(
      CarrierTransportError,
    );
  });
});
