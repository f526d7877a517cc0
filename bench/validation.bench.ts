/**
 * Body validation at the edge (docs/adr/0092-compiled-request-validation.md): CPU µs per body
 * of the validation pipe for a valid POST /rates and a valid POST /shipments body, on
 * class-transformer + class-validator and on the compiled validator, same run, same bodies,
 * and JSON.parse of the same text as the yardstick. Each figure includes the pipe's own checks
 * (unknown fields, nulls, unprintable text), which both paths share.
 *
 *   node -r ./bench/support/register.js bench/validation.bench.ts
 *
 * Env: VALIDATION_BENCH_CALLS (100000 per path and body), VALIDATION_BENCH_ROUNDS (3, the
 * best round is reported: the figure is the cost of the code, not of the machine's neighbours).
 */
import os from 'node:os';
import { RatesRequestDto } from '@lgw/rating';
import { CreateShipmentRequestDto } from '@lgw/shipping';
import { createValidationPipe } from '@lgw/http-api';
import { ratesBody } from '../test/support/fixtures';
import { intEnv } from './support/bench-env';

const CALLS = intEnv('VALIDATION_BENCH_CALLS', 100_000);
const ROUNDS = intEnv('VALIDATION_BENCH_ROUNDS', 3);

const LANE = { ...ratesBody(), declared_value: 450, cod_amount: 120.5 };
const BODIES: Array<[string, unknown, string]> = [
  ['POST /rates', RatesRequestDto, JSON.stringify({ ...LANE, declared_value_currency: 'SAR' })],
  ['POST /shipments', CreateShipmentRequestDto, JSON.stringify({ ...LANE, quote_id: 'q'.repeat(170), reference: 'ORDER-10045' })],
];

type Pipe = ReturnType<typeof createValidationPipe>;

/** CPU µs per call of `work`, best of ROUNDS (after a warm-up of a tenth of CALLS). */
async function micros(work: () => unknown): Promise<number> {
  for (let i = 0; i < CALLS / 10; i++) await work();
  let best = Infinity;
  for (let round = 0; round < ROUNDS; round++) {
    const started = process.cpuUsage();
    for (let i = 0; i < CALLS; i++) await work();
    const used = process.cpuUsage(started);
    best = Math.min(best, (used.user + used.system) / CALLS);
  }
  return best;
}

async function main(): Promise<void> {
  const libraries: Pipe = createValidationPipe({ compiled: false });
  const compiled: Pipe = createValidationPipe();
  console.log(
    `validation per body: ${CALLS} calls x ${ROUNDS} rounds, node ${process.version}, load ${os.loadavg().map((n) => n.toFixed(2))}`,
  );
  for (const [route, metatype, text] of BODIES) {
    const metadata = { type: 'body' as const, metatype: metatype as never };
    // Both answer the same object (the differential spec checks it on the whole corpus).
    const a = JSON.stringify(await libraries.transform(JSON.parse(text), metadata));
    const b = JSON.stringify(await compiled.transform(JSON.parse(text), metadata));
    if (a !== b) throw new Error(`${route}: the two paths hand different bodies to the handler`);
    const parse = await micros(() => JSON.parse(text));
    const slow = await micros(() => libraries.transform(JSON.parse(text), metadata));
    const fast = await micros(() => compiled.transform(JSON.parse(text), metadata));
    console.log(
      `${route}: JSON.parse ${parse.toFixed(1)} µs; class-transformer + class-validator ${(slow - parse).toFixed(1)} µs; ` +
        `compiled ${(fast - parse).toFixed(1)} µs (${((slow - parse) / (fast - parse)).toFixed(1)}x), each after the parse`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
