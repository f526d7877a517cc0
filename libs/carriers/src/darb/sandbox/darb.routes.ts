import { timingSafeEqual } from 'node:crypto';
import { FastifyInstance, FastifyReply } from 'fastify';
import { formatFeedTime, isRecord, parseJsonBody, prepareNativeScope, readCsv, SimulatorOptions, writeCsv } from '../../shared/sandbox';
import { DarbFileDesk } from './darb-files';
import { DarbFileType, FILE_TYPES, ORDER_LOOKUP_COLUMNS, STATUS_FEED_COLUMNS } from './darb-formats';
import { DarbRangeBook } from './darb-ranges';

const MAX_RANGE = 10_000;
const MAX_FEED_NUMBERS = 200;
const MAX_FILE_ROWS = 100_000;

const fail = (reply: FastifyReply, status: number, error: string, message: string) => reply.code(status).send({ error, message });

/**
 * Darb Logistics: a file-based carrier. Orders, cancellations and address changes go in as
 * CSV files and come back as result files; tracking numbers come from ranges Darb assigns;
 * tracking is a CSV status feed. No passthrough target.
 */
export async function darbRoutes(scope: FastifyInstance, { state, code, credentials }: SimulatorOptions): Promise<void> {
  const { apiKey } = credentials;
  const ranges = new DarbRangeBook();
  const desk = new DarbFileDesk(state, code, ranges);
  const carrier = state.carrier(code);
  const expectedKey = Buffer.from(apiKey);

  prepareNativeScope(scope, state, code);
  scope.addHook('onRequest', async (request, reply) => {
    const given = request.headers['x-api-key'];
    const ok = typeof given === 'string' && given.length === apiKey.length && timingSafeEqual(Buffer.from(given), expectedKey);
    if (!ok) return fail(reply, 401, 'unauthorized', 'Missing or invalid X-Api-Key');
  });

  scope.post('/api/v1/tracking-ranges', async (request, reply) => {
    const parsed = request.body ? parseJsonBody(request.body) : { ok: true as const, value: {} };
    const size = parsed.ok && isRecord(parsed.value) ? (parsed.value.size ?? 1000) : undefined;
    if (typeof size !== 'number' || !Number.isInteger(size) || size < 1 || size > MAX_RANGE) {
      return fail(reply, 422, 'invalid_request', `size must be a whole number from 1 to ${MAX_RANGE}`);
    }
    return reply.code(201).send({ ...ranges.issue(size), issued_at: new Date().toISOString() });
  });

  scope.post<{ Params: { type: string } }>('/api/v1/files/:type', async (request, reply) => {
    const type = request.params.type;
    if (!(type in FILE_TYPES)) return fail(reply, 404, 'not_found', `unknown file type ${type}`);
    const text = Buffer.isBuffer(request.body) ? request.body.toString('utf8').replace(/^\uFEFF/, '') : '';
    let parsed: Awaited<ReturnType<typeof readCsv>>;
    try {
      parsed = await readCsv(text);
    } catch {
      return fail(reply, 400, 'invalid_file', 'file is not valid CSV');
    }
    const missing = FILE_TYPES[type as DarbFileType].filter((c) => !parsed.headers.includes(c));
    if (missing.length > 0) return fail(reply, 400, 'invalid_file', `missing columns: ${missing.join(', ')}`);
    if (parsed.rows.length === 0) return fail(reply, 400, 'invalid_file', 'file has no rows');
    if (parsed.rows.length > MAX_FILE_ROWS) return fail(reply, 413, 'file_too_large', `at most ${MAX_FILE_ROWS} rows`);
    const file = desk.receive(type as DarbFileType, parsed.rows);
    return reply.code(202).send({ file_id: file.file_id, type, status: file.status, rows: file.rowCount });
  });

  scope.get<{ Params: { id: string } }>('/api/v1/files/:id', async (request, reply) => {
    const file = desk.find(request.params.id);
    if (!file) return fail(reply, 404, 'not_found', 'unknown file');
    return {
      file_id: file.file_id,
      type: file.type,
      status: file.status,
      rows: file.rowCount,
      received_at: file.received_at.toISOString(),
    };
  });

  scope.get<{ Params: { id: string }; Querystring: { wait_ms?: string } }>('/api/v1/files/:id/result', async (request, reply) => {
    const file = desk.find(request.params.id);
    if (!file) return fail(reply, 404, 'not_found', 'unknown file');
    await desk.waitFor(file, Number(request.query.wait_ms ?? 0) || 0);
    if (file.status !== 'done') {
      return reply.code(202).header('retry-after', '1').send({ file_id: file.file_id, status: file.status });
    }
    return reply.code(200).header('content-type', 'text/csv; charset=utf-8').send(file.result);
  });

  // Which consignment each order_ref became, as CSV like the status feed: how a sender finds
  // out whether an order file it never got the result of was booked.
  scope.get<{ Querystring: { order_refs?: string } }>('/api/v1/order-lookup', async (request, reply) => {
    const refs = (request.query.order_refs ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (refs.length === 0 || refs.length > MAX_FEED_NUMBERS) {
      return fail(reply, 422, 'invalid_request', `order_refs must list 1 to ${MAX_FEED_NUMBERS} references`);
    }
    const rows = refs.map((ref) => {
      const tn = desk.orderOf(ref);
      const shipment = tn ? carrier.shipments.get(tn) : undefined;
      const state = !shipment ? 'NOT_FOUND' : shipment.cancelled ? 'CANCELLED' : 'BOOKED';
      return { order_ref: ref, tracking_number: shipment?.trackingNumber ?? '', state };
    });
    return reply
      .code(200)
      .header('content-type', 'text/csv; charset=utf-8')
      .send(await writeCsv(ORDER_LOOKUP_COLUMNS, rows));
  });

  scope.get<{ Querystring: { tracking_numbers?: string } }>('/api/v1/status-feed', async (request, reply) => {
    const numbers = (request.query.tracking_numbers ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (numbers.length === 0 || numbers.length > MAX_FEED_NUMBERS) {
      return fail(reply, 422, 'invalid_request', `tracking_numbers must list 1 to ${MAX_FEED_NUMBERS} numbers`);
    }
    const rows = numbers.flatMap((tn) =>
      (carrier.shipments.get(tn)?.events ?? []).map((e) => ({
        event_id: e.id,
        tracking_number: tn,
        status_code: e.nativeCode,
        status_description: e.nativeText,
        event_time: formatFeedTime(e.occurredAt),
        city: e.locationEn ?? '',
        city_ar: e.locationAr ?? '',
        measured_weight_kg: e.measuredWeightKg === undefined ? '' : String(e.measuredWeightKg),
      })),
    );
    return reply
      .code(200)
      .header('content-type', 'text/csv; charset=utf-8')
      .send(await writeCsv(STATUS_FEED_COLUMNS, rows));
  });
}
