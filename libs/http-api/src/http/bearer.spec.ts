import { bearerToken } from './bearer';

describe('bearerToken', () => {
  it.each([
    ['Bearer abc', 'abc'],
    ['bearer abc', 'abc'],
    ['Bearer   abc  ', 'abc'],
  ])('%p presents %p', (header, token) => expect(bearerToken(header)).toBe(token));

  it.each([undefined, '', 'Bearer', 'Bearer a b', 'Basic abc', 'abc'])('%p presents nothing', (header) =>
    expect(bearerToken(header)).toBeNull(),
  );
});
