import { remembered } from './remembered';

describe('remembered', () => {
  it('computes each key once, and forgets everything when full', () => {
    const calls: string[] = [];
    const length = remembered(2, (key) => {
      calls.push(key);
      return key.length;
    });
    expect([length('a'), length('bb'), length('a'), length('bb')]).toEqual([1, 2, 1, 2]);
    expect(calls).toEqual(['a', 'bb']);
    expect(length('ccc')).toBe(3); // full: the earlier answers are forgotten
    expect(length('a')).toBe(1);
    expect(calls).toEqual(['a', 'bb', 'ccc', 'a']);
  });

  it('remembers a falsy answer too', () => {
    let calls = 0;
    const never = remembered(10, () => {
      calls += 1;
      return false;
    });
    never('x');
    never('x');
    expect(calls).toBe(1);
  });
});
