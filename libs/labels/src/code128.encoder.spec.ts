import fc from 'fast-check';
import { code128Modules, code128Values } from './code128.encoder';
import { bwipDrawings } from './fixtures/bwip-reference.fixtures';
import { carrierAwb, labelText, trackingNumber, trackingUrl } from './fixtures/label-texts.fixtures';

/**
 * bwip-js (BWIPP) is the reference these bars must equal: docs/adr/0093. Each text's bars are
 * drawn by bwip-js all at once in a plain Node process (bwipDrawings), then compared one by one:
 * a mismatch fails naming its text.
 */
function expectSameBarsAsBwip(texts: readonly string[]): void {
  const theirs = bwipDrawings(texts.map((text) => ({ kind: 'raw', options: { bcid: 'code128', text } })));
  texts.forEach((text, i) => expect({ text, bars: code128Modules(text).join(',') }).toEqual({ text, bars: theirs[i].sbs?.join(',') }));
}

// Fixed seeds: a failure names its input, and the same inputs run on every machine.
const SEED = 20261127;

describe('code128Modules', () => {
  it('draws the same bars and spaces as bwip-js for 4,000 generated label texts', () => {
    expectSameBarsAsBwip(fc.sample(labelText(80), { seed: SEED, numRuns: 4000 }));
  });

  it('draws the same bars as bwip-js for the label shapes: tracking numbers, AWBs and links', () => {
    expectSameBarsAsBwip([trackingNumber, carrierAwb, trackingUrl].flatMap((shape) => fc.sample(shape, { seed: SEED, numRuns: 300 })));
  });

  it('ends every symbol with the mod-103 check and the stop', () => {
    fc.assert(
      fc.property(labelText(80), (text) => {
        const values = code128Values(text);
        const data = values.slice(0, -2);
        const check = data.reduce((sum, value, k) => sum + value * Math.max(k, 1), 0) % 103;
        expect(values.slice(-2)).toEqual([check, 106]);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });

  it('refuses empty, over-long and non-printable text', () => {
    expect(() => code128Modules('')).toThrow(RangeError);
    expect(() => code128Modules('1'.repeat(81))).toThrow(RangeError);
    expect(() => code128Modules('LGW\t1')).toThrow(RangeError);
    expectSameBarsAsBwip(['1'.repeat(80)]);
  });
});
