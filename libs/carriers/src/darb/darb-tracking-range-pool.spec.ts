import { DarbTrackingRangePool } from './darb-tracking-range-pool';
import { DarbRange } from './darb.wire-types';

const block = (first: number, size: number): DarbRange => ({
  range_id: `R${first}`,
  prefix: 'DRB',
  first,
  last: first + size - 1,
  digits: 14,
  size,
});

describe('DarbTrackingRangePool', () => {
  it('hands out numbers in order and asks for one block at a time, however many callers wait', async () => {
    const allocate = jest.fn().mockResolvedValueOnce(block(10, 2)).mockResolvedValueOnce(block(100, 2));
    const pool = new DarbTrackingRangePool(allocate);
    const numbers = await Promise.all([pool.next(), pool.next(), pool.next()]);
    expect(numbers).toEqual(['DRB00000000000010', 'DRB00000000000011', 'DRB00000000000100']);
    expect(allocate).toHaveBeenCalledTimes(2);
  });

  it('drops a stale block once, not the replacement', async () => {
    const allocate = jest.fn().mockResolvedValueOnce(block(10, 5)).mockResolvedValueOnce(block(100, 5));
    const pool = new DarbTrackingRangePool(allocate);
    const stale = await pool.next();
    pool.discardBlockOf(stale);
    const fresh = await pool.next();
    pool.discardBlockOf(stale);
    expect(await pool.next()).toBe('DRB00000000000101');
    expect(fresh).toBe('DRB00000000000100');
    expect(allocate).toHaveBeenCalledTimes(2);
  });

  it('lets a failed allocation surface and tries again on the next call', async () => {
    const allocate = jest.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce(block(1, 1));
    const pool = new DarbTrackingRangePool(allocate);
    await expect(pool.next()).rejects.toThrow('down');
    await expect(pool.next()).resolves.toBe('DRB00000000000001');
  });

  it('takes the numbers of a whole file at once, across blocks, without skipping any', async () => {
    const allocate = jest.fn().mockResolvedValueOnce(block(10, 3)).mockResolvedValueOnce(block(100, 3));
    const pool = new DarbTrackingRangePool(allocate);
    expect(await pool.next()).toBe('DRB00000000000010');
    expect(await pool.take(4)).toEqual(['DRB00000000000011', 'DRB00000000000012', 'DRB00000000000100', 'DRB00000000000101']);
    expect(await pool.next()).toBe('DRB00000000000102');
    expect(allocate).toHaveBeenCalledTimes(2);
  });
});
