import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-body.parser';

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
