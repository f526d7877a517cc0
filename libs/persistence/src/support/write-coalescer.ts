/**
 * Group commit for hot inserts. Callers hand in rows and await their durability. Up to
 * `maxInFlight` statements run at once; rows that arrive while all are busy queue up and
 * leave together in the next statement. At low load every write flushes at once (no added
 * latency); under load one statement carries many requests' rows, so the database does a
 * fraction of the round trips.
 */
export class WriteCoalescer<T> {
  private queue: Array<{ rows: readonly T[]; resolve: () => void; reject: (e: unknown) => void }> = [];
  private inFlight = 0;

  constructor(
    private readonly flush: (rows: T[]) => Promise<void>,
    private readonly options: { maxRowsPerFlush?: number; maxInFlight?: number } = {},
  ) {}

  write(rows: readonly T[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ rows, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    const maxInFlight = this.options.maxInFlight ?? 1;
    while (this.inFlight < maxInFlight && this.queue.length > 0) {
      const batch = this.take();
      this.inFlight += 1;
      void this.send(batch).finally(() => {
        this.inFlight -= 1;
        this.pump();
      });
    }
  }

  private async send(batch: typeof this.queue): Promise<void> {
    try {
      await this.flush(batch.flatMap((w) => w.rows));
      for (const w of batch) w.resolve();
    } catch (error) {
      // One bad row must not fail its neighbours: retry each write on its own.
      if (batch.length === 1) batch[0].reject(error);
      else await Promise.all(batch.map((w) => this.flush([...w.rows]).then(w.resolve, w.reject)));
    }
  }

  private take(): typeof this.queue {
    const max = this.options.maxRowsPerFlush ?? 1000;
    let rows = 0;
    let i = 0;
    while (i < this.queue.length && (i === 0 || rows + this.queue[i].rows.length <= max)) {
      rows += this.queue[i].rows.length;
      i += 1;
    }
    return this.queue.splice(0, i);
  }
}
