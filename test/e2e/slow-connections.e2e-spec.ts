import { book } from '../support/booking';
import { envelopeOf, httpRequest, RawConnection } from '../support/raw-http';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';

/** Short bounds, so that each slow client is seen to be answered or closed within them. */
const LIMITS = {
  HTTP_HEADERS_TIMEOUT_MS: '1000',
  HTTP_BODY_TIMEOUT_MS: '700',
  HTTP_REQUEST_TIMEOUT_MS: '3000',
  HTTP_KEEP_ALIVE_TIMEOUT_MS: '1500',
};
/** Node checks its head and request timers every quarter of the shortest one, plus scheduling. */
const SLACK_MS = 1500;

/** A multipart form with `fields` small fields before the file (≈ 65 bytes each). */
function manyFieldsForm(fields: number, fileField: string, file: Buffer): { contentType: string; body: Buffer } {
  const boundary = '----lgwManyFields';
  const parts: string[] = [];
  for (let i = 0; i < fields; i += 1) parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nvalue${i}\r\n`);
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const body = Buffer.concat([Buffer.from(parts.join('')), file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { contentType: `multipart/form-data; boundary=${boundary}`, body };
}

/** HTTP/1.1 keeps the connection by default: the same request as httpRequest without `Connection: close`. */
function keepAliveRequest(method: string, path: string, headers: Array<[string, string]>, body?: Buffer | string): Buffer {
  return Buffer.from(httpRequest(method, path, headers, body).toString('latin1').replace('Connection: close\r\n', ''), 'latin1');
}

describe('slow and stuck connections', () => {
  let t: TestApp;
  let team: TestTeam;
  let shipmentId: string;
  const open: RawConnection[] = [];
  const logs: string[] = [];
  const connect = async () => {
    const c = await RawConnection.open(t.url);
    open.push(c);
    return c;
  };

  beforeAll(async () => {
    t = await bootTestApp({ env: { ...LIMITS, METRICS_PORT: '0', LOG_LEVEL: 'info' }, log: (line) => logs.push(line) });
    team = await t.createTeam('Connections Team');
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 100_000 });
    shipmentId = (await book(t, team, 'sahm')).id;
  });
  afterAll(async () => {
    for (const c of open) c.destroy();
    await t.close();
  });

  const auth = (): [string, string] => ['Authorization', `Bearer ${team.apiKey}`];

  it.each([
    ['POST /shipments/{id}/documents', () => `/api/v1/shipments/${shipmentId}/documents`, 'file'],
    ['POST /fulfilment/batches', () => '/api/v1/fulfilment/batches', 'file'],
  ])('%s: 2,000 fields before the file → 413, and the next request on the same connection is answered', async (_label, path, fileField) => {
    const form = manyFieldsForm(2000, fileField, Buffer.from('%PDF-1.4\n%%EOF\n'));
    expect(form.body.length).toBeGreaterThan(100_000);
    const c = await connect();
    await c.write(keepAliveRequest('POST', path(), [auth(), ['Content-Type', form.contentType]], form.body));
    const first = await c.nextResponse(5_000);
    expect(first?.status).toBe(413);
    expect(envelopeOf(first!.body)?.code).toBe('E_PAYLOAD_TOO_LARGE');
    if (first!.headers.connection === 'close') {
      // The other way out: the server says so and closes.
      expect(await c.waitClosed(5_000)).toBe(true);
      return;
    }
    await c.write(keepAliveRequest('GET', `/api/v1/shipments/${shipmentId}`, [auth()]));
    const second = await c.nextResponse(5_000);
    expect(second?.status).toBe(200);
    expect(JSON.parse(second!.body.toString()).id).toBe(shipmentId);
  });

  it('a body over the drain bound answered early is answered with Connection: close, then closed', async () => {
    const c = await connect();
    const declared = 2 * 1024 * 1024;
    await c.write(
      keepAliveRequest(
        'POST',
        '/api/v1/rates',
        [auth(), ['Content-Type', 'application/json'], ['Content-Length', String(declared)]],
        '{"a":',
      ),
    );
    const first = await c.nextResponse(5_000);
    expect(first?.status).toBe(413);
    expect(first!.headers.connection).toBe('close');
    expect(await c.waitClosed(5_000)).toBe(true);
  });

  it('a body declared as 100 bytes with 6 sent → 408 E_REQUEST_TIMEOUT with the envelope, then closed', async () => {
    const c = await connect();
    await c.write(
      keepAliveRequest('POST', '/api/v1/rates', [auth(), ['Content-Type', 'application/json'], ['Content-Length', '100']], '{"a":1'),
    );
    const answer = await c.nextResponse(Number(LIMITS.HTTP_BODY_TIMEOUT_MS) + SLACK_MS);
    expect(answer?.status).toBe(408);
    expect(envelopeOf(answer!.body)?.code).toBe('E_REQUEST_TIMEOUT');
    expect(answer!.headers.connection).toBe('close');
    expect(answer!.headers['x-service-request-id']).toEqual(expect.any(String));
    expect(await c.waitClosed(2_000)).toBe(true);
  });

  it("a slow client's 408 is an access-log line and a metric, never a dependency warning", async () => {
    const from = logs.length;
    const c = await connect();
    await c.write(
      keepAliveRequest('POST', '/api/v1/rates', [auth(), ['Content-Type', 'application/json'], ['Content-Length', '100']], '{"a":1'),
    );
    const answer = await c.nextResponse(Number(LIMITS.HTTP_BODY_TIMEOUT_MS) + SLACK_MS);
    expect(answer?.status).toBe(408);
    expect(await c.waitClosed(2_000)).toBe(true);
    // The handler side of the cut request settles after the socket closes.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const lines = logs.slice(from).map((line) => JSON.parse(line));
    expect(lines.filter((l) => l.event === 'dependency.unavailable' || l.level >= 40)).toEqual([]);
    const access = lines.filter((l) => l.event === 'http.request' && l.status === 408);
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({ method: 'POST', path: '/api/v1/rates', reqId: answer!.headers['x-service-request-id'] });
    const metrics = await (await fetch(`http://127.0.0.1:${t.runtime.metricsServer!.port}/metrics`)).text();
    expect(metrics).toMatch(/^lgw_http_request_timeouts_total\{[^}]*\} [1-9]/m);
  });

  it('a multipart upload that stops sending → 408, then closed', async () => {
    const form = manyFieldsForm(1, 'file', Buffer.from('%PDF-1.4\n'));
    const c = await connect();
    await c.write(
      keepAliveRequest('POST', `/api/v1/shipments/${shipmentId}/documents`, [
        auth(),
        ['Content-Type', form.contentType],
        ['Content-Length', String(form.body.length + 1000)],
      ]),
    );
    await c.write(form.body.subarray(0, form.body.length - 10));
    const answer = await c.nextResponse(Number(LIMITS.HTTP_BODY_TIMEOUT_MS) + SLACK_MS);
    expect(answer?.status).toBe(408);
    expect(envelopeOf(answer!.body)?.code).toBe('E_REQUEST_TIMEOUT');
    expect(await c.waitClosed(2_000)).toBe(true);
  });

  it('a body trickled a byte at a time, never stalling long, is cut at the whole-request bound', async () => {
    const c = await connect();
    const body = JSON.stringify({ padding: 'x'.repeat(200) });
    await c.write(
      keepAliveRequest('POST', '/api/v1/rates', [auth(), ['Content-Type', 'application/json'], ['Content-Length', String(body.length)]]),
    );
    const trickling = c.trickle(body, 1, 150);
    const answer = await c.nextResponse(Number(LIMITS.HTTP_REQUEST_TIMEOUT_MS) + SLACK_MS);
    expect(answer?.status).toBe(408);
    expect(envelopeOf(answer!.body)?.code).toBe('E_REQUEST_TIMEOUT');
    expect(answer!.afterMs).toBeGreaterThanOrEqual(Number(LIMITS.HTTP_REQUEST_TIMEOUT_MS) - 100);
    expect(await c.waitClosed(3_000)).toBe(true);
    await trickling;
  });

  it('a head trickled a byte at a time is answered 408 or closed within the headers bound', async () => {
    const c = await connect();
    const head = `GET /api/v1/shipments/${shipmentId} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${team.apiKey}\r\nX-Padding: ${'p'.repeat(100)}\r\n\r\n`;
    const trickling = c.trickle(head, 1, 100);
    const answer = await c.nextResponse(Number(LIMITS.HTTP_HEADERS_TIMEOUT_MS) + SLACK_MS);
    if (answer) {
      expect(answer.status).toBe(408);
      expect(envelopeOf(answer.body)?.code).toBe('E_REQUEST_TIMEOUT');
    }
    expect(await c.waitClosed(2_000)).toBe(true);
    expect(c.closedAfterMs!).toBeLessThan(Number(LIMITS.HTTP_HEADERS_TIMEOUT_MS) + SLACK_MS + 2_000);
    await trickling;
  });

  it('an idle keep-alive connection is closed after the keep-alive bound; a request in time is served', async () => {
    const c = await connect();
    await c.write(keepAliveRequest('GET', `/api/v1/shipments/${shipmentId}`, [auth()]));
    expect((await c.nextResponse(5_000))?.status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    await c.write(keepAliveRequest('GET', `/api/v1/shipments/${shipmentId}`, [auth()]));
    expect((await c.nextResponse(5_000))?.status).toBe(200);
    const idleFrom = Date.now();
    expect(await c.waitClosed(Number(LIMITS.HTTP_KEEP_ALIVE_TIMEOUT_MS) + SLACK_MS)).toBe(true);
    expect(Date.now() - idleFrom).toBeGreaterThanOrEqual(Number(LIMITS.HTTP_KEEP_ALIVE_TIMEOUT_MS) - 200);
  });
});
