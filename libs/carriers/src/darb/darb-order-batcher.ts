import { CarrierUnavailableError } from '@lgw/application';
import { DarbOrderResultRow, DarbOrderRow } from './darb.wire-types';

interface PendingOrder {
  row: DarbOrderRow;
  resolve(result: DarbOrderResultRow): void;
  reject(error: unknown): void;
  timer: NodeJS.Timeout;
  settled: boolean;
}

export interface DarbOrderBatcherLimits {
  maxRowsPerFile: number;
  maxFilesInFlight: number;
  /** A booking fails after this long whatever stage it is at. */
  timeoutMs: number;
}

/**
 * Turns single bookings into order files. When a file slot is free a booking goes out at
 * once (alone when traffic is light); while files are in flight, newcomers queue and leave
 * together in the next file. Latency stays one round trip at low load and files stay few at
 * high load.
 */
export class DarbOrderBatcher {
  private pending: PendingOrder[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly send: (rows: DarbOrderRow[]) => Promise<DarbOrderResultRow[]>,
    private readonly limits: DarbOrderBatcherLimits,
  ) {}

  submit(row: DarbOrderRow): Promise<DarbOrderResultRow> {
    return new Promise((resolve, reject) => {
      const order: PendingOrder = { row, resolve, reject, settled: false, timer: undefined as unknown as NodeJS.Timeout };
      order.timer = setTimeout(() => {
        this.pending = this.pending.filter((p) => p !== order);
        this.settle(order, () => reject(new CarrierUnavailableError('darb', `book: no answer within ${this.limits.timeoutMs} ms`, 5)));
      }, this.limits.timeoutMs);
      this.pending.push(order);
      this.schedule();
    });
  }

  close(): void {
    const orders = this.pending.splice(0);
    for (const order of orders) this.settle(order, () => order.reject(new CarrierUnavailableError('darb', 'adapter closed', 5)));
  }

  /** Waits for the end of the current event-loop turn so simultaneous bookings share a file. */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.limits.maxFilesInFlight && this.pending.length > 0) {
      const batch = this.pending.splice(0, this.limits.maxRowsPerFile);
      this.inFlight++;
      this.send(batch.map((order) => order.row))
        .then(
          (results) => {
            const byRef = new Map(results.map((r) => [r.order_ref, r]));
            for (const order of batch) {
              const result = byRef.get(order.row.order_ref);
              this.settle(order, () =>
                result
                  ? order.resolve(result)
                  : order.reject(new CarrierUnavailableError('darb', 'book: order missing from result file', 5)),
              );
            }
          },
          (error: unknown) => {
            for (const order of batch) this.settle(order, () => order.reject(error));
          },
        )
        .finally(() => {
          this.inFlight--;
          if (this.pending.length > 0) this.schedule();
        });
    }
  }

  private settle(order: PendingOrder, outcome: () => void): void {
    if (order.settled) return;
    order.settled = true;
    clearTimeout(order.timer);
    outcome();
  }
}
