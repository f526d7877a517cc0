import { createHash } from 'node:crypto';
import { parcelsFingerprint } from './parcels-fingerprint';

const parcel = (weight_kg: number, length_cm = 30, width_cm = 20, height_cm = 10) => ({ weight_kg, length_cm, width_cm, height_cm });

describe('parcelsFingerprint', () => {
  it('is the SHA-256 of the sorted parcels, asked once or many times', () => {
    const parcels = [parcel(2.5), parcel(1, 10, 10, 10)];
    const expected = createHash('sha256').update('1x10x10x10|2.5x30x20x10').digest('hex');
    for (let i = 0; i < 3; i++) expect(parcelsFingerprint(parcels)).toBe(expected);
  });

  it('does not depend on the order of the parcels, and tells different parcels apart', () => {
    expect(parcelsFingerprint([parcel(1), parcel(2)])).toBe(parcelsFingerprint([parcel(2), parcel(1)]));
    const seen = new Set(
      [parcel(1), parcel(1.5), parcel(1, 31), parcel(1, 30, 21), parcel(1, 30, 20, 11)].map((p) => parcelsFingerprint([p])),
    );
    expect(seen.size).toBe(5);
    expect(parcelsFingerprint([parcel(1), parcel(1)])).not.toBe(parcelsFingerprint([parcel(1)]));
  });
});
