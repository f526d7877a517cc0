import { CarrierUnavailableError } from '@lgw/kernel';

interface PendingOrder<I, O> {
  row: I;
  resolve(result: O): void;
  reject(error: unknown): void;
  timer: NodeJS.Timeout;
  settled: boolean;
}

export interface RequestBatcherOptions<I, O> {
  /** Who answers and what for, in the errors: ('darb', 'book'). */
  readonly carrierCode: string;
  readonly operation: string;
  /** Matches each answer to its request (an order reference, say). */
  keyOf(row: I): string;
  keyOfResult(result: O): string;
  readonly maxRowsPerFile: number;
  readonly maxFilesInFlight: number;
  /** A request fails after this long whatever stage it is at. */
  readonly timeoutMs: number;
}

/**
 * Turns single requests into files (batches) for carriers that take files. When a file slot
 * is free a request goes out at once (alone when traffic is light); while files are in
 * flight, newcomers queue and leave together in the next file. Latency stays one round trip
 * at low load and files stay few at high load.
 */
export class RequestBatcher<I, O> {
  private pending: PendingOrder<I, O>[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly send: (rows: I[]) => Promise<O[]>,
    private readonly limits: RequestBatcherOptions<I, O>,
  ) {}

  private unavailable(reason: string): CarrierUnavailableError {
    return new CarrierUnavailableError(this.limits.carrierCode, `${this.limits.operation}: ${reason}`, 5);
  }

  submit(row: I): Promise<O> {
    return new Promise((resolve, reject) => {
      const order: PendingOrder<I, O> = { row, resolve, reject, settled: false, timer: undefined as unknown as NodeJS.Timeout };
      order.timer = setTimeout(() => {
        this.pending = this.pending.filter((p) => p !== order);
        this.settle(order, () => reject(this.unavailable(`no answer within ${this.limits.timeoutMs} ms`)));
      }, this.limits.timeoutMs);
      this.pending.push(order);
      this.schedule();
    });
  }

  close(): void {
    const orders = this.pending.splice(0);
    for (const order of orders) this.settle(order, () => order.reject(this.unavailable('adapter closed')));
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
            const byKey = new Map(results.map((r) => [this.limits.keyOfResult(r), r]));
            for (const order of batch) {
              const result = byKey.get(this.limits.keyOf(order.row));
              this.settle(order, () => (result ? order.resolve(result) : order.reject(this.unavailable('missing from result file'))));
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

  private settle(order: PendingOrder<I, O>, outcome: () => void): void {
    if (order.settled) return;
    order.settled = true;
    clearTimeout(order.timer);
    outcome();
  }
}
