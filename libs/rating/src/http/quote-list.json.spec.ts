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
  // Half the breakdowns frozen, as a kept price's are (their JSON is then kept as bytes).
  const breakdown = () => {
    const lines = Array.from({ length: Math.floor(next() * 6) }, () => ({
      code: text(),
      label_en: text(),
      label_ar: text(),
      amount_sar: number(),
    }));
    return next() < 0.5 ? lines : Object.freeze(lines.map((line) => Object.freeze(line)));
  };
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
    breakdown: breakdown(),
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

/** The bytes `JSON.stringify` gives, as the answer must carry them. */
const stringified = (answer: object) => Buffer.from(JSON.stringify(answer), 'utf8');

describe('quoteListJson', () => {
  it('writes exactly the bytes of what JSON.stringify writes, for 2,000 generated answers', () => {
    const differ = answers(20_261_129, 2_000).filter((answer) => !quoteListJson(answer)?.equals(stringified(answer)));
    expect(differ).toEqual([]);
  });

  it('writes the same bytes again once the pieces are kept (a second pass over the same answers)', () => {
    const same = answers(7, 200);
    const first = same.map((answer) => quoteListJson(answer)!);
    const again = same.map((answer) => quoteListJson(answer)!);
    // Indices of the answers that differ (comparing Buffers with toEqual walks them byte by byte).
    expect(again.flatMap((bytes, i) => (bytes.equals(first[i]) ? [] : [i]))).toEqual([]);
    expect(first.flatMap((bytes, i) => (bytes.equals(stringified(same[i])) ? [] : [i]))).toEqual([]);
  });

  it("gives each answer bytes of its own: later answers, larger than the writer's buffer, leave them as they were", () => {
    const [small, ...rest] = answers(13, 40).filter((a) => a.quotes.length > 0);
    const written = quoteListJson(small)!;
    const copy = Buffer.from(written);
    const large: RatesAnswer = { quotes: rest.flatMap((a) => a.quotes).flatMap((q) => Array.from({ length: 20 }, () => q)) };
    const largeBytes = quoteListJson(large)!;
    expect(largeBytes.length).toBeGreaterThan(64 * 1024);
    expect(largeBytes.equals(stringified(large))).toBe(true);
    expect(written.equals(copy)).toBe(true);
    expect(quoteListJson(small)!.equals(stringified(small))).toBe(true);
  });

  it('writes quotes whose weights, expiry and carrier repeat or differ in one value each, as JSON.stringify does', () => {
    const [answer] = answers(17, 10).filter((a) => a.quotes.length > 0);
    const base = {
      ...answer.quotes[0],
      weights: { actual_kg: 2, volumetric_kg: 1, chargeable_kg: 2, volumetric_divisor: 5000, weight_break_applied: '2' },
    };
    const service = Object.freeze({ code: 'other', name_ar: 'أخرى', name_en: 'Other', mode: 'land' });
    const quotes: QuoteAnswer[] = [base, { ...base }, { ...base, service }, { ...base, expires_at: 'later' }];
    for (const field of Object.keys(base.weights) as (keyof QuoteAnswer['weights'])[]) {
      const changed = field === 'weight_break_applied' ? '2.5' : -0;
      quotes.push({ ...base, weights: { ...base.weights, [field]: changed } }, base);
    }
    for (const list of [quotes, [...quotes].reverse()]) {
      expect(quoteListJson({ quotes: list })!.toString('utf8')).toBe(JSON.stringify({ quotes: list }));
    }
  });

  it('does not keep the JSON of an object that can still change', () => {
    const carrier = { code: 'sahm', name_ar: 'سهم', name_en: 'Sahm' };
    const lines = [{ code: 'base', label_en: 'Base', label_ar: 'الأساس', amount_sar: 10 }];
    const [answer] = answers(11, 1).filter((a) => a.quotes.length > 0);
    const quotes = [{ ...answer.quotes[0], carrier, breakdown: lines }];
    quoteListJson({ quotes });
    carrier.name_en = 'Sahm Express';
    lines[0].label_en = 'Base rate';
    expect(quoteListJson({ quotes })!.equals(stringified({ quotes }))).toBe(true);
  });

  it('leaves an answer of another shape to JSON.stringify', () => {
    const [answer] = answers(3, 5).filter((a) => a.quotes.length > 0);
    expect(quoteListJson({ ...answer, extra: 1 } as RatesAnswer)).toBeUndefined();
    expect(quoteListJson({ quotes: [{ ...answer.quotes[0], extra: 1 } as QuoteAnswer] })).toBeUndefined();
    const { mode: _mode, ...withoutMode } = answer.quotes[0];
    expect(quoteListJson({ quotes: [withoutMode as QuoteAnswer] })).toBeUndefined();
  });
});
