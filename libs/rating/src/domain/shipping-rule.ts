import { FieldProblem, ValidationError, cityKeysOf, isIsoCountryCode } from '@lgw/kernel';
import type { CarrierDescriptor } from '@lgw/kernel';

/** A carrier, or one of its service levels when `service` is given. */
export interface CarrierChoice {
  readonly carrier: string;
  readonly service?: string;
}

export interface Bounds {
  readonly min?: number;
  readonly max?: number;
}

/** What a shipment must look like for a rule to apply; every condition given must hold. */
export interface ShippingRuleConditions {
  readonly destination_cities?: readonly string[];
  readonly destination_countries?: readonly string[];
  readonly weight_kg?: Bounds;
  readonly cod?: boolean;
  readonly declared_value_sar?: Bounds;
}

export interface ShippingRuleAction {
  readonly prefer?: readonly CarrierChoice[];
  readonly exclude?: readonly CarrierChoice[];
}

/** A rule as the merchant wrote it, once valid. */
export interface ShippingRuleProps {
  readonly name: string;
  readonly priority: number;
  readonly enabled: boolean;
  readonly conditions: ShippingRuleConditions;
  readonly action: ShippingRuleAction;
}

export interface ShippingRule extends ShippingRuleProps {
  readonly id: string;
  readonly createdAt: Date;
}

export const MAX_RULE_NAME_LENGTH = 100;
export const MAX_RULE_PRIORITY = 1_000_000;
/** Enough for a region's cities; a longer list is a sign of a mistake (a pasted file). */
export const MAX_RULE_LIST = 200;

const CONDITION_NAMES = ['destination_cities', 'destination_countries', 'weight_kg', 'cod', 'declared_value_sar'] as const;
const ACTION_NAMES = ['prefer', 'exclude'] as const;
const RULE_FIELDS = ['name', 'priority', 'enabled', 'conditions', 'action'] as const;

type Problems = FieldProblem[];

function problem(problems: Problems, field: string, reason: string, reason_ar: string): void {
  problems.push({ field, reason, reason_ar });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function unknownFields(problems: Problems, value: Record<string, unknown>, known: readonly string[], prefix: string): void {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) problem(problems, `${prefix}${key}`, 'is not a field of a shipping rule', 'ليس من حقول قاعدة الشحن');
  }
}

function stringList(problems: Problems, value: unknown, field: string, what: { en: string; ar: string }): string[] | undefined {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_RULE_LIST) {
    problem(
      problems,
      field,
      `must be a list of 1 to ${MAX_RULE_LIST} ${what.en}`,
      `يجب أن تكون قائمة من 1 إلى ${MAX_RULE_LIST} من ${what.ar}`,
    );
    return undefined;
  }
  const out: string[] = [];
  value.forEach((item, i) => {
    if (typeof item !== 'string' || item.trim() === '' || item.length > 100) {
      problem(
        problems,
        `${field}.${i}`,
        `must be a non-empty text of at most 100 characters`,
        'يجب أن يكون نصاً غير فارغ لا يتجاوز 100 حرف',
      );
    } else out.push(item.trim());
  });
  return out;
}

function bounds(problems: Problems, value: unknown, field: string, unit: { en: string; ar: string }): Bounds | undefined {
  if (!isObject(value)) {
    problem(problems, field, 'must be an object with min and/or max', 'يجب أن يكون كائناً يحتوي على min و/أو max');
    return undefined;
  }
  unknownFields(problems, value, ['min', 'max'], `${field}.`);
  const out: { min?: number; max?: number } = {};
  for (const end of ['min', 'max'] as const) {
    const given = value[end];
    if (given === undefined || given === null) continue;
    if (typeof given !== 'number' || !Number.isFinite(given) || given < 0) {
      problem(problems, `${field}.${end}`, `must be a number of ${unit.en}, zero or more`, `يجب أن يكون رقماً بـ${unit.ar} لا يقل عن صفر`);
    } else out[end] = given;
  }
  if (value.min == null && value.max == null) problem(problems, field, 'must give min, max or both', 'يجب تحديد min أو max أو كليهما');
  if (out.min !== undefined && out.max !== undefined && out.min > out.max) {
    problem(
      problems,
      field,
      `min (${out.min}) is greater than max (${out.max}): no shipment could match`,
      `الحد الأدنى (${out.min}) أكبر من الحد الأعلى (${out.max}): لن تطابق أي شحنة`,
    );
  }
  return out;
}

function choices(problems: Problems, value: unknown, field: string, carriers: readonly CarrierDescriptor[]): CarrierChoice[] | undefined {
  if (!Array.isArray(value) || value.length > MAX_RULE_LIST) {
    problem(problems, field, 'must be a list of {carrier, service?}', 'يجب أن تكون قائمة من {carrier, service?}');
    return undefined;
  }
  const out: CarrierChoice[] = [];
  value.forEach((item, i) => {
    const at = `${field}.${i}`;
    if (!isObject(item)) {
      problem(problems, at, 'must be an object {carrier, service?}', 'يجب أن يكون كائناً {carrier, service?}');
      return;
    }
    unknownFields(problems, item, ['carrier', 'service'], `${at}.`);
    if (typeof item.carrier !== 'string' || item.carrier === '') {
      problem(problems, `${at}.carrier`, 'must be a carrier code (GET /carriers)', 'يجب أن يكون رمز شركة شحن (GET /carriers)');
      return;
    }
    const carrier = carriers.find((c) => c.code === item.carrier);
    if (!carrier) {
      problem(
        problems,
        `${at}.carrier`,
        `unknown carrier ${JSON.stringify(item.carrier)}; known: ${carriers.map((c) => c.code).join(', ')}`,
        `شركة شحن غير معروفة ${JSON.stringify(item.carrier)}؛ المعروفة: ${carriers.map((c) => c.code).join(', ')}`,
      );
      return;
    }
    if (item.service === undefined || item.service === null) {
      out.push({ carrier: carrier.code });
      return;
    }
    const services = carrier.service_levels.map((s) => s.code);
    if (typeof item.service !== 'string' || !services.includes(item.service)) {
      problem(
        problems,
        `${at}.service`,
        `unknown service ${JSON.stringify(item.service)} of ${carrier.code}; its services: ${services.join(', ')}`,
        `خدمة غير معروفة ${JSON.stringify(item.service)} لدى ${carrier.code}؛ خدماتها: ${services.join(', ')}`,
      );
      return;
    }
    out.push({ carrier: carrier.code, service: item.service });
  });
  return out;
}

/** Whether a choice names the carrier's service (a choice without service names every service). */
export function choiceCovers(choice: CarrierChoice, carrier: string, service: string): boolean {
  return choice.carrier === carrier && (choice.service === undefined || choice.service === service);
}

/**
 * Judges a rule as sent (POST or PUT body), every problem at once with its field and bilingual
 * reason: types, an empty condition set or action, bounds whose min exceeds max, carriers and
 * services the catalogue does not know, and a service both preferred and excluded.
 */
export function validateShippingRule(input: unknown, carriers: readonly CarrierDescriptor[]): ShippingRuleProps {
  const problems: Problems = [];
  if (!isObject(input)) throw new ValidationError('body', 'must be a JSON object (a shipping rule)', 'يجب أن يكون كائن JSON (قاعدة شحن)');
  unknownFields(problems, input, RULE_FIELDS, '');

  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (name === '' || name.length > MAX_RULE_NAME_LENGTH) {
    problem(
      problems,
      'name',
      `must be a non-empty text of at most ${MAX_RULE_NAME_LENGTH} characters`,
      `يجب أن يكون نصاً غير فارغ لا يتجاوز ${MAX_RULE_NAME_LENGTH} حرفاً`,
    );
  }
  const priority = input.priority;
  if (typeof priority !== 'number' || !Number.isInteger(priority) || priority < 0 || priority > MAX_RULE_PRIORITY) {
    problem(
      problems,
      'priority',
      `must be a whole number from 0 to ${MAX_RULE_PRIORITY} (lower runs first)`,
      `يجب أن يكون عدداً صحيحاً من 0 إلى ${MAX_RULE_PRIORITY} (الأصغر يُطبّق أولاً)`,
    );
  }
  if (input.enabled !== undefined && typeof input.enabled !== 'boolean') {
    problem(problems, 'enabled', 'must be true or false', 'يجب أن تكون true أو false');
  }

  const conditions: { -readonly [K in keyof ShippingRuleConditions]: ShippingRuleConditions[K] } = {};
  if (!isObject(input.conditions)) {
    problem(problems, 'conditions', 'must be an object with at least one condition', 'يجب أن يكون كائناً يحتوي على شرط واحد على الأقل');
  } else {
    const c = input.conditions;
    unknownFields(problems, c, CONDITION_NAMES, 'conditions.');
    if (!CONDITION_NAMES.some((n) => c[n] !== undefined && c[n] !== null)) {
      problem(
        problems,
        'conditions',
        `must hold at least one condition (${CONDITION_NAMES.join(', ')})`,
        `يجب أن يحتوي على شرط واحد على الأقل (${CONDITION_NAMES.join(', ')})`,
      );
    }
    if (c.destination_cities != null) {
      const cities = stringList(problems, c.destination_cities, 'conditions.destination_cities', { en: 'city names', ar: 'أسماء المدن' });
      if (cities) conditions.destination_cities = cities;
    }
    if (c.destination_countries != null) {
      const countries = stringList(problems, c.destination_countries, 'conditions.destination_countries', {
        en: 'ISO 3166 country codes',
        ar: 'رموز الدول ISO 3166',
      });
      countries?.forEach((code, i) => {
        if (!isIsoCountryCode(code)) {
          problem(
            problems,
            `conditions.destination_countries.${i}`,
            'must be an ISO 3166-1 alpha-2 country code (SA, AE, ...)',
            'يجب أن يكون رمز دولة ISO 3166-1 من حرفين (SA، AE، ...)',
          );
        }
      });
      if (countries) conditions.destination_countries = countries;
    }
    if (c.weight_kg != null) conditions.weight_kg = bounds(problems, c.weight_kg, 'conditions.weight_kg', { en: 'kg', ar: 'الكيلوغرام' });
    if (c.declared_value_sar != null) {
      conditions.declared_value_sar = bounds(problems, c.declared_value_sar, 'conditions.declared_value_sar', { en: 'SAR', ar: 'الريال' });
    }
    if (c.cod != null) {
      if (typeof c.cod !== 'boolean') problem(problems, 'conditions.cod', 'must be true or false', 'يجب أن تكون true أو false');
      else conditions.cod = c.cod;
    }
  }

  const action: { prefer?: CarrierChoice[]; exclude?: CarrierChoice[] } = {};
  if (!isObject(input.action)) {
    problem(problems, 'action', 'must be an object with prefer and/or exclude', 'يجب أن يكون كائناً يحتوي على prefer و/أو exclude');
  } else {
    const a = input.action;
    unknownFields(problems, a, ACTION_NAMES, 'action.');
    if (a.prefer != null) action.prefer = choices(problems, a.prefer, 'action.prefer', carriers);
    if (a.exclude != null) action.exclude = choices(problems, a.exclude, 'action.exclude', carriers);
    if (
      (a.prefer == null || (Array.isArray(a.prefer) && a.prefer.length === 0)) &&
      (a.exclude == null || (Array.isArray(a.exclude) && a.exclude.length === 0))
    ) {
      problem(
        problems,
        'action',
        'must prefer or exclude at least one carrier or service',
        'يجب أن يفضّل أو يستبعد شركة شحن أو خدمة واحدة على الأقل',
      );
    }
    (action.prefer ?? []).forEach((p, i) => {
      const clash = (action.exclude ?? []).find(
        (e) => (e.service === undefined || p.service === undefined || e.service === p.service) && e.carrier === p.carrier,
      );
      if (clash) {
        problem(
          problems,
          `action.prefer.${i}`,
          `${p.carrier}${p.service ? `/${p.service}` : ''} is both preferred and excluded`,
          `${p.carrier}${p.service ? `/${p.service}` : ''} مفضّلة ومستبعدة في الوقت نفسه`,
        );
      }
    });
  }

  if (problems.length > 0) throw ValidationError.of(problems);
  return {
    name,
    priority: priority as number,
    enabled: input.enabled === undefined ? true : (input.enabled as boolean),
    conditions,
    action: {
      ...(action.prefer && action.prefer.length > 0 ? { prefer: action.prefer } : {}),
      ...(action.exclude && action.exclude.length > 0 ? { exclude: action.exclude } : {}),
    },
  };
}

/** What rules look at in a shipment (a rate request, a batch order). */
export interface ShipmentFacts {
  readonly destinationCity: string;
  readonly destinationCountry: string;
  /** The parcels' declared weights, summed. */
  readonly weightKg: number;
  readonly cod: boolean;
  /** In SAR; null when none was declared, or it was declared in another currency. */
  readonly declaredValueSar: number | null;
}

function within(value: number, b: Bounds): boolean {
  return (b.min === undefined || value >= b.min) && (b.max === undefined || value <= b.max);
}

/**
 * Whether every condition of the rule holds. Cities compare as the address rules compare them
 * (Arabic and Latin spellings, with or without the article, alike); a declared value condition
 * never holds for a shipment without a declared value in SAR.
 */
export function ruleMatches(conditions: ShippingRuleConditions, facts: ShipmentFacts): boolean {
  if (conditions.destination_cities) {
    const keys = new Set(cityKeysOf(facts.destinationCity));
    if (!conditions.destination_cities.some((city) => cityKeysOf(city).some((k) => keys.has(k)))) return false;
  }
  if (conditions.destination_countries && !conditions.destination_countries.includes(facts.destinationCountry.toUpperCase())) return false;
  if (conditions.weight_kg && !within(facts.weightKg, conditions.weight_kg)) return false;
  if (conditions.cod !== undefined && conditions.cod !== facts.cod) return false;
  if (conditions.declared_value_sar) {
    if (facts.declaredValueSar === null || !within(facts.declaredValueSar, conditions.declared_value_sar)) return false;
  }
  return true;
}

/**
 * The one rule that applies: among enabled rules whose conditions hold, the lowest priority
 * number; equal priorities go to the rule created first (then the smaller id), so the answer
 * never depends on the order rules were read in. Rules do not combine.
 */
export function applicableRule<R extends ShippingRule>(rules: readonly R[], facts: ShipmentFacts): R | null {
  let best: R | null = null;
  for (const rule of rules) {
    if (!rule.enabled || !ruleMatches(rule.conditions, facts)) continue;
    if (!best || ruleOrder(rule, best) < 0) best = rule;
  }
  return best;
}

export function ruleOrder(a: ShippingRule, b: ShippingRule): number {
  return a.priority - b.priority || a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** A carrier's service level as a rule sees it. */
export interface RuledOption {
  readonly carrier: string;
  readonly service: string;
}

export interface RuledOutcome<T> {
  /** The options left, preferred ones first (in the order the rule prefers them), the others in their order. */
  readonly options: ReadonlyArray<{ readonly option: T; readonly recommended: boolean }>;
  readonly ruleId: string | null;
}

/**
 * The rule's effect on a list of options: excluded ones dropped, preferred ones first and
 * recommended. With no rule, the list comes back as it was, nothing recommended.
 */
export function applyShippingRule<T>(rule: ShippingRule | null, options: readonly T[], key: (option: T) => RuledOption): RuledOutcome<T> {
  if (!rule) return { options: options.map((option) => ({ option, recommended: false })), ruleId: null };
  const exclude = rule.action.exclude ?? [];
  const prefer = rule.action.prefer ?? [];
  const kept = options.filter((option) => {
    const k = key(option);
    return !exclude.some((e) => choiceCovers(e, k.carrier, k.service));
  });
  const rank = (option: T): number => {
    const k = key(option);
    const i = prefer.findIndex((p) => choiceCovers(p, k.carrier, k.service));
    return i === -1 ? prefer.length : i;
  };
  const ranked = kept.map((option, index) => ({ option, index, rank: rank(option) }));
  ranked.sort((a, b) => a.rank - b.rank || a.index - b.index);
  return { options: ranked.map((r) => ({ option: r.option, recommended: r.rank < prefer.length })), ruleId: rule.id };
}
