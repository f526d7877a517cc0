import { toBase64 } from '../zatca-qr';

/**
 * The QR code of a Phase 2 e-invoice: base64 of TLV fields 1–9 (security features standard):
 * 1 seller name, 2 VAT number, 3 time stamp, 4 total with VAT, 5 VAT total, 6 invoice hash
 * (base64 text), 7 ECDSA signature (base64 text), 8 ECDSA public key (DER bytes), 9 the
 * certificate's signature by the issuing CA (DER bytes). One byte of tag, one of length.
 */
export interface Phase2QrFields {
  readonly sellerName: string;
  readonly vatNumber: string;
  /** "YYYY-MM-DDTHH:MM:SS" as in IssueDate and IssueTime. */
  readonly timestamp: string;
  readonly totalWithVat: string;
  readonly vatTotal: string;
  readonly invoiceHash: string;
  readonly signature: string;
  readonly publicKey: Uint8Array;
  readonly certificateSignature: Uint8Array;
}

export function phase2QrText(fields: Phase2QrFields): string {
  const encoder = new TextEncoder();
  const values: Uint8Array[] = [
    encoder.encode(fields.sellerName),
    encoder.encode(fields.vatNumber),
    encoder.encode(fields.timestamp),
    encoder.encode(fields.totalWithVat),
    encoder.encode(fields.vatTotal),
    encoder.encode(fields.invoiceHash),
    encoder.encode(fields.signature),
    fields.publicKey,
    fields.certificateSignature,
  ];
  const parts = values.map((value, index) => {
    if (value.length === 0 || value.length > 255) throw new RangeError(`TLV field ${index + 1} must be 1 to 255 bytes`);
    const out = new Uint8Array(value.length + 2);
    out[0] = index + 1;
    out[1] = value.length;
    out.set(value, 2);
    return out;
  });
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return toBase64(all);
}

/** Reads TLV fields back as bytes (tests, the simulator). */
export function decodeTlv(bytes: Uint8Array): Map<number, Uint8Array> {
  const fields = new Map<number, Uint8Array>();
  let at = 0;
  while (at + 2 <= bytes.length) {
    const length = bytes[at + 1];
    if (at + 2 + length > bytes.length) throw new RangeError('truncated TLV field');
    fields.set(bytes[at], bytes.subarray(at + 2, at + 2 + length));
    at += 2 + length;
  }
  if (at !== bytes.length) throw new RangeError('trailing bytes after the last TLV field');
  return fields;
}
