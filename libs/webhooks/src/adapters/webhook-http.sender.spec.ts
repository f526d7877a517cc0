import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebhookHttpSender } from './webhook-http.sender';

/** A real HTTPS server on 127.0.0.1 with a certificate for `receiver.test` made by openssl. */
describe('WebhookHttpSender', () => {
  let dir: string;
  let server: Server;
  let port: number;
  let ca: Buffer;
  const hits: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lgw-sender-'));
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
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=receiver.test',
        '-addext',
        'subjectAltName=DNS:receiver.test,IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    ca = readFileSync(join(dir, 'cert.pem'));
    server = createServer({ key: readFileSync(join(dir, 'key.pem')), cert: ca }, (req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/slow') return; // never answers
      if (req.url === '/moved') {
        res.writeHead(307, { location: 'https://169.254.169.254/latest/meta-data' });
        return res.end();
      }
      res.writeHead(req.url === '/busy' ? 429 : 200, req.url === '/busy' ? { 'retry-after': '7' } : {});
      res.end('ok');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    rmSync(dir, { recursive: true, force: true });
  });

  const body = '{"type":"webhook.test"}';

  it('refuses non-public targets without connecting, at check time and at send time', async () => {
    const strict = new WebhookHttpSender({ timeoutMs: 2000, allowPrivateTargets: false, ca });
    const before = hits.length;
    for (const host of ['127.0.0.1', '[::1]', '10.0.0.1', '169.254.169.254', '[::ffff:127.0.0.1]', 'localhost']) {
      expect(await strict.checkTarget(`https://${host}:${port}/x`)).toMatch(/non-public address/);
      const sent = await strict.send(`https://${host}:${port}/x`, {}, body);
      expect(sent).toMatchObject({ statusCode: null, error: expect.stringMatching(/^target refused/) });
    }
    // A name that resolves to a public address and a private one is refused as a whole.
    const mixed = new WebhookHttpSender({
      timeoutMs: 2000,
      allowPrivateTargets: false,
      resolver: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ],
    });
    expect(await mixed.checkTarget('https://rebind.test/x')).toMatch(/127\.0\.0\.1/);
    expect(hits.length).toBe(before);
    strict.close();
    mixed.close();
  });

  it('connects to the address it checked (no second look-up) and verifies TLS against the host name', async () => {
    let lookups = 0;
    const sender = new WebhookHttpSender({
      timeoutMs: 2000,
      allowPrivateTargets: true,
      ca,
      // receiver.test exists in no DNS: reaching the server proves the checked address was used.
      resolver: async () => {
        lookups++;
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    expect(await sender.send(`https://receiver.test:${port}/pinned`, { 'webhook-id': 'msg_1' }, body)).toEqual({
      statusCode: 200,
      error: null,
    });
    expect(lookups).toBe(1);
    expect(hits).toContain('/pinned');
    sender.close();
  });

  it('does not follow redirects, reads Retry-After and times out a receiver that never answers', async () => {
    const sender = new WebhookHttpSender({ timeoutMs: 500, allowPrivateTargets: true, ca });
    const moved = await sender.send(`https://127.0.0.1:${port}/moved`, {}, body);
    expect(moved).toMatchObject({ statusCode: 307, error: expect.stringMatching(/redirect not followed/) });
    expect(await sender.send(`https://127.0.0.1:${port}/busy`, {}, body)).toMatchObject({ statusCode: 429, retryAfterMs: 7000 });
    const slow = await sender.send(`https://127.0.0.1:${port}/slow`, {}, body);
    expect(slow).toMatchObject({ statusCode: null, error: expect.stringMatching(/timeout/) });
    sender.close();
  });

  it('refuses a certificate it does not trust', async () => {
    const sender = new WebhookHttpSender({ timeoutMs: 2000, allowPrivateTargets: true });
    const res = await sender.send(`https://127.0.0.1:${port}/untrusted`, {}, body);
    expect(res.statusCode).toBeNull();
    expect(res.error).toMatch(/certificate/i);
    sender.close();
  });
});
