import { CarrierUnavailableError } from '@lgw/kernel';
import { RequestBatcher, RequestBatcherOptions } from './request-batcher';

interface Row {
  order_ref: string;
  tracking_number: string;
}
const row = (ref: string): Row => ({ order_ref: ref, tracking_number: `T-${ref}` });
const accepted = (r: Row): Row => ({ ...r });
const options = (limits: Pick<RequestBatcherOptions<Row, Row>, 'maxRowsPerFile' | 'maxFilesInFlight' | 'timeoutMs'>) => ({
  carrierCode: 'x',
  operation: 'book',
  keyOf: (r: Row) => r.order_ref,
  keyOfResult: (r: Row) => r.order_ref,
  ...limits,
});

describe('RequestBatcher', () => {
  it('sends a lone booking at once and groups bookings that arrive while files are in flight', async () => {
    const files: string[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const batcher = new RequestBatcher<Row, Row>(
      async (rows) => {
        files.push(rows.map((r) => r.order_ref));
        if (files.length === 1) await gate;
        return rows.map(accepted);
      },
      options({ maxRowsPerFile: 3, maxFilesInFlight: 1, timeoutMs: 1000 }),
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
    const batcher = new RequestBatcher<Row, Row>(
      () => new Promise(() => undefined),
      options({ maxRowsPerFile: 10, maxFilesInFlight: 1, timeoutMs: 30 }),
    );
    await expect(batcher.submit(row('a'))).rejects.toBeInstanceOf(CarrierUnavailableError);
    await expect(batcher.submit(row('b'))).rejects.toBeInstanceOf(CarrierUnavailableError);
  });

  it('fails every booking of a file the carrier did not take', async () => {
    const boom = new CarrierUnavailableError('x', 'down');
    const batcher = new RequestBatcher<Row, Row>(
      async () => Promise.reject(boom),
      options({ maxRowsPerFile: 10, maxFilesInFlight: 1, timeoutMs: 1000 }),
    );
    await expect(Promise.all([batcher.submit(row('a')), batcher.submit(row('b'))])).rejects.toBe(boom);
  });

  it('fails a booking missing from the result file', async () => {
    const batcher = new RequestBatcher<Row, Row>(async () => [], options({ maxRowsPerFile: 10, maxFilesInFlight: 1, timeoutMs: 1000 }));
    await expect(batcher.submit(row('a'))).rejects.toThrow(/missing from result file/);
  });
});
