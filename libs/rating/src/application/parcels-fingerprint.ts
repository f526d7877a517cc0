import { hash } from 'node:crypto';
import { ParcelProps, remembered } from '@lgw/kernel';

/**
 * Parcels identify a quote's goods regardless of the order they are listed in: the same
 * multiset of (weight, length, width, height) gives the same fingerprint.
 */
export function parcelsFingerprint(parcels: readonly ParcelProps[]): string {
  const canonical = parcels
    .map((p) => [p.weight_kg, p.length_cm, p.width_cm, p.height_cm].map((n) => String(n)).join('x'))
    .sort()
    .join('|');
  return fingerprintOf(canonical);
}

/** A merchant rates the same few boxes all day: their fingerprints are kept (bounded). */
const fingerprintOf = remembered(4096, (canonical) => hash('sha256', canonical, 'hex'));
