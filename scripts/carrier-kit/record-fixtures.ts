/**
 * npm run carrier:record -- --code qafila [--base-url https://api.carrier.example] [--out <folder>]
 *
 * Records what a carrier answers to its adapter into fixtures: one JSON file per HTTP
 * exchange (request and answer, credentials redacted) in `<code>/fixtures/recorded/`, plus
 * the booking request used. Without --base-url the carrier is its simulator in an in-process
 * sandbox, and tracking events are put there through the control API first; with --base-url
 * the real carrier is asked with the credentials its settings read (<CODE>_* variables), and
 * only reads and one booking that is cancelled at once are made.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { carrierContext, CARRIERS, carrierEnvName, CarrierSettingsContext, observeCarrierExchanges } from '@lgw/carriers';
import { startCarrierSandbox } from '@lgw/carrier-sandbox';
import { bookingRequest } from '../../test/contract/support/sandbox-harness';

interface Exchange {
  operation: string;
  request: { method: string; path: string; headers: Record<string, string>; body: unknown };
  response: { status: number; content_type: string | null; body: unknown };
}

const ROOT = resolve(__dirname, '..', '..');
const REDACTED = '<redacted>';

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

function decode(text: string, contentType: string | null): unknown {
  if (contentType?.includes('json') || /^\s*[[{]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function bodyText(body: unknown): string {
  if (body === undefined || body === null) return '';
  if (typeof body === 'string') return body;
  if (Buffer.isBuffer(body) || body instanceof Uint8Array) return Buffer.from(body).toString('utf8');
  return String(body);
}

async function main(): Promise<void> {
  const code = option('code');
  const carrier = CARRIERS.find((c) => c.descriptor.code === code);
  if (!carrier) throw new Error(`--code must be a registered carrier (${CARRIERS.map((c) => c.descriptor.code).join(', ')})`);
  const baseUrl = option('base-url');
  const out = resolve(option('out') ?? join(ROOT, 'libs', 'carriers', 'src', carrier.descriptor.code, 'fixtures', 'recorded'));
  const env = { ...process.env };
  const secrets = Object.entries(carrier.settings.credentials)
    .map(([name, fallback]) => env[carrierEnvName(carrier.descriptor.code, name)] ?? fallback)
    .filter((value) => value.length > 0);
  const redact = (text: string) => secrets.reduce((result, secret) => result.split(secret).join(REDACTED), text);

  const sandbox = baseUrl ? undefined : await startCarrierSandbox({ port: 0, autoAdvanceSeconds: 0, env });
  const context: CarrierSettingsContext = baseUrl
    ? { env: { ...env, [carrierEnvName(carrier.descriptor.code, 'baseUrl')]: baseUrl } }
    : { env, sandboxUrl: sandbox!.url };
  const adapter = carrier.create(carrierContext(carrier, context));

  const exchanges: Exchange[] = [];
  let operation = '';
  const stopObserving = observeCarrierExchanges(({ call, answer }) => {
    if (!operation) return;
    const url = new URL(call.url);
    const headers = Object.fromEntries(Object.entries(call.headers ?? {}).map(([k, v]) => [k, redact(v)]));
    const contentType = answer.headers.get('content-type');
    exchanges.push({
      operation,
      request: {
        method: call.method,
        path: `${url.pathname}${url.search}`,
        headers,
        body: decode(redact(bodyText(call.body)), headers['content-type'] ?? null),
      },
      response: { status: answer.status, content_type: contentType, body: decode(redact(answer.body.toString('utf8')), contentType) },
    });
  });
  const step = async <T>(name: string, call: () => Promise<T>): Promise<T> => {
    operation = name;
    try {
      return await call();
    } finally {
      operation = '';
    }
  };
  const control = (path: string, body: unknown) =>
    fetch(`${sandbox!.url}/sandbox/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  const request = bookingRequest(carrier.descriptor.service_levels[0].code, {
    shipmentId: `shp_recorded_${Date.now().toString(36)}`,
    reference: 'ORDER-RECORDED',
  });

  try {
    const booking = await step('book', () => adapter.book(request));
    await step('find-booking', () => adapter.findBookingByReference(request.shipmentId));
    if (sandbox) {
      const { statuses } = carrier.tracking;
      for (const status of ['PICKED_UP', 'EXCEPTION_ADDRESS_ISSUE', 'OUT_FOR_DELIVERY'].filter((s) => statuses.includes(s as never))) {
        await control(`/carriers/${carrier.descriptor.code}/shipments/${booking.trackingNumber}/events`, {
          code: status,
          location_en: 'Riyadh',
        });
      }
      await step('update-destination', () =>
        adapter.updateDestination(booking.trackingNumber, { name: 'Noura', city: 'Dammam', country: 'SA', short_address: 'DDMA1234' }),
      );
    }
    await step('tracking', () => adapter.fetchTracking([booking.trackingNumber]));
    if (sandbox) {
      const second = await step('book', () => adapter.book({ ...request, shipmentId: `${request.shipmentId}_2` }));
      await step('cancel', () => adapter.cancel(second.trackingNumber));
    } else {
      await step('cancel', () => adapter.cancel(booking.trackingNumber));
    }
  } finally {
    stopObserving();
    await (adapter as { close?: () => Promise<void> }).close?.();
    await sandbox?.close();
  }

  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'booking-request.json'), `${JSON.stringify(request, null, 2)}\n`);
  exchanges.forEach((exchange, i) => {
    const name = `${String(i + 1).padStart(2, '0')}-${exchange.operation}.json`;
    writeFileSync(join(out, name), `${JSON.stringify(exchange, null, 2)}\n`);
  });
  process.stdout.write(`recorded ${exchanges.length} exchanges with ${carrier.descriptor.code} into ${out}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`carrier:record: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
