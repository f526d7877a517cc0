import { hash } from 'node:crypto';
import { ParcelProps } from '@lgw/kernel';

/**
 * Parcels identify a quote's goods regardless of the order they are listed in: the same
 * multiset of (weight, length, width, height) gives the same fingerprint.
 */
export function parcelsFingerprint(parcels: readonly ParcelProps[]): string {
  const canonical = parcels
    .map((p) => [p.weight_kg, p.length_cm, p.width_cm, p.height_cm].map((n) => String(n)).join('x'))
    .sort()
    .join('|');
  return hash('sha256', canonical, 'hex');
}
