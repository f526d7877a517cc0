import * as bwipjs from 'bwip-js';
import fc from 'fast-check';
import { code128Modules, code128Values } from './code128.encoder';
import { carrierAwb, labelText, trackingNumber, trackingUrl } from './fixtures/label-texts.fixtures';

/** bwip-js (BWIPP) is the reference these bars must equal: docs/adr/0093. */
function bwipSbs(text: string): number[] {
  const [symbol] = bwipjs.raw({ bcid: 'code128', text }) as Array<{ sbs: number[] }>;
  return symbol.sbs;
}

// Fixed seeds: a failure names its input, and the same inputs run on every machine.
const SEED = 20261127;

describe('code128Modules', () => {
  it('draws the same bars and spaces as bwip-js for 4,000 generated label texts', () => {
    fc.assert(
      // Compared as strings inside the property: a mismatch still fails with the input named.
      fc.property(labelText(80), (text) => {
        expect(code128Modules(text).join('')).toBe(bwipSbs(text).join(''));
      }),
      { seed: SEED, numRuns: 4000 },
    );
  });

  it('draws the same bars as bwip-js for the label shapes: tracking numbers, AWBs and links', () => {
    for (const shape of [trackingNumber, carrierAwb, trackingUrl]) {
      for (const text of fc.sample(shape, { seed: SEED, numRuns: 300 })) {
        expect(code128Modules(text)).toEqual(bwipSbs(text));
      }
    }
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
    expect(code128Modules('1'.repeat(80))).toEqual(bwipSbs('1'.repeat(80)));
  });
});
