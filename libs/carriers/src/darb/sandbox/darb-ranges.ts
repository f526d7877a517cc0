import { TRACKING_DIGITS, TRACKING_PREFIX } from './darb-formats';

export interface DarbRange {
  readonly range_id: string;
  readonly prefix: string;
  readonly first: number;
  readonly last: number;
  readonly digits: number;
  readonly size: number;
}

/**
 * Hands out disjoint blocks of tracking numbers. Survives a sandbox reset (ranges are account
 * set-up, not shipment state) and starts from the clock so a restarted sandbox never issues
 * a number a previous run already gave out.
 */
export class DarbRangeBook {
  private next = Date.now() * 10;
  private readonly ranges: DarbRange[] = [];

  issue(size: number): DarbRange {
    const range: DarbRange = {
      range_id: `RNG-${String(this.ranges.length + 1).padStart(6, '0')}`,
      prefix: TRACKING_PREFIX,
      first: this.next,
      last: this.next + size - 1,
      digits: TRACKING_DIGITS,
      size,
    };
    this.next += size;
    this.ranges.push(range);
    return range;
  }

  /** The ranges issued so far, for the saved sandbox state (a restart keeps honouring them). */
  save(): { next: number; ranges: DarbRange[] } {
    return { next: this.next, ranges: this.ranges };
  }

  restore(saved: { next: number; ranges: DarbRange[] }): void {
    this.next = Math.max(this.next, saved.next);
    this.ranges.unshift(...saved.ranges);
  }

  isIssued(trackingNumber: string): boolean {
    const match = new RegExp(`^${TRACKING_PREFIX}(\\d{${TRACKING_DIGITS}})$`).exec(trackingNumber);
    if (!match) return false;
    const n = Number(match[1]);
    for (let i = this.ranges.length - 1; i >= 0; i--) {
      if (n >= this.ranges[i].first && n <= this.ranges[i].last) return true;
    }
    return false;
  }
}
