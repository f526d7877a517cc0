import { CarrierUnavailableError } from '@lgw/application';
import { DarbOrderBatcher } from './darb-order-batcher';
import { DarbOrderResultRow, DarbOrderRow } from './darb.wire-types';

const row = (ref: string) => ({ order_ref: ref, tracking_number: `T-${ref}` }) as DarbOrderRow;
const accepted = (r: DarbOrderRow): DarbOrderResultRow => ({
  order_ref: r.order_ref,
  tracking_number: r.tracking_number,
  result: 'ACCEPTED',
  error_code: '',
  error_message: '',
});

describe('DarbOrderBatcher', () => {
  it('sends a lone booking at once and groups bookings that arrive while files are in flight', async () => {
    const files: string[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const batcher = new DarbOrderBatcher(
      async (rows) => {
        files.push(rows.map((r) => r.order_ref));
        if (files.length === 1) await gate;
        return rows.map(accepted);
      },
      { maxRowsPerFile: 3, maxFilesInFlight: 1, timeoutMs: 1000 },
    );
    const first = batcher.submit(row('a'));
    await new Promise((r) => setImmediate(r));
    const rest = ['b', 'c', 'd', 'e'].map((ref) => batcher.submit(row(ref)));
    release();
    const results = await Promise.all([first, ...rest]);
    expect(results.map((r) => r.tracking_number)).toEqual(['T-a', 'T-b', 'T-c', 'T-d', 'T-e']);
    expect(files).toEqual([['a'], ['b', 'c', 'd'], ['e']]);
  });

  it('fails a booking that waits longer than the timeout, wherever it is', async () => {
    const batcher = new DarbOrderBatcher(() => new Promise(() => undefined), { maxRowsPerFile: 10, maxFilesInFlight: 1, timeoutMs: 30 });
    await expect(batcher.submit(row('a'))).rejects.toBeInstanceOf(CarrierUnavailableError);
    await expect(batcher.submit(row('b'))).rejects.toBeInstanceOf(CarrierUnavailableError);
  });

  it('fails every booking of a file the carrier did not take', async () => {
    const boom = new CarrierUnavailableError('darb', 'down');
    const batcher = new DarbOrderBatcher(async () => Promise.reject(boom), { maxRowsPerFile: 10, maxFilesInFlight: 1, timeoutMs: 1000 });
    await expect(Promise.all([batcher.submit(row('a')), batcher.submit(row('b'))])).rejects.toBe(boom);
  });

  it('fails a booking missing from the result file', async () => {
    const batcher = new DarbOrderBatcher(async () => [], { maxRowsPerFile: 10, maxFilesInFlight: 1, timeoutMs: 1000 });
    await expect(batcher.submit(row('a'))).rejects.toThrow(/missing from result file/);
  });
});
