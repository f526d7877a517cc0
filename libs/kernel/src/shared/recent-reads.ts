/**
 * Reads kept for `freshMs` and shared by everyone who asks for the same key meanwhile, at most
 * `limit` keys (all forgotten at once when full). For data that changes rarely and is read on
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
    const value = load();
    if (this.entries.size >= this.limit) this.entries.clear();
    const entry = { at, value };
    this.entries.set(key, entry);
    // Only this read's entry goes: a forget and a newer read may have replaced it meanwhile.
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  /** The key's next read goes to the source (a write in this process has changed it). */
  forget(key: string): void {
    this.entries.delete(key);
  }
}
