import { code128Svg, MAX_CODE128_MODULE_MM, qrCodeSvg } from './barcode';

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

  it('refuses empty or non-ASCII text, which bwip-js would not encode faithfully', () => {
    expect(() => qrCodeSvg('', { sizeMm: 24 })).toThrow(RangeError);
    expect(() => qrCodeSvg('https://example.sa/تتبع', { sizeMm: 24 })).toThrow(RangeError);
  });

  it('refuses text that would make modules too small to scan', () => {
    expect(() => qrCodeSvg('x'.repeat(400), { sizeMm: 24 })).toThrow(/too long/);
  });
});
