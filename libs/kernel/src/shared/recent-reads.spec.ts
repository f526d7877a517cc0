import { RecentReads } from './recent-reads';

describe('RecentReads', () => {
  let now = 0;
  const clock = () => now;
  beforeEach(() => (now = 1_000));

  function counting(values: string[]) {
    let calls = 0;
    return {
      load: async () => values[Math.min(calls++, values.length - 1)],
      calls: () => calls,
    };
  }

  it('answers from the read made within freshMs, and reads again after', async () => {
    const reads = new RecentReads<string>(1_000, 10, clock);
    const source = counting(['a', 'b']);
    expect(await reads.read('k', source.load)).toBe('a');
    now += 999;
    expect(await reads.read('k', source.load)).toBe('a');
    now += 1;
    expect(await reads.read('k', source.load)).toBe('b');
    expect(source.calls()).toBe(2);
  });

  it('shares one read among callers that ask while it is on its way', async () => {
    const reads = new RecentReads<string>(1_000, 10, clock);
    const source = counting(['a']);
    const answers = await Promise.all([reads.read('k', source.load), reads.read('k', source.load), reads.read('k', source.load)]);
    expect(answers).toEqual(['a', 'a', 'a']);
    expect(source.calls()).toBe(1);
  });

  it('keeps keys apart, and a forgotten key is read again at once', async () => {
    const reads = new RecentReads<string>(1_000, 10, clock);
    const one = counting(['1a', '1b']);
    const two = counting(['2a']);
    expect(await reads.read('one', one.load)).toBe('1a');
    expect(await reads.read('two', two.load)).toBe('2a');
    reads.forget('one');
    expect(await reads.read('one', one.load)).toBe('1b');
    expect(await reads.read('two', two.load)).toBe('2a');
  });

  it('does not keep a failed read', async () => {
    const reads = new RecentReads<string>(1_000, 10, clock);
    await expect(reads.read('k', () => Promise.reject(new Error('away')))).rejects.toThrow('away');
    expect(await reads.read('k', async () => 'back')).toBe('back');
  });

  it('a failed read does not remove the read that replaced it after a forget', async () => {
    const reads = new RecentReads<string>(1_000, 10, clock);
    let fail!: (e: Error) => void;
    const first = reads.read('k', () => new Promise<string>((_, reject) => (fail = reject)));
    reads.forget('k');
    const source = counting(['fresh', 'again']);
    expect(await reads.read('k', source.load)).toBe('fresh');
    fail(new Error('late'));
    await expect(first).rejects.toThrow('late');
    expect(await reads.read('k', source.load)).toBe('fresh');
    expect(source.calls()).toBe(1);
  });

  it('holds at most limit keys', async () => {
    const reads = new RecentReads<string>(1_000, 2, clock);
    const source = counting(['x', 'y', 'z', 'w']);
    await reads.read('a', source.load);
    await reads.read('b', source.load);
    await reads.read('c', source.load); // full: everything before is forgotten
    expect(await reads.read('a', source.load)).toBe('w');
    expect(source.calls()).toBe(4);
  });

  it('drops expired reads as new ones come, oldest first, and keeps the fresh ones', async () => {
    const reads = new RecentReads<string>(1_000, 100, clock);
    for (const key of ['a', 'b', 'c']) {
      await reads.read(key, async () => key);
      now += 400;
    }
    // a is 1,200 ms old, b 800 and c 400: a new read drops a only.
    await reads.read('d', async () => 'd');
    expect(reads.size).toBe(3);
    // b read again after it expired moves to the back, so it outlives c.
    now += 300;
    const source = counting(['b2']);
    expect(await reads.read('b', source.load)).toBe('b2');
    now += 800;
    await reads.read('e', async () => 'e');
    expect(reads.size).toBe(2); // c and d expired; b (800 ms old) and e kept
    expect(await reads.read('b', source.load)).toBe('b2');
    expect(source.calls()).toBe(1);
  });
});
