/**
 * Riyadh wall-clock formatting for the carriers that speak local time. Saudi Arabia keeps
 * UTC+3 all year, so a fixed offset is exact. The sandbox keeps its own copy rather than
 * sharing the adapters' helper: a carrier simulator that reused the adapter's code could
 * not catch the adapter's mistakes.
 */
const OFFSET_MS = 3 * 60 * 60 * 1000;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function riyadhParts(date: Date) {
  const local = new Date(date.getTime() + OFFSET_MS);
  return {
    year: local.getUTCFullYear(),
    month: pad(local.getUTCMonth() + 1),
    day: pad(local.getUTCDate()),
    hour: pad(local.getUTCHours()),
    minute: pad(local.getUTCMinutes()),
    second: pad(local.getUTCSeconds()),
  };
}

/** 'dd/MM/yyyy HH:mm' */
export function formatLegacyDate(date: Date): string {
  const p = riyadhParts(date);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** 'yyyy-MM-dd HH:mm:ss' */
export function formatFeedTime(date: Date): string {
  const p = riyadhParts(date);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}
