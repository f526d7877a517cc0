import { mkdirSync, readFileSync, renameSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { SandboxSnapshot, SandboxState } from './sandbox-state';

/** The fields that hold dates: written as ISO strings, read back as Date. */
const DATE_FIELDS = new Set(['bookedAt', 'occurredAt', 'recordedAt', 'remittedAt', 'received_at']);

export const SANDBOX_STATE_FILE = 'carrier-sandbox.json';

export interface SandboxStoreOptions {
  /** Directory of the state file (created if missing). */
  readonly dir: string;
  /** Shortest gap between two saves; later changes wait for the next one. Default 200 ms. */
  readonly minIntervalMs?: number;
  /** Where a problem with the file is told (default: a JSON line on stderr). */
  readonly warn?: (message: string, fields: Record<string, unknown>) => void;
}

function defaultWarn(message: string, fields: Record<string, unknown>): void {
  process.stderr.write(`${JSON.stringify({ level: 'warn', msg: message, ...fields })}\n`);
}

function reviveDates(key: string, value: unknown): unknown {
  return typeof value === 'string' && DATE_FIELDS.has(key) ? new Date(value) : value;
}

/**
 * Keeps a SandboxState in one JSON file (docs/adr/0063): every change schedules a save of the
 * whole state, at most one save at a time and one per `minIntervalMs` (longer when saves get
 * slow: the gap is at least ten times the last save's duration, so a large state costs the
 * simulators at most about a tenth of their time). A save writes a temporary file, flushes it
 * to disk and renames it over the old one: the file is always a complete snapshot, never a
 * torn one. `close()` saves what is left, so a clean stop loses nothing; a crash (SIGKILL)
 * loses the changes since the last save.
 */
export class SandboxStore {
  readonly path: string;
  private readonly minIntervalMs: number;
  private readonly warn: (message: string, fields: Record<string, unknown>) => void;
  private dirty = false;
  private timer: NodeJS.Timeout | undefined;
  private saving: Promise<void> | undefined;
  private lastSavedAt = 0;
  private lastDurationMs = 0;
  private closed = false;

  constructor(
    private readonly state: SandboxState,
    options: SandboxStoreOptions,
  ) {
    mkdirSync(options.dir, { recursive: true });
    this.path = join(options.dir, SANDBOX_STATE_FILE);
    this.minIntervalMs = options.minIntervalMs ?? 200;
    this.warn = options.warn ?? defaultWarn;
  }

  /**
   * Reads the saved state into `state` (call once every simulator is mounted), then follows its
   * changes. A missing file is a first start; an unreadable one is set aside
   * (`<file>.corrupt-<time>`) with a warning, and the sandbox starts empty.
   */
  load(): { restored: boolean } {
    let restored = false;
    let text: string | undefined;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.setAside(error);
    }
    if (text !== undefined) {
      try {
        this.state.restore(JSON.parse(text, reviveDates) as SandboxSnapshot);
        restored = true;
      } catch (error) {
        // Undo whatever part of the file was taken in: a clean slate beats a half-restored one.
        this.state.reset();
        this.setAside(error);
      }
    }
    this.state.onChange(() => this.changed());
    this.dirty = false;
    return { restored };
  }

  /** Marks the state changed; a save follows shortly. */
  changed(): void {
    if (this.closed) return;
    this.dirty = true;
    this.schedule();
  }

  /** Waits for the save in progress and saves what changed since (idempotent). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    while (this.saving) await this.saving;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.dirty) await this.save();
  }

  /** Final save; later changes are no longer written. */
  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
  }

  private schedule(): void {
    if (this.timer || this.saving) return;
    const gap = Math.max(this.minIntervalMs, this.lastDurationMs * 10);
    const wait = Math.max(0, this.lastSavedAt + gap - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.saving) return; // its end schedules again
      if (this.dirty) void this.save();
    }, wait);
    this.timer.unref();
  }

  private save(): Promise<void> {
    const started = Date.now();
    this.dirty = false;
    const run = async () => {
      const text = JSON.stringify(this.state.snapshot());
      const temp = `${this.path}.tmp-${process.pid}`;
      const handle = await open(temp, 'w');
      try {
        await handle.writeFile(text, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, this.path);
    };
    this.saving = run()
      .catch((error: unknown) => {
        this.dirty = true; // try again with the next change or at close
        this.warn('carrier sandbox state not saved', { path: this.path, error: String(error) });
      })
      .finally(() => {
        this.saving = undefined;
        this.lastSavedAt = Date.now();
        this.lastDurationMs = this.lastSavedAt - started;
        if (this.dirty && !this.closed) this.schedule();
      });
    return this.saving;
  }

  private setAside(error: unknown): void {
    const aside = `${this.path}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    try {
      renameSync(this.path, aside);
    } catch {
      // nothing to move
    }
    this.warn('carrier sandbox state unreadable; starting empty', { path: this.path, set_aside: aside, error: String(error) });
  }
}
