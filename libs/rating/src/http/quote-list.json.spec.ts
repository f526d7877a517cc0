import { quoteListJson, QuoteAnswer, RatesAnswer } from './quote-list.json';

/** A small deterministic generator, so that a failure names an answer that can be made again. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

// Text JSON escapes in every way: quotes, backslashes, controls, line separators, lone surrogates,
// Arabic, emoji, and plain ASCII.
const PIECES = [
  'Sahm',
  'سهم إكسبرس',
  '"',
  '\\',
  '\n',
  '\u0000',
  '\u001f',
  '\u2028',
  '\u2029',
  '\ud800',
  '\udc00',
  '😀',
  'é',
  '%',
  ' ',
  '/',
];
const NUMBERS = [0, -0, 1, 1.5, 18, 27.83, 0.1 + 0.2, 1e21, 1e-7, -3.25, 123456789.12, Number.NaN, Number.POSITIVE_INFINITY];

function answers(seed: number, count: number): RatesAnswer[] {
  const next = sequence(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const text = () => Array.from({ length: Math.floor(next() * 5) }, () => pick(PIECES)).join('');
  const number = () => pick(NUMBERS);
  const carriers = [
    Object.freeze({ code: 'sahm', name_ar: 'سهم إكسبرس', name_en: 'Sahm "Express"' }),
    { code: text(), name_ar: text(), name_en: text() },
  ];
  const quote = (): QuoteAnswer => ({
    quote_id: `q1.${text()}`,
    carrier: next() < 0.5 ? pick(carriers) : { code: text(), name_ar: text(), name_en: text() },
    service: Object.freeze({ code: text(), name_ar: text(), name_en: text(), mode: text() }),
    transit_days: { min: number(), max: number() },
    estimated_delivery_date: text(),
    weights: {
      actual_kg: number(),
      volumetric_kg: number(),
      chargeable_kg: number(),
      volumetric_divisor: number(),
      weight_break_applied: text(),
    },
    breakdown: Array.from({ length: Math.floor(next() * 6) }, () => ({
      code: text(),
      label_en: text(),
      label_ar: text(),
      amount_sar: number(),
    })),
    total_sar: number(),
    currency: 'SAR',
    expires_at: text(),
    connection_id: next() < 0.5 ? null : text(),
    account: next() < 0.5 ? 'own' : 'platform',
    recommended: next() < 0.5,
    rule_id: next() < 0.5 ? null : text(),
    on_time_rate: next() < 0.5 ? null : number(),
    mode: next() < 0.5 ? 'live' : 'test',
  });
  return Array.from({ length: count }, () => {
    const quotes = Array.from({ length: Math.floor(next() * 7) }, quote);
    return next() < 0.3 ? { quotes, warnings: [{ code: text(), message_en: text(), message_ar: text() }] } : { quotes };
  });
}

describe('quoteListJson', () => {
  it('writes exactly what JSON.stringify writes, for 2,000 generated answers', () => {
    const differ = answers(20_261_129, 2_000).filter((answer) => quoteListJson(answer) !== JSON.stringify(answer));
    expect(differ).toEqual([]);
  });

  it('writes the same text again once the pieces are kept (a second pass over the same answers)', () => {
    const same = answers(7, 200);
    const first = same.map((answer) => quoteListJson(answer));
    expect(same.map((answer) => quoteListJson(answer))).toEqual(first);
    expect(first).toEqual(same.map((answer) => JSON.stringify(answer)));
  });

  it('does not keep the text of an object that can still change', () => {
    const carrier = { code: 'sahm', name_ar: 'سهم', name_en: 'Sahm' };
    const [answer] = answers(11, 1).filter((a) => a.quotes.length > 0);
    const quotes = [{ ...answer.quotes[0], carrier }];
    quoteListJson({ quotes });
    carrier.name_en = 'Sahm Express';
    expect(quoteListJson({ quotes })).toBe(JSON.stringify({ quotes }));
  });

  it('leaves an answer of another shape to JSON.stringify', () => {
    const [answer] = answers(3, 5).filter((a) => a.quotes.length > 0);
    expect(quoteListJson({ ...answer, extra: 1 } as RatesAnswer)).toBeUndefined();
    expect(quoteListJson({ quotes: [{ ...answer.quotes[0], extra: 1 } as QuoteAnswer] })).toBeUndefined();
    const { mode: _mode, ...withoutMode } = answer.quotes[0];
    expect(quoteListJson({ quotes: [withoutMode as QuoteAnswer] })).toBeUndefined();
  });
});
