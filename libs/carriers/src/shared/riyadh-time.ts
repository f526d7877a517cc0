/** Saudi Arabia keeps UTC+3 all year (no daylight saving), so a fixed offset is exact. */
const RIYADH_OFFSET_MS = 3 * 60 * 60 * 1000;

const pad = (n: number) => String(n).padStart(2, '0');

function fromRiyadhWallClock(year: number, month: number, day: number, hour: number, minute: number, second: number): Date | null {
  const utc = Date.UTC(year, month - 1, day, hour, minute, second) - RIYADH_OFFSET_MS;
  const check = new Date(utc + RIYADH_OFFSET_MS);
  // Rejects 31/02 and friends instead of silently rolling into the next month.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  return new Date(utc);
}

/** 'dd/MM/yyyy HH:mm' in Riyadh time → instant. */
export function parseLegacyRiyadhDate(text: string): Date | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  return fromRiyadhWallClock(+m[3], +m[2], +m[1], +m[4], +m[5], 0);
}

/** Instant → 'dd/MM/yyyy HH:mm' in Riyadh time. */
export function formatLegacyRiyadhDate(date: Date): string {
  const d = new Date(date.getTime() + RIYADH_OFFSET_MS);
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** 'yyyy-MM-dd HH:mm:ss' in Riyadh time → instant. */
export function parseRiyadhDateTime(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  return fromRiyadhWallClock(+m[1], +m[2], +m[3], +m[4], +m[5], +m[6]);
}
