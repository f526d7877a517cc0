import fc from 'fast-check';
import { bwipDrawings } from './fixtures/bwip-reference.fixtures';
import { code128Svg, MAX_CODE128_MODULE_MM, qrCodeSvg } from './barcode';
import { labelText } from './fixtures/label-texts.fixtures';

describe('code128Svg', () => {
  it('sizes short numbers at the widest module and keeps a quiet zone in the image', () => {
    const { svg, widthMm } = code128Svg('LGW1234567890SA', { maxWidthMm: 97, heightMm: 18 });
    // 167 modules of symbol + 2 x 10 quiet modules.
    expect(widthMm).toBeCloseTo(187 * MAX_CODE128_MODULE_MM, 2);
    expect(svg).toMatch(/^<svg width="93.5mm" height="18mm" preserveAspectRatio="none"/);
    expect(svg).toContain('viewBox="0 0 187 ');
  });

  it('narrows modules to fit long numbers, and refuses ones too long to scan', () => {
    expect(code128Svg('A'.repeat(30), { maxWidthMm: 97, heightMm: 18 }).widthMm).toBeLessThanOrEqual(97);
    expect(() => code128Svg('A'.repeat(60), { maxWidthMm: 97, heightMm: 18 })).toThrow(/too long/);
  });

  it('refuses text outside printable ASCII', () => {
    expect(() => code128Svg('LGW\n1', { maxWidthMm: 97, heightMm: 18 })).toThrow(RangeError);
    expect(() => code128Svg('شحنة', { maxWidthMm: 97, heightMm: 18 })).toThrow(RangeError);
  });
});

describe('qrCodeSvg', () => {
  it('draws the matrix with a four-module quiet zone', () => {
    const { svg } = qrCodeSvg('LGW1234567890SA', { sizeMm: 24 });
    // Version 1 is 21 modules; 4 white modules each side.
    expect(svg).toContain('viewBox="-4 -4 29 29"');
    expect(svg).toContain('width="24mm" height="24mm"');
  });

  it('refuses empty or non-ASCII text, which byte mode would not encode faithfully', () => {
    expect(() => qrCodeSvg('', { sizeMm: 24 })).toThrow(RangeError);
    expect(() => qrCodeSvg('https://example.sa/تتبع', { sizeMm: 24 })).toThrow(RangeError);
  });

  it('refuses text that would make modules too small to scan', () => {
    expect(() => qrCodeSvg('x'.repeat(400), { sizeMm: 24 })).toThrow(/too long/);
  });
});

describe('code128Svg against bwip-js', () => {
  // The markup bwip-js's toSVG gave these labels before our encoder replaced it (docs/adr/0093),
  // with the same attributes code128Svg adds for the page.
  // Drawn by bwip-js all at once in a plain Node process (bwipDrawings), then compared one by one.
  function bwipCode128Svgs(texts: readonly string[]): string[] {
    const options = { bcid: 'code128', scaleX: 1, scaleY: 1, height: 10, includetext: false, paddingwidth: 10 };
    return bwipDrawings(texts.map((text) => ({ kind: 'svg', options: { ...options, text } }))).map(
      (drawing) => drawing.svg ?? `refused: ${drawing.error}`,
    );
  }

  it('produces the same SVG as bwip-js did, byte for byte, for 1,000 generated label texts', () => {
    const texts = fc.sample(labelText(80), { seed: 20261127, numRuns: 1000 });
    const theirs = bwipCode128Svgs(texts);
    texts.forEach((text, i) => {
      const { svg, widthMm } = code128Svg(text, { maxWidthMm: 240, heightMm: 16 });
      const expected = theirs[i]
        .replace(
          '<svg ',
          `<svg width="${widthMm}mm" height="16mm" preserveAspectRatio="none" ` + 'shape-rendering="crispEdges" aria-hidden="true" ',
        )
        .trim();
      expect({ text, svg }).toEqual({ text, svg: expected });
    });
  });
});
