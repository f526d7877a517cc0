import { ValidationError } from '@lgw/kernel';
import type { CarrierDescriptor } from '@lgw/kernel';
import { applicableRule, applyShippingRule, ruleMatches, ShipmentFacts, ShippingRule, validateShippingRule } from './shipping-rule';

const CARRIERS = [
  { code: 'sahm', service_levels: [{ code: 'sahm_express_domestic' }, { code: 'sahm_express_gcc' }] },
  { code: 'bahr', service_levels: [{ code: 'bahr_land' }, { code: 'bahr_sea' }] },
  { code: 'darb', service_levels: [{ code: 'darb_land_domestic' }] },
] as unknown as CarrierDescriptor[];

const OPTIONS = CARRIERS.flatMap((c) => c.service_levels.map((s) => ({ carrier: c.code, service: s.code })));

const FACTS: ShipmentFacts = { destinationCity: 'Jeddah', destinationCountry: 'SA', weightKg: 3, cod: false, declaredValueSar: null };

function rule(over: Partial<ShippingRule>): ShippingRule {
  return {
    id: over.id ?? 'r1',
    name: 'r',
    priority: 10,
    enabled: true,
    conditions: { destination_countries: ['SA'] },
    action: { prefer: [{ carrier: 'bahr' }] },
    createdAt: new Date('2026-01-01T00:00:00Z'),
    ...over,
  };
}

function problemsOf(input: unknown): Array<{ field: string; reason: string; reason_ar?: string }> {
  try {
    validateShippingRule(input, CARRIERS);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return ((error as ValidationError).details?.errors ?? []) as Array<{ field: string; reason: string }>;
  }
  throw new Error('expected a validation error');
}

/** A small deterministic generator: the same cases on every run, many shapes of them. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe('validateShippingRule', () => {
  it('accepts a rule and gives it its stored form (enabled by default, names trimmed)', () => {
    const props = validateShippingRule(
      {
        name: ' COD south ',
        priority: 1,
        conditions: { destination_cities: ['Abha', 'جازان'], cod: true, weight_kg: { max: 20 } },
        action: { prefer: [{ carrier: 'bahr', service: 'bahr_land' }], exclude: [{ carrier: 'sahm' }] },
      },
      CARRIERS,
    );
    expect(props).toEqual({
      name: 'COD south',
      priority: 1,
      enabled: true,
      conditions: { destination_cities: ['Abha', 'جازان'], cod: true, weight_kg: { max: 20 } },
      action: { prefer: [{ carrier: 'bahr', service: 'bahr_land' }], exclude: [{ carrier: 'sahm' }] },
    });
  });

  it('lists every problem at once, each with its field and an Arabic reason', () => {
    const problems = problemsOf({
      name: '',
      priority: -1,
      enabled: 'yes',
      conditions: { weight_kg: { min: 30, max: 20 }, declared_value_sar: { min: 'x' } },
      action: { prefer: [{ carrier: 'nope' }, { carrier: 'sahm', service: 'bahr_land' }] },
    });
    expect(problems.map((p) => p.field)).toEqual([
      'name',
      'priority',
      'enabled',
      'conditions.weight_kg',
      'conditions.declared_value_sar.min',
      'action.prefer.0.carrier',
      'action.prefer.1.service',
    ]);
    for (const p of problems) expect(p.reason_ar).toMatch(/[\u0600-\u06FF]/);
  });

  it('refuses an empty condition set, an empty action, and a service both preferred and excluded', () => {
    expect(problemsOf({ name: 'x', priority: 1, conditions: {}, action: {} }).map((p) => p.field)).toEqual(['conditions', 'action']);
    expect(
      problemsOf({
        name: 'x',
        priority: 1,
        conditions: { cod: true },
        action: { prefer: [{ carrier: 'bahr', service: 'bahr_sea' }], exclude: [{ carrier: 'bahr' }] },
      }).map((p) => p.field),
    ).toEqual(['action.prefer.0']);
  });

  it('refuses fields it does not know and countries that are not ISO codes', () => {
    const problems = problemsOf({
      name: 'x',
      priority: 1,
      colour: 1,
      conditions: { destination_countries: ['KSA'] },
      action: { prefer: [{ carrier: 'bahr' }] },
    });
    expect(problems.map((p) => p.field)).toEqual(['colour', 'conditions.destination_countries.0']);
  });
});

describe('ruleMatches', () => {
  it('compares cities as the address rules do: Arabic and Latin spellings, with or without the article', () => {
    expect(ruleMatches({ destination_cities: ['جدة'] }, FACTS)).toBe(true);
    expect(ruleMatches({ destination_cities: ['Jiddah'] }, FACTS)).toBe(true);
    expect(ruleMatches({ destination_cities: ['Riyadh'] }, { ...FACTS, destinationCity: 'الرياض' })).toBe(true);
    expect(ruleMatches({ destination_cities: ['Riyadh'] }, FACTS)).toBe(false);
  });

  it('holds every condition given (inclusive bounds); a declared value condition needs a declared value', () => {
    expect(ruleMatches({ weight_kg: { min: 3, max: 3 } }, FACTS)).toBe(true);
    expect(ruleMatches({ weight_kg: { min: 3.1 } }, FACTS)).toBe(false);
    expect(ruleMatches({ cod: true }, FACTS)).toBe(false);
    expect(ruleMatches({ cod: false, destination_countries: ['SA'] }, FACTS)).toBe(true);
    expect(ruleMatches({ declared_value_sar: { max: 1000 } }, FACTS)).toBe(false);
    expect(ruleMatches({ declared_value_sar: { max: 1000 } }, { ...FACTS, declaredValueSar: 999 })).toBe(true);
  });
});

describe('applicableRule', () => {
  it('takes the enabled matching rule of lowest priority; ties go to the rule created first', () => {
    const early = new Date('2026-01-01T00:00:00Z');
    const late = new Date('2026-02-01T00:00:00Z');
    const rules = [
      rule({ id: 'b', priority: 5, createdAt: late }),
      rule({ id: 'a', priority: 5, createdAt: early }),
      rule({ id: 'off', priority: 1, enabled: false }),
      rule({ id: 'other-city', priority: 0, conditions: { destination_cities: ['Riyadh'] } }),
    ];
    expect(applicableRule(rules, FACTS)?.id).toBe('a');
    expect(applicableRule([...rules].reverse(), FACTS)?.id).toBe('a');
    expect(applicableRule([rules[2], rules[3]], FACTS)).toBeNull();
  });
});

describe('applyShippingRule (properties over generated rules)', () => {
  const next = random(42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const choice = () => {
    const c = pick(CARRIERS);
    return next() < 0.5 ? { carrier: c.code } : { carrier: c.code, service: pick(c.service_levels).code };
  };
  const cases = Array.from({ length: 300 }, (_, i) => {
    const prefer = Array.from({ length: Math.floor(next() * 3) }, choice);
    const exclude = Array.from({ length: Math.floor(next() * 3) }, choice);
    const options = OPTIONS.filter(() => next() < 0.8).sort(() => next() - 0.5);
    return { rule: rule({ id: `r${i}`, action: { prefer, exclude } }), options };
  });
  const covers = (c: { carrier: string; service?: string }, o: { carrier: string; service: string }) =>
    c.carrier === o.carrier && (c.service === undefined || c.service === o.service);

  it('with no rule, answers the options unchanged and recommends nothing', () => {
    for (const { options } of cases) {
      const out = applyShippingRule(null, options, (o) => o);
      expect(out.ruleId).toBeNull();
      expect(out.options.map((o) => o.option)).toEqual(options);
      expect(out.options.every((o) => !o.recommended)).toBe(true);
    }
  });

  it('never answers an excluded option, and drops nothing else', () => {
    for (const { rule: r, options } of cases) {
      const out = applyShippingRule(r, options, (o) => o).options.map((o) => o.option);
      const excluded = (o: (typeof OPTIONS)[number]) => (r.action.exclude ?? []).some((e) => covers(e, o));
      expect(out.some(excluded)).toBe(false);
      expect(new Set(out)).toEqual(new Set(options.filter((o) => !excluded(o))));
    }
  });

  it('puts recommended options first, in the order the rule prefers them, the rest in their own order', () => {
    for (const { rule: r, options } of cases) {
      const out = applyShippingRule(r, options, (o) => o);
      const prefer = r.action.prefer ?? [];
      const firstPlain = out.options.findIndex((o) => !o.recommended);
      if (firstPlain !== -1) expect(out.options.slice(firstPlain).every((o) => !o.recommended)).toBe(true);
      const ranks = out.options.filter((o) => o.recommended).map((o) => prefer.findIndex((p) => covers(p, o.option)));
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      const plain = out.options.filter((o) => !o.recommended).map((o) => o.option);
      expect(plain).toEqual(options.filter((o) => plain.includes(o)));
      for (const o of out.options) expect(o.recommended).toBe(prefer.some((p) => covers(p, o.option)));
      expect(out.ruleId).toBe(r.id);
    }
  });
});
