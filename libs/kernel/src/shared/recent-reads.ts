/**
 * Reads kept for `freshMs` and shared by everyone who asks for the same key meanwhile, at most
 * `limit` keys (all forgotten at once when full); expired reads are dropped as new ones come, so
 * a map of many keys read once does not hold them until it is full. For data that changes rarely and is read on
 * every request of a hot path: a read is never older than `freshMs`, and a writer in this process
 * forgets its key so that its own change is seen at once. A failed read is not kept.
 */
export class RecentReads<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();

  constructor(
    private readonly freshMs: number,
    private readonly limit: number,
    private readonly now: () => number = Date.now,
  ) {}

  read(key: string, load: () => Promise<T>): Promise<T> {
    const at = this.now();
    const known = this.entries.get(key);
    if (known && at - known.at < this.freshMs) return known.value;
    this.sweep(at);
    const value = load();
    if (this.entries.size >= this.limit) this.entries.clear();
    const entry = { at, value };
    // Deleted first so that the map stays in the order of reading, oldest first, for the sweep.
    this.entries.delete(key);
    this.entries.set(key, entry);
    // Only this read's entry goes: a forget and a newer read may have replaced it meanwhile.
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  /** Drops the expired reads at the front of the map (the oldest): each one is dropped once. */
  private sweep(at: number): void {
    for (const [key, entry] of this.entries) {
      if (at - entry.at < this.freshMs) return;
      this.entries.delete(key);
    }
  }

  /** How many reads are kept (for the specs of the bound). */
  get size(): number {
    return this.entries.size;
  }

  /** The key's next read goes to the source (a write in this process has changed it). */
  forget(key: string): void {
    this.entries.delete(key);
  }
}
