import * as bwipjs from 'bwip-js';
import fc from 'fast-check';
import { qrCodeMatrix } from './qr-code.encoder';
import { carrierAwb, labelText, mixedText, trackingNumber, trackingUrl } from './fixtures/label-texts.fixtures';

/** bwip-js (BWIPP) is the reference these matrices must equal: docs/adr/0093. */
function bwipMatrix(text: string): string {
  const [symbol] = bwipjs.raw({ bcid: 'qrcode', text, eclevel: 'M' } as bwipjs.RawOptions) as Array<{
    pixs: number[];
    pixx: number;
  }>;
  return `${symbol.pixx}:${symbol.pixs.join('')}`;
}

function ourMatrix(text: string): string {
  const { size, modules } = qrCodeMatrix(text);
  return `${size}:${modules.join('')}`;
}

// Fixed seed: a failure names its input, and the same inputs run on every machine.
const SEED = 20261127;

describe('qrCodeMatrix', () => {
  // bwip-js is the slow side of each comparison (about 25 ms a symbol under jest): the counts keep the
  // spec within seconds in CI; the fixed seed makes every run compare the same texts.
  it('gives the same module matrix as bwip-js for 400 generated label texts', () => {
    fc.assert(
      fc.property(labelText(100), (text) => {
        expect(ourMatrix(text)).toBe(bwipMatrix(text));
      }),
      { seed: SEED, numRuns: 400 },
    );
  });

  it('gives the same matrix as bwip-js for the label shapes: tracking numbers, AWBs and links', () => {
    for (const shape of [trackingNumber, carrierAwb, trackingUrl]) {
      for (const text of fc.sample(shape, { seed: SEED, numRuns: 100 })) {
        expect(ourMatrix(text)).toBe(bwipMatrix(text));
      }
    }
  });

  it('gives the same matrix as bwip-js in the larger version groups (10–26 and 27–40)', () => {
    const seen = new Set<number>();
    fc.assert(
      fc.property(mixedText(2000, 40), (text) => {
        const ours = ourMatrix(text);
        seen.add(qrCodeMatrix(text).size);
        expect(ours).toBe(bwipMatrix(text));
      }),
      { seed: SEED, numRuns: 12 },
    );
    // The runs must actually have reached past version 9 and past version 26.
    expect([...seen].some((size) => size > 17 + 4 * 9)).toBe(true);
    expect([...seen].some((size) => size > 17 + 4 * 26)).toBe(true);
  });

  it('refuses text beyond a version 40 symbol, as bwip-js does, and text it cannot carry', () => {
    const tooLong = 'a'.repeat(2332);
    expect(() => bwipMatrix(tooLong)).toThrow();
    expect(() => qrCodeMatrix(tooLong)).toThrow(RangeError);
    expect(ourMatrix('a'.repeat(2331))).toBe(bwipMatrix('a'.repeat(2331)));
    expect(() => qrCodeMatrix('')).toThrow(RangeError);
    expect(() => qrCodeMatrix('https://example.sa/تتبع')).toThrow(RangeError);
  });
});
