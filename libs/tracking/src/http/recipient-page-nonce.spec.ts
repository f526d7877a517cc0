import { pageNonce } from './recipient-page.html';

describe('pageNonce', () => {
  it('is 128 random bits in base64, never the same twice across pool refills', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2_000; i++) {
      const nonce = pageNonce();
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
      seen.add(nonce);
    }
    expect(seen.size).toBe(2_000);
  });
});
