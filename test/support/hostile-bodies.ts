import fc from 'fast-check';
import { ratesBody } from './fixtures';

/**
 * The hostile-input corpus: odd text, odd numbers, generated JSON trees and mutations of a valid
 * body. The fuzz suite sends it over HTTP to every route; the compiled validator's differential
 * spec runs it through both validation paths (libs/http-api/src/http/dto-validator.compiler.spec.ts).
 */
export const CONTROL_AND_ODD = [
  '\u0000',
  'a\u0000b',
  '\u0001\u001f\u007f',
  'tab\there',
  'line\r\nbreak',
  '\ud800',
  'x\udfffy',
  '\u202efdp.exe',
  '😀',
  'الرياض',
  '٠١٢٣',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '%00',
  '${jndi:ldap://x}',
  '__proto__',
  'constructor',
  '',
  ' ',
  'x'.repeat(300),
];

/** Ordinary text with a control character (or half a surrogate pair) somewhere in it. */
export const controlText = fc
  .tuple(
    fc.string({ maxLength: 6 }),
    fc.constantFrom('\u0000', '\u0000', '\u0001', '\u0008', '\u001b', '\u007f', '\ud800', '\udc00'),
    fc.string({ maxLength: 6 }),
  )
  .map(([before, control, after]) => `${before}${control}${after}`);

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...CONTROL_AND_ODD), weight: 3 },
  { arbitrary: controlText, weight: 3 },
  { arbitrary: fc.string({ maxLength: 12 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 12 }), weight: 2 },
);

export const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 0.0009, 1e-300, 1e308, 1001, 501, 2 ** 53 + 1, 1.005),
);

/** Malformed and hostile raw bodies, by label: POST /rates and POST /shipments answer each with a 4xx envelope. */
export const MALFORMED_BODIES: ReadonlyArray<readonly [string, string]> = [
  ['null', 'null'],
  ['array', '[1,2,3]'],
  ['string', '"hello"'],
  ['number', '42'],
  ['empty object', '{}'],
  ['truncated', '{"origin": {"city": '],
  ['prototype pollution', '{"__proto__": {"admin": true}, "origin": {}}'],
  ['constructor pollution', '{"constructor": {"prototype": {"x": 1}}}'],
  ['wrong types', JSON.stringify({ origin: 'Riyadh', destination: 7, parcels: 'many', quote_id: 5 })],
  ['nested nulls', JSON.stringify({ origin: null, destination: null, parcels: [null] })],
  ['huge numbers', JSON.stringify(ratesBody({ parcels: [{ weight_kg: 1e308, length_cm: 1e308, width_cm: 1, height_cm: 1 }] }))],
  ['negative zero', JSON.stringify(ratesBody({ parcels: [{ weight_kg: -0, length_cm: 1, width_cm: 1, height_cm: 1 }] }))],
  ['deep nesting', `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`],
  ['long strings', JSON.stringify(ratesBody({ origin: { city: 'x'.repeat(100_000), country: 'SA' } }))],
  ['unicode', JSON.stringify(ratesBody({ origin: { city: '\u0000\ud800 الرياض', country: 'SA' } }))],
  ['arrays for addresses', JSON.stringify({ origin: [], destination: [], parcels: [] })],
];

/** Any JSON value a few levels deep: hostile leaves, arrays, objects keyed by `fieldName`. */
export function hostileTree(fieldName: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(hostileText, hostileNumber, fc.boolean(), fc.constant(null));
  const { tree } = fc.letrec<{ tree: unknown }>((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small', maxDepth: 3 },
      leaf,
      fc.array(tie('tree'), { maxLength: 3 }),
      fc.dictionary(fieldName, tie('tree'), { maxKeys: 4 }),
    ),
  }));
  return tree;
}

/** `template` with one value anywhere in it (the whole body included) replaced by a hostile one. */
export function mutatedBody(template: unknown, fieldName: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  const paths = pathsOf(template);
  return fc
    .tuple(fc.nat({ max: paths.length - 1 }), fc.oneof(hostileTree(fieldName), hostileText))
    .map(([i, value]) => withValueAt(template, paths[i], value));
}

/** Every text field of the valid body at once, with a control character in it. */
export function poisonedBody(template: unknown): fc.Arbitrary<unknown> {
  return fc
    .tuple(fc.constantFrom('\u0000', '\u0001', '\u001f', '\u007f', '\ud800'), fc.boolean())
    .map(([control, first]) => mapStrings(template, (text) => (first ? `${control}${text}` : `${text}${control}`)));
}

/** Every path into `value` (objects and arrays), the empty path included. */
export function pathsOf(value: unknown, prefix: string[] = []): string[][] {
  const paths = [prefix];
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...prefix, key]));
  }
  return paths;
}

export function mapStrings(value: unknown, change: (text: string) => string): unknown {
  if (typeof value === 'string') return change(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, change));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, change)]));
  }
  return value;
}

export function withValueAt(base: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy: any = Array.isArray(base) ? [...base] : { ...(base as object) };
  copy[path[0]] = withValueAt(copy[path[0]], path.slice(1), value);
  return copy;
}
