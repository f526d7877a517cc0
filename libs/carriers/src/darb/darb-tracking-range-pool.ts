import { formatDarbTrackingNumber } from './darb.mapper';
import { DarbRange } from './darb.wire-types';

/**
 * Tracking numbers come from blocks Darb assigns; the gateway numbers its own orders from
 * them. Refills are single-flight so a burst of bookings asks Darb for one block, not many.
 */
export class DarbTrackingRangePool {
  private current?: { range: DarbRange; next: number };
  private refill?: Promise<void>;

  constructor(private readonly allocate: () => Promise<DarbRange>) {}

  async next(): Promise<string> {
    for (;;) {
      const current = this.current;
      if (current && current.next <= current.range.last) {
        return formatDarbTrackingNumber(current.range, current.next++);
      }
      await this.refillOnce();
    }
  }

  /**
   * Drops the block `trackingNumber` came from when Darb no longer recognises it. Bookings
   * failing together each report it; only the first drops the block, not its replacement.
   */
  discardBlockOf(trackingNumber: string): void {
    const range = this.current?.range;
    if (!range || !trackingNumber.startsWith(range.prefix)) return;
    const n = Number(trackingNumber.slice(range.prefix.length));
    if (n >= range.first && n <= range.last) this.current = undefined;
  }

  private refillOnce(): Promise<void> {
    this.refill ??= this.allocate()
      .then((range) => {
        this.current = { range, next: range.first };
      })
      .finally(() => {
        this.refill = undefined;
      });
    return this.refill;
  }
}
