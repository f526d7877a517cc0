import { randomInt } from 'node:crypto';

/**
 * Random digits rather than a counter: the gateway's store outlives an in-memory sandbox,
 * and a restarted counter would hand out numbers the gateway already holds.
 */
export function randomDigits(length: number): string {
  let out = '';
  while (out.length < length) out += String(randomInt(0, 1_000_000_000)).padStart(9, '0');
  return out.slice(0, length);
}

export function uniqueTrackingNumber(make: () => string, taken: (candidate: string) => boolean): string {
  for (;;) {
    const candidate = make();
    if (!taken(candidate)) return candidate;
  }
}
