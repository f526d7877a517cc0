import { JsonBytes } from './json-bytes';

describe('JsonBytes', () => {
  const utf8 = (text: string) => Buffer.from(text, 'utf8');

  it('writes text and values as the UTF-8 of the same JSON text', () => {
    const out = new JsonBytes();
    const frozen = Object.freeze({ name_ar: 'سهم', name_en: 'Sahm "Express"', emoji: '😀', lone: '\ud800' });
    out.start('{"a":');
    out.json(frozen);
    out.text(',"b":');
    out.json({ plain: 'é\u2028' });
    out.text(',"c":');
    out.json(null);
    const bytes = out.end('}');
    expect(bytes.equals(utf8(`{"a":${JSON.stringify(frozen)},"b":${JSON.stringify({ plain: 'é\u2028' })},"c":null}`))).toBe(true);
  });

  it("keeps a frozen object's JSON, and writes an object that can still change afresh", () => {
    const out = new JsonBytes();
    const open = { label: 'الأساس' };
    out.start('');
    out.json(open);
    out.end('');
    open.label = 'الوزن';
    out.start('');
    out.json(open);
    expect(out.end('').equals(utf8(JSON.stringify(open)))).toBe(true);
  });

  it('grows past its first buffer, and starts each answer afresh', () => {
    const out = new JsonBytes();
    const long = 'ق'.repeat(40_000);
    out.start('"');
    out.text(long);
    const first = out.end('"');
    expect(first.equals(utf8(`"${long}"`))).toBe(true);
    out.start('[');
    out.json(Object.freeze([1, 2]));
    const second = out.end(']');
    expect(second.toString('utf8')).toBe('[[1,2]]');
    // The first answer's bytes are its own: the second did not write into them.
    expect(first.equals(utf8(`"${long}"`))).toBe(true);
  });
});
