import { remembered, type ApiMode } from '@lgw/kernel';
import { JsonBytes } from '@lgw/http-api';
import type { QuoteView, RatesView } from '../application/quote.view';

/** A quote as POST /rates answers it: the view and the caller's mode. */
export type QuoteAnswer = QuoteView & { readonly mode: ApiMode };
export type RatesAnswer = { readonly quotes: readonly QuoteAnswer[]; readonly warnings?: RatesView['warnings'] };

/**
 * The fields of an answer's quote, in the order the use case writes them: the writer below
 * writes them in this order, and a field added to the view without being added here does not
 * compile (the check after the list).
 */
const QUOTE_FIELDS = [
  'quote_id',
  'carrier',
  'service',
  'transit_days',
  'estimated_delivery_date',
  'weights',
  'breakdown',
  'total_sar',
  'currency',
  'expires_at',
  'connection_id',
  'account',
  'recommended',
  'rule_id',
  'on_time_rate',
  'mode',
] as const satisfies readonly (keyof QuoteAnswer)[];
type Unwritten = Exclude<keyof QuoteAnswer, (typeof QUOTE_FIELDS)[number]>;
const everyFieldWritten: [Unwritten] extends [never] ? true : Unwritten = true;
void everyFieldWritten;

/**
 * POST /rates' answer as the UTF-8 bytes of exactly the text `JSON.stringify` gives
 * (quote-list.json.spec.ts compares the two over generated answers), from kept pieces: the carrier
 * and service objects are the same frozen objects on every rating, and so is a price's breakdown,
 * so their Arabic and English JSON is written once for the life of the process and copied
 * (json-bytes.ts, docs/adr/0103). Undefined for an answer it does not recognise (a quote with other
 * fields), which `JSON.stringify` then writes.
 */
export function quoteListJson(answer: RatesAnswer): Buffer | undefined {
  const { quotes, warnings } = answer;
  if (Object.keys(answer).length !== (warnings === undefined ? 1 : 2)) return undefined;
  for (let i = 0; i < quotes.length; i++) if (Object.keys(quotes[i]).length !== QUOTE_FIELDS.length) return undefined;
  out.start('{"quotes":[');
  for (let i = 0; i < quotes.length; i++) {
    if (i > 0) out.text(',');
    writeQuote(quotes[i]);
  }
  // Warnings are rare (a refused or silent carrier, cash on delivery nowhere): written as they come.
  if (warnings !== undefined) out.text(`],"warnings":${JSON.stringify(warnings)}`);
  else out.text(']');
  return out.end('}');
}

/** The writer of every rates answer (used from start to end without a pause). */
const out = new JsonBytes();

function writeQuote(q: QuoteAnswer): void {
  const { transit_days: transit } = q;
  out.text(`{"quote_id":${JSON.stringify(q.quote_id)},"carrier":`);
  carrierAndService(q.carrier, q.service);
  out.text(
    `,"transit_days":{"min":${num(transit.min)},"max":${num(transit.max)}}` +
      `,"estimated_delivery_date":${kept(q.estimated_delivery_date)},"weights":${weightsJson(q.weights)},"breakdown":`,
  );
  // A kept price's breakdown is frozen and shared by every quote of that price: its bytes are kept.
  out.json(q.breakdown);
  out.text(
    `,"total_sar":${num(q.total_sar)},"currency":${kept(q.currency)},"expires_at":${expiresJson(q.expires_at)}` +
      `,"connection_id":${JSON.stringify(q.connection_id)},"account":${kept(q.account)},"recommended":${q.recommended}` +
      `,"rule_id":${JSON.stringify(q.rule_id)},"on_time_rate":${q.on_time_rate === null ? 'null' : num(q.on_time_rate)}` +
      `,"mode":${kept(q.mode)}}`,
  );
}

/**
 * A quote's carrier, then its service: one kept piece per pair where both are frozen (the
 * registry's descriptors, the same on every rating), each written afresh otherwise.
 */
function carrierAndService(carrier: object, service: object): void {
  if (!Object.isFrozen(carrier) || !Object.isFrozen(service)) {
    out.json(carrier);
    out.text(',"service":');
    out.json(service);
    return;
  }
  let byService = keptPairs.get(carrier);
  if (!byService) keptPairs.set(carrier, (byService = new WeakMap()));
  let bytes = byService.get(service);
  if (!bytes) byService.set(service, (bytes = Buffer.from(`${JSON.stringify(carrier)},"service":${JSON.stringify(service)}`, 'utf8')));
  out.bytes(bytes);
}
const keptPairs = new WeakMap<object, WeakMap<object, Buffer>>();

/**
 * The weights' JSON. A rating's quotes mostly weigh the same parcels with the same divisor (each
 * level its own weight break), so the four numbers' text is kept from the last quote: comparing
 * four numbers costs less than writing them.
 */
function weightsJson(w: QuoteAnswer['weights']): string {
  if (
    lastWeights === undefined ||
    w.actual_kg !== lastActual ||
    w.volumetric_kg !== lastVolumetric ||
    w.chargeable_kg !== lastChargeable ||
    w.volumetric_divisor !== lastDivisor
  ) {
    // The values, not the object: a caller may change an object it handed over before.
    lastActual = w.actual_kg;
    lastVolumetric = w.volumetric_kg;
    lastChargeable = w.chargeable_kg;
    lastDivisor = w.volumetric_divisor;
    lastWeights =
      `{"actual_kg":${num(w.actual_kg)},"volumetric_kg":${num(w.volumetric_kg)},"chargeable_kg":${num(w.chargeable_kg)}` +
      `,"volumetric_divisor":${num(w.volumetric_divisor)},"weight_break_applied":`;
  }
  return `${lastWeights}${kept(w.weight_break_applied)}}`;
}
let lastWeights: string | undefined;
let lastActual = 0;
let lastVolumetric = 0;
let lastChargeable = 0;
let lastDivisor = 0;

/** A rating's quotes expire together: the instant's JSON is kept from the last quote. */
function expiresJson(expiresAt: string): string {
  if (expiresAt !== lastExpires) {
    lastExpires = expiresAt;
    lastExpiresJson = JSON.stringify(expiresAt);
  }
  return lastExpiresJson;
}
let lastExpires: string | undefined;
let lastExpiresJson = '';

/** A number as JSON writes it (a value that is not finite is `null`). */
function num(value: number): string {
  return Number.isFinite(value) ? `${value}` : 'null';
}

/** The JSON of strings that recur on every rating (codes, labels, a weight break), kept. */
const kept = remembered(2048, (text) => JSON.stringify(text));
