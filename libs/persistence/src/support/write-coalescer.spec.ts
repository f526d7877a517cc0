import { WriteCoalescer } from './write-coalescer';

describe('WriteCoalescer', () => {
  it('flushes a lone write at once and coalesces writes that arrive during a flush', async () => {
    const flushes: number[][] = [];
    let release: () => void = () => undefined;
    const coalescer = new WriteCoalescer<number>(async (rows) => {
      flushes.push(rows);
      if (flushes.length === 1) await new Promise<void>((r) => (release = r));
    });
    const first = coalescer.write([1]);
    const rest = [coalescer.write([2, 3]), coalescer.write([4])];
    expect(flushes).toEqual([[1]]);
    release();
    await Promise.all([first, ...rest]);
    expect(flushes).toEqual([[1], [2, 3, 4]]);
  });

  it('fails only the write whose rows were refused', async () => {
    let calls = 0;
    let release: () => void = () => undefined;
    const coalescer = new WriteCoalescer<number>(async (rows) => {
      calls += 1;
      if (calls === 1) await new Promise<void>((r) => (release = r));
      if (rows.includes(13)) throw new Error('refused');
    });
    const warmup = coalescer.write([0]);
    const good = coalescer.write([1]);
    const bad = coalescer.write([13]);
    release();
    await warmup;
    await expect(good).resolves.toBeUndefined();
    await expect(bad).rejects.toThrow('refused');
  });

  it('caps the rows of one flush', async () => {
    const sizes: number[] = [];
    let release: () => void = () => undefined;
    const coalescer = new WriteCoalescer<number>(
      async (rows) => {
        sizes.push(rows.length);
        if (sizes.length === 1) await new Promise<void>((r) => (release = r));
      },
      { maxRowsPerFlush: 3 },
    );
    const writes = [coalescer.write([0]), ...Array.from({ length: 5 }, (_, i) => coalescer.write([i, i]))];
    release();
    await Promise.all(writes);
    expect(sizes[0]).toBe(1);
    expect(Math.max(...sizes.slice(1))).toBeLessThanOrEqual(3);
    expect(sizes.slice(1).reduce((a, b) => a + b, 0)).toBe(10);
  });
});

describe('WriteCoalescer with parallel flushes', () => {
  it('runs up to maxInFlight statements at once', async () => {
    let running = 0;
    let peak = 0;
    const coalescer = new WriteCoalescer<number>(
      async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 5));
        running -= 1;
      },
      { maxInFlight: 3 },
    );
    await Promise.all(Array.from({ length: 20 }, (_, i) => coalescer.write([i])));
    expect(peak).toBe(3);
  });
});
