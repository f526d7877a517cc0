/**
 * Proof of delivery (docs/adr/0088): who took the parcel at the door and how the courier proved
 * it, as the carrier reports it on its delivery scan. Carriers say it in their own words; each
 * carrier's mapper turns them into this shape, and the shipment keeps the one of its delivery.
 */

/** How the courier proved the hand-over: a one-time code the recipient gave, a signature, a photo, or nothing reported. */
export const PROOF_METHODS = ['OTP', 'SIGNATURE', 'PHOTO', 'NONE'] as const;
export type ProofMethod = (typeof PROOF_METHODS)[number];

export interface ProofOfDelivery {
  readonly method: ProofMethod;
  /** The name of whoever took the parcel, as the courier wrote it; null where the carrier gives none. */
  readonly receivedBy: string | null;
  /** The carrier's link to its photo of the hand-over (https only); null without one. */
  readonly photoUrl: string | null;
  /** When the carrier says it was delivered. */
  readonly at: Date;
}

/** What a carrier's delivery scan says, before it is judged: every part optional. */
export interface ReportedProof {
  readonly method?: ProofMethod;
  readonly receivedBy?: string | null;
  readonly photoUrl?: string | null;
}

const MAX_NAME = 120;
const MAX_URL = 2_000;

export const isProofMethod = (value: unknown): value is ProofMethod =>
  typeof value === 'string' && (PROOF_METHODS as readonly string[]).includes(value);

/**
 * The proof a delivery scan carries, or undefined when it says nothing of it. A photo link makes
 * the method PHOTO where the carrier names none; a name alone is a hand-over with no proof method
 * reported (NONE). Names are trimmed to printable text; a link that is not https is dropped (the
 * page would not load it, and a carrier's http link leaks the recipient's photo on the way).
 */
export function proofOfDeliveryFrom(reported: ReportedProof | undefined, at: Date): ProofOfDelivery | undefined {
  if (!reported) return undefined;
  const receivedBy = cleanName(reported.receivedBy);
  const photoUrl = httpsUrl(reported.photoUrl);
  const method: ProofMethod = reported.method ?? (photoUrl ? 'PHOTO' : 'NONE');
  if (method === 'NONE' && !receivedBy && !photoUrl) return undefined;
  return { method, receivedBy, photoUrl, at };
}

/**
 * The first word of the receiver's name: all the recipient's page shows of it. Null without a
 * name, and for anything with a digit in it (a courier who typed a phone or an id into the name
 * field: the page never shows a phone).
 */
export function receiverFirstName(receivedBy: string | null): string | null {
  const first = cleanName(receivedBy)?.split(' ')[0];
  if (!first || /[\p{Nd}]/u.test(first)) return null;
  return first;
}

function cleanName(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  // Control characters and the carrier's placeholders are no name.
  const name = value
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (name === '' || /^(n\/?a|null|none|-+)$/i.test(name)) return null;
  return name.slice(0, MAX_NAME);
}

function httpsUrl(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value.length > MAX_URL) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}
