import fc from 'fast-check';
import { qrCodeMatrix } from './qr-code.encoder';
import { bwipDrawings } from './fixtures/bwip-reference.fixtures';
import { carrierAwb, labelText, mixedText, trackingNumber, trackingUrl } from './fixtures/label-texts.fixtures';

/**
 * bwip-js (BWIPP) is the reference these matrices must equal: docs/adr/0093. Its matrices are
 * drawn all at once in a plain Node process (bwipDrawings), then compared one by one.
 */
function bwipMatrices(texts: readonly string[]): string[] {
  return bwipDrawings(texts.map((text) => ({ kind: 'raw', options: { bcid: 'qrcode', text, eclevel: 'M' } }))).map((drawing) =>
    drawing.error !== undefined ? `refused: ${drawing.error}` : `${drawing.pixx}:${drawing.pixs!.join('')}`,
  );
}

function ourMatrix(text: string): string {
  const { size, modules } = qrCodeMatrix(text);
  return `${size}:${modules.join('')}`;
}

/** Each text with our matrix beside bwip-js's: a mismatch fails naming its text. */
function expectSameAsBwip(texts: readonly string[]): void {
  const theirs = bwipMatrices(texts);
  texts.forEach((text, i) => expect({ text, matrix: ourMatrix(text) }).toEqual({ text, matrix: theirs[i] }));
}

// Fixed seed: a failure names its input, and the same inputs run on every machine.
const SEED = 20261127;

describe('qrCodeMatrix', () => {
  // The fixed seed makes every run compare the same texts.
  it('gives the same module matrix as bwip-js for 400 generated label texts', () => {
    expectSameAsBwip(fc.sample(labelText(100), { seed: SEED, numRuns: 400 }));
  });

  it('gives the same matrix as bwip-js for the label shapes: tracking numbers, AWBs and links', () => {
    expectSameAsBwip([trackingNumber, carrierAwb, trackingUrl].flatMap((shape) => fc.sample(shape, { seed: SEED, numRuns: 100 })));
  });

  it('gives the same matrix as bwip-js in the larger version groups (10–26 and 27–40)', () => {
    const texts = fc.sample(mixedText(2000, 40), { seed: SEED, numRuns: 12 });
    expectSameAsBwip(texts);
    const seen = new Set(texts.map((text) => qrCodeMatrix(text).size));
    // The runs must actually have reached past version 9 and past version 26.
    expect([...seen].some((size) => size > 17 + 4 * 9)).toBe(true);
    expect([...seen].some((size) => size > 17 + 4 * 26)).toBe(true);
  });

  it('refuses text beyond a version 40 symbol, as bwip-js does, and text it cannot carry', () => {
    const tooLong = 'a'.repeat(2332);
    expect(bwipMatrices([tooLong])[0]).toMatch(/^refused: /);
    expect(() => qrCodeMatrix(tooLong)).toThrow(RangeError);
    expectSameAsBwip(['a'.repeat(2331)]);
    expect(() => qrCodeMatrix('')).toThrow(RangeError);
    expect(() => qrCodeMatrix('https://example.sa/تتبع')).toThrow(RangeError);
  });
});
