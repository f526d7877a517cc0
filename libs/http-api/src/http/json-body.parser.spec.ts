import { firstInvalidUtf8, jsonFieldAt, MAX_JSON_DEPTH, nestsDeeperThan } from './json-body.parser';

describe('JSON depth bound', () => {
  const nested = (depth: number) => Buffer.from(`${'{"a":['.repeat(depth / 2)}1${']}'.repeat(depth / 2)}`);

  it('counts objects and arrays, not brackets inside strings or escaped quotes', () => {
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 2), MAX_JSON_DEPTH)).toBe(true);
    expect(nestsDeeperThan(Buffer.from(JSON.stringify({ a: '[[[[{{{{'.repeat(100), b: 'x\\"[[[[' })), 4)).toBe(false);
    expect(nestsDeeperThan(Buffer.from('[[[]]] [[[]]]'), 3)).toBe(false);
    expect(nestsDeeperThan(Buffer.from('[[[[]]]]'), 3)).toBe(true);
  });
});

describe('UTF-8 check of JSON bodies', () => {
  const bytes = (...parts: Array<string | number[]>) =>
    Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));

  it('accepts well-formed UTF-8, Arabic and four-byte characters included', () => {
    expect(firstInvalidUtf8(Buffer.from(JSON.stringify({ name: 'محمد 😀 café' })))).toBe(-1);
  });

  it.each([
    ['a lone continuation byte', [0x80]],
    ['a truncated sequence', [0xe2, 0x82]],
    ['an overlong slash', [0xc0, 0xaf]],
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
    ['past U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
    ['latin-1 é', [0xe9]],
  ])('finds %s and names the field that holds it', (_label, bad) => {
    const body = bytes('{"origin":{"city":"Riy', bad, 'adh"},"parcels":[{"w":1}]}');
    expect(firstInvalidUtf8(body)).toBe(Buffer.byteLength('{"origin":{"city":"Riy'));
    expect(jsonFieldAt(body, firstInvalidUtf8(body))).toBe('origin.city');
  });

  it('names array items by index, and the body when the byte is outside any value', () => {
    const inArray = bytes('{"parcels":[{"a":"x"},{"reference":"', [0xff], '"}]}');
    expect(jsonFieldAt(inArray, firstInvalidUtf8(inArray))).toBe('parcels.1.reference');
    const inKey = bytes('{"na', [0xff], 'me":"x"}');
    expect(jsonFieldAt(inKey, firstInvalidUtf8(inKey))).toBe('body');
  });
});
