import { FastifyInstance, FastifyReply } from 'fastify';
import {
  accountOf,
  bookSandboxPickup,
  formatFeedTime,
  isRecord,
  parseJsonBody,
  prepareNativeScope,
  readCsv,
  rememberAccount,
  SimulatorOptions,
  writeCsv,
} from '../../shared/sandbox';
import { DarbFileDesk } from './darb-files';
import {
  COLLECTION_LIST_COLUMNS,
  COLLECTION_RESULT_COLUMNS,
  DarbFileType,
  FILE_TYPES,
  ORDER_LOOKUP_COLUMNS,
  SETTLEMENT_COLUMNS,
  STATUS_FEED_COLUMNS,
} from './darb-formats';
import { DarbRangeBook } from './darb-ranges';

const MAX_RANGE = 10_000;
const MAX_FEED_NUMBERS = 200;
const MAX_FILE_ROWS = 100_000;
const MAX_SETTLEMENTS = 20;

/** A comma-separated query parameter's values, blanks dropped. */
const listParam = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** A CSV answer, as Darb gives every lookup and result. */
const csvReply = async (reply: FastifyReply, status: number, columns: readonly string[], rows: Record<string, string>[]) =>
  reply
    .code(status)
    .header('content-type', 'text/csv; charset=utf-8')
    .send(await writeCsv(columns, rows));

const fail = (reply: FastifyReply, status: number, error: string, message: string) => reply.code(status).send({ error, message });

/**
 * Darb Logistics: a file-based carrier. Orders, cancellations and address changes go in as
 * CSV files and come back as result files; tracking numbers come from ranges Darb assigns;
 * tracking is a CSV status feed. No passthrough target.
 */
export async function darbRoutes(scope: FastifyInstance, { state, code }: SimulatorOptions): Promise<void> {
  const ranges = new DarbRangeBook();
  state.keep(`${code}.ranges`, {
    save: () => ranges.save(),
    restore: (saved) => ranges.restore(saved as ReturnType<DarbRangeBook['save']>),
  });
  const desk = new DarbFileDesk(state, code, ranges);
  const carrier = state.carrier(code);

  prepareNativeScope(scope, state, code);
  scope.addHook('onRequest', async (request, reply) => {
    const given = request.headers['x-api-key'];
    const account = carrier.accounts.match({ apiKey: typeof given === 'string' ? given : undefined });
    if (!account) return fail(reply, 401, 'unauthorized', 'Missing or invalid X-Api-Key');
    rememberAccount(request, account);
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
    const file = desk.receive(type as DarbFileType, parsed.rows, accountOf(request));
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
    const refs = listParam(request.query.order_refs);
    if (refs.length === 0 || refs.length > MAX_FEED_NUMBERS) {
      return fail(reply, 422, 'invalid_request', `order_refs must list 1 to ${MAX_FEED_NUMBERS} references`);
    }
    const rows = refs.map((ref) => {
      const tn = desk.orderOf(ref);
      const shipment = tn ? carrier.shipments.get(tn) : undefined;
      const state = !shipment ? 'NOT_FOUND' : shipment.cancelled ? 'CANCELLED' : 'BOOKED';
      return { order_ref: ref, tracking_number: shipment?.trackingNumber ?? '', state };
    });
    return csvReply(reply, 200, ORDER_LOOKUP_COLUMNS, rows);
  });

  const collectionRow = (ref: string, number: string, state: string, error = '') => ({
    collection_ref: ref,
    collection_number: number,
    state,
    error_message: error,
  });

  // Collections: a daily collection list (CSV, one row per parcel, HHMM window), answered at once.
  scope.post('/api/v1/collection-lists', async (request, reply) => {
    const text = Buffer.isBuffer(request.body) ? request.body.toString('utf8').replace(/^\uFEFF/, '') : '';
    let parsed: Awaited<ReturnType<typeof readCsv>>;
    try {
      parsed = await readCsv(text);
    } catch {
      return fail(reply, 400, 'invalid_file', 'file is not valid CSV');
    }
    const missing = COLLECTION_LIST_COLUMNS.filter((c) => !parsed.headers.includes(c));
    if (missing.length > 0) return fail(reply, 400, 'invalid_file', `missing columns: ${missing.join(', ')}`);
    const first = parsed.rows[0];
    if (!first) return fail(reply, 400, 'invalid_file', 'file has no rows');
    const same = parsed.rows.every(
      (r) =>
        r.collection_ref === first.collection_ref && r.collection_date === first.collection_date && r.window_start === first.window_start,
    );
    const hhmm = (v: string) => (/^\d{4}$/.test(v) ? `${v.slice(0, 2)}:${v.slice(2)}` : null);
    const from = hhmm(first.window_start);
    const to = hhmm(first.window_end);
    if (!same || !first.collection_ref || !/^\d{8}$/.test(first.collection_date) || !from || !to) {
      return csvReply(reply, 422, COLLECTION_RESULT_COLUMNS, [
        collectionRow(first.collection_ref ?? '', '', 'REJECTED', 'one collection per list, date YYYYMMDD, window HHMM'),
      ]);
    }
    const date = `${first.collection_date.slice(0, 4)}-${first.collection_date.slice(4, 6)}-${first.collection_date.slice(6)}`;
    const booked = bookSandboxPickup(
      carrier,
      {
        reference: first.collection_ref,
        date,
        from,
        to,
        trackingNumbers: parsed.rows.map((r) => r.tracking_number),
        city: first.pickup_city ?? '',
        native: text,
      },
      'DC',
    );
    if (!booked.pickup)
      return csvReply(reply, 422, COLLECTION_RESULT_COLUMNS, [collectionRow(first.collection_ref, '', 'REJECTED', booked.problem)]);
    return csvReply(reply, 201, COLLECTION_RESULT_COLUMNS, [
      collectionRow(first.collection_ref, booked.pickup.confirmationNumber, 'SCHEDULED'),
    ]);
  });

  scope.get<{ Querystring: { collection_refs?: string } }>('/api/v1/collection-lookup', async (request, reply) => {
    const refs = listParam(request.query.collection_refs);
    if (refs.length === 0 || refs.length > MAX_FEED_NUMBERS) {
      return fail(reply, 422, 'invalid_request', `collection_refs must list 1 to ${MAX_FEED_NUMBERS} references`);
    }
    const rows = refs.map((ref) => {
      const pickup = carrier.pickupByReference(ref);
      return collectionRow(ref, pickup?.confirmationNumber ?? '', !pickup ? 'NOT_FOUND' : pickup.cancelled ? 'CANCELLED' : 'SCHEDULED');
    });
    return csvReply(reply, 200, COLLECTION_RESULT_COLUMNS, rows);
  });

  scope.post<{ Params: { number: string } }>('/api/v1/collections/:number/cancel', async (request, reply) => {
    const pickup = carrier.pickups.get(request.params.number);
    if (!pickup) return fail(reply, 404, 'not_found', 'unknown collection');
    pickup.cancelled = true;
    return csvReply(reply, 200, COLLECTION_RESULT_COLUMNS, [collectionRow(pickup.reference, pickup.confirmationNumber, 'CANCELLED')]);
  });

  scope.get<{ Querystring: { tracking_numbers?: string } }>('/api/v1/status-feed', async (request, reply) => {
    const numbers = listParam(request.query.tracking_numbers);
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
        cod_collected_sar: e.codCollectedHalalas === undefined ? '' : (e.codCollectedHalalas / 100).toFixed(2),
      })),
    );
    return csvReply(reply, 200, STATUS_FEED_COLUMNS, rows);
  });

  // Cash-on-delivery settlement file: the settlements after `after` (a settlement_seq), as CSV.
  scope.get<{ Querystring: { after?: string } }>('/api/v1/settlements', async (request, reply) => {
    const after = request.query.after === undefined || request.query.after === '' ? 0 : Number(request.query.after);
    if (!Number.isInteger(after) || after < 0) return fail(reply, 422, 'invalid_request', 'after must be a whole number >= 0');
    // Each account's settlement file lists the settlements made to it only.
    const rest = state.remittancesOf(code, accountOf(request)).filter((r) => r.seq > after);
    const page = rest.slice(0, MAX_SETTLEMENTS);
    const rows = page.flatMap((r) =>
      r.items.map((item) => ({
        settlement_seq: String(r.seq),
        settlement_ref: r.reference,
        settled_at: formatFeedTime(r.remittedAt),
        tracking_number: item.trackingNumber,
        cod_sar: (item.amountHalalas / 100).toFixed(2),
      })),
    );
    return reply
      .code(200)
      .header('content-type', 'text/csv; charset=utf-8')
      .header('x-darb-more', rest.length > MAX_SETTLEMENTS ? 'true' : 'false')
      .send(await writeCsv(SETTLEMENT_COLUMNS, rows));
  });
}
