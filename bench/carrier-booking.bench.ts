/**
 * Time to book through each carrier's simulator (issue 40: p99 per carrier), the adapter's whole
 * booking call over real HTTP to the sandbox, as the gateway makes it.
 *
 *   node -r ./bench/support/register.js bench/carrier-booking.bench.ts
 *
 * Env: CARRIER_BENCH_BOOKINGS (2000 per carrier), CARRIER_BENCH_WARMUP (200),
 * CARRIER_BENCH_CONCURRENCY (16 bookings in flight). Every registered carrier is measured (the
 * registry, never a list of codes), on its first domestic service level (else its first).
 * Run on a quiet machine: the sandbox and the adapters share this process's event loop.
 */
import os from 'node:os';
import type { CarrierBookingRequest } from '@lgw/carrier-access';
import { startCarrierSandbox } from '@lgw/carrier-sandbox';
import { CARRIERS, createCarrierRegistry } from '@lgw/carriers';
import { intEnv } from './support/bench-env';

const BOOKINGS = intEnv('CARRIER_BENCH_BOOKINGS', 2000);
const WARMUP = intEnv('CARRIER_BENCH_WARMUP', 200);
const CONCURRENCY = intEnv('CARRIER_BENCH_CONCURRENCY', 16);

let counter = 0;
function request(serviceCode: string): CarrierBookingRequest {
  counter++;
  return {
    shipmentId: `bench_${process.pid}_${counter}`,
    serviceCode,
    origin: { name: 'Matjar Store', line1: 'King Fahd Rd 12', city: 'Riyadh', country: 'SA', phone: '966501234567' },
    destination: { name: 'Noura', line1: 'Tahlia St 5', city: 'Jeddah', country: 'SA', phone: '966551112233', short_address: 'JEDA1234' },
    parcels: [{ weight_kg: 1.2, length_cm: 30, width_cm: 20, height_cm: 10 }],
    declaredValueHalalas: 15_050,
    codAmountHalalas: 9_900,
    reference: `BENCH-${counter}`,
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function run(book: () => Promise<unknown>, count: number): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        next++;
        const started = process.hrtime.bigint();
        await book();
        times.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
    }),
  );
  return times.sort((a, b) => a - b);
}

async function main(): Promise<void> {
  const sandbox = await startCarrierSandbox({ port: 0, host: '127.0.0.1', autoAdvanceSeconds: 0 });
  const registry = createCarrierRegistry({ sandboxUrl: sandbox.url, env: {} });
  const rows = [];
  try {
    for (const carrier of CARRIERS) {
      const { code, service_levels } = carrier.descriptor;
      const level = service_levels.find((l) => l.lanes.includes('domestic')) ?? service_levels[0];
      const adapter = registry.get(code)!;
      const book = () => adapter.book(request(level.code));
      await run(book, WARMUP);
      const started = Date.now();
      const times = await run(book, BOOKINGS);
      const seconds = (Date.now() - started) / 1000;
      rows.push({
        carrier: code,
        bookings: BOOKINGS,
        per_s: Math.round(BOOKINGS / seconds),
        p50_ms: +percentile(times, 50).toFixed(2),
        p99_ms: +percentile(times, 99).toFixed(2),
        max_ms: +times[times.length - 1].toFixed(2),
      });
    }
  } finally {
    await registry.close();
    await sandbox.close();
  }
  console.log(JSON.stringify({ bench: 'carrier-booking', concurrency: CONCURRENCY, loadavg: os.loadavg(), rows }, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
