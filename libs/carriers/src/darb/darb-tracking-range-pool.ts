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

  /** `count` numbers in order, from as many blocks as it takes (a bulk hand-off numbers a whole file). */
  async take(count: number): Promise<string[]> {
    const numbers: string[] = [];
    while (numbers.length < count) {
      const current = this.current;
      if (current && current.next <= current.range.last) {
        const upTo = Math.min(current.range.last, current.next + (count - numbers.length) - 1);
        for (let n = current.next; n <= upTo; n++) numbers.push(formatDarbTrackingNumber(current.range, n));
        current.next = upTo + 1;
      } else {
        await this.refillOnce();
      }
    }
    return numbers;
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
