import { firstUnprintableText, isPrintableText } from './printable-text';

describe('printable text', () => {
  it('accepts any script and emoji, refuses C0 controls, DEL and lone surrogates', () => {
    expect(isPrintableText('الرياض Riyadh 😀 ‮')).toBe(true);
    for (const bad of ['a\u0000b', 'tab\there', 'line\nbreak', '\u001f', 'del\u007f', '\ud800', 'x\udc00y']) {
      expect({ bad, printable: isPrintableText(bad) }).toEqual({ bad, printable: false });
    }
  });

  it('names the first offending value or key as a dotted path', () => {
    expect(firstUnprintableText({ a: 'ok', b: [1, 'fine', { c: 'x\u0000' }] })).toBe('b.2.c');
    expect(firstUnprintableText({ ['ke\u0001y']: 1 })).toBe('ke\u0001y');
    expect(firstUnprintableText('\u0000')).toBe('');
    expect(firstUnprintableText({ a: 1, b: null, c: ['x', true] })).toBeNull();
    expect(firstUnprintableText({ parcels: [{ name: 'ok' }, { name: 'x\ud800' }] }, 'body')).toBe('body.parcels.1.name');
    expect(firstUnprintableText([['ok', ['\u007f']]])).toBe('0.1.0');
    // Only own keys count, as Object.entries read them.
    const inherited = Object.create({ ['bad\u0000']: 'x\u0000' }) as Record<string, unknown>;
    inherited.own = 'fine';
    expect(firstUnprintableText(inherited)).toBeNull();
  });
});
