import { isTrackingTokenShape, newTrackingToken } from './tracking-token';

describe('newTrackingToken', () => {
  it('gives a different 24-character URL-safe token each time, across many blocks of random bytes', () => {
    const tokens = Array.from({ length: 2_000 }, () => newTrackingToken());
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(tokens.filter((token) => !isTrackingTokenShape(token))).toEqual([]);
  });

  it('spreads its bits: every base64url character turns up in every position', () => {
    const tokens = Array.from({ length: 4_000 }, () => newTrackingToken());
    for (let position = 0; position < 24; position += 1) {
      expect(new Set(tokens.map((token) => token[position])).size).toBe(64);
    }
  });
});
