import { serializeReply, withOwnJson } from './own-json';

describe('serializeReply', () => {
  it("writes an answer with its own writer, which the answer's fields do not show", () => {
    const answer = withOwnJson({ a: 1 }, () => '{"a":1,"written":"by its writer"}');
    expect(serializeReply(answer)).toBe('{"a":1,"written":"by its writer"}');
    expect(Object.keys(answer)).toEqual(['a']);
    expect(JSON.stringify(answer)).toBe('{"a":1}');
  });

  it("hands on a writer's bytes as they are", () => {
    const bytes = Buffer.from('{"a":"ب"}', 'utf8');
    expect(serializeReply(withOwnJson({ a: 'ب' }, () => bytes))).toBe(bytes);
  });

  it('falls back to JSON.stringify where the writer does not know the shape', () => {
    expect(serializeReply(withOwnJson({ a: 'ب' }, () => undefined))).toBe('{"a":"ب"}');
  });

  it('writes everything else with JSON.stringify', () => {
    for (const payload of [{ error: { code: 'E_NOT_FOUND' } }, [1, 'x', null], null, 7, true, { nested: { date: new Date(0) } }]) {
      expect(serializeReply(payload)).toBe(JSON.stringify(payload));
    }
  });
});
