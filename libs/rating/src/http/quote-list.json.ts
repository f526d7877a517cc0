import { remembered, type ApiMode } from '@lgw/kernel';
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
 * POST /rates' answer as JSON, exactly the text `JSON.stringify` gives (quote-list.json.spec.ts
 * compares the two over generated answers), from kept pieces: the carrier and service objects
 * are the same frozen objects on every rating (their names in Arabic and English are escaped
 * once for the life of the process), and so are the breakdown's labels. Undefined for an answer
 * it does not recognise (a quote with other fields), which `JSON.stringify` then writes.
 */
export function quoteListJson(answer: RatesAnswer): string | undefined {
  const { quotes, warnings } = answer;
  if (Object.keys(answer).length !== (warnings === undefined ? 1 : 2)) return undefined;
  let out = '{"quotes":[';
  for (let i = 0; i < quotes.length; i++) {
    const quote = quotes[i];
    if (Object.keys(quote).length !== QUOTE_FIELDS.length) return undefined;
    if (i > 0) out += ',';
    out += quoteJson(quote);
  }
  out += ']';
  // Warnings are rare (a refused or silent carrier, cash on delivery nowhere): written as they come.
  if (warnings !== undefined) out += `,"warnings":${JSON.stringify(warnings)}`;
  return `${out}}`;
}

function quoteJson(q: QuoteAnswer): string {
  const { transit_days: transit, weights } = q;
  let out = `{"quote_id":${JSON.stringify(q.quote_id)},"carrier":${keptObject(q.carrier)},"service":${keptObject(q.service)}`;
  out += `,"transit_days":{"min":${num(transit.min)},"max":${num(transit.max)}}`;
  out += `,"estimated_delivery_date":${JSON.stringify(q.estimated_delivery_date)}`;
  out += `,"weights":{"actual_kg":${num(weights.actual_kg)},"volumetric_kg":${num(weights.volumetric_kg)}`;
  out += `,"chargeable_kg":${num(weights.chargeable_kg)},"volumetric_divisor":${num(weights.volumetric_divisor)}`;
  out += `,"weight_break_applied":${kept(weights.weight_break_applied)}},"breakdown":[`;
  for (let i = 0; i < q.breakdown.length; i++) {
    const line = q.breakdown[i];
    if (i > 0) out += ',';
    out += `{"code":${kept(line.code)},"label_en":${kept(line.label_en)},"label_ar":${kept(line.label_ar)},"amount_sar":${num(line.amount_sar)}}`;
  }
  out += `],"total_sar":${num(q.total_sar)},"currency":${kept(q.currency)},"expires_at":${JSON.stringify(q.expires_at)}`;
  out += `,"connection_id":${JSON.stringify(q.connection_id)},"account":${kept(q.account)},"recommended":${q.recommended}`;
  out += `,"rule_id":${JSON.stringify(q.rule_id)},"on_time_rate":${q.on_time_rate === null ? 'null' : num(q.on_time_rate)}`;
  return `${out},"mode":${kept(q.mode)}}`;
}

/** A number as JSON writes it (a value that is not finite is `null`). */
function num(value: number): string {
  return Number.isFinite(value) ? `${value}` : 'null';
}

/** The JSON of strings that recur on every rating (codes, labels, a weight break), kept. */
const kept = remembered(2048, (text) => JSON.stringify(text));

/** A frozen object's JSON, kept as long as the object lives; any other object is written afresh. */
const keptObjects = new WeakMap<object, string>();
function keptObject(value: object): string {
  let json = keptObjects.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    if (Object.isFrozen(value)) keptObjects.set(value, json);
  }
  return json;
}
