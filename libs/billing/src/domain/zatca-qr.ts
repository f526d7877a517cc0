/**
 * The QR code of a simplified tax invoice under Saudi e-invoicing (ZATCA, phase 1): the
 * base64 text of five TLV fields, each one byte of tag, one byte of length (of the UTF-8
 * value) and the value. Pure: the bytes are built here and encoded here, nothing imported.
 */
export interface SimplifiedInvoiceQrFields {
  /** Tag 1. */
  readonly sellerName: string;
  /** Tag 2: 15 digits. */
  readonly vatNumber: string;
  /** Tag 3: ISO 8601 time the invoice was issued. */
  readonly timestamp: Date;
  /** Tag 4: invoice total with VAT, SAR with two decimals. */
  readonly totalWithVat: string;
  /** Tag 5: VAT total, SAR with two decimals. */
  readonly vatTotal: string;
}

export function simplifiedInvoiceQrText(fields: SimplifiedInvoiceQrFields): string {
  const values = [
    fields.sellerName,
    fields.vatNumber,
    fields.timestamp.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    fields.totalWithVat,
    fields.vatTotal,
  ];
  return toBase64(concat(values.map((value, index) => tlv(index + 1, value))));
}

/** Reads the fields back (tests, and anyone checking a printed code). */
export function decodeSimplifiedInvoiceQr(text: string): Map<number, string> {
  const bytes = fromBase64(text);
  const fields = new Map<number, string>();
  let at = 0;
  while (at + 2 <= bytes.length) {
    const tag = bytes[at];
    const length = bytes[at + 1];
    if (at + 2 + length > bytes.length) throw new RangeError('truncated TLV field');
    fields.set(tag, new TextDecoder().decode(bytes.subarray(at + 2, at + 2 + length)));
    at += 2 + length;
  }
  if (at !== bytes.length) throw new RangeError('trailing bytes after the last TLV field');
  return fields;
}

function tlv(tag: number, value: string): Uint8Array {
  const bytes = new TextEncoder().encode(value);
  if (bytes.length === 0 || bytes.length > 255) {
    throw new RangeError(`TLV field ${tag} must be 1 to 255 bytes of UTF-8, got ${bytes.length}`);
  }
  const out = new Uint8Array(bytes.length + 2);
  out[0] = tag;
  out[1] = bytes.length;
  out.set(bytes, 2);
  return out;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Base64 of bytes, without Node's Buffer (the domain imports nothing). */
export function toBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += ALPHABET[(n >> 18) & 63] + ALPHABET[(n >> 12) & 63];
    out += i + 1 < bytes.length ? ALPHABET[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.length ? ALPHABET[n & 63] : '=';
  }
  return out;
}

function fromBase64(text: string): Uint8Array {
  const clean = text.replace(/=+$/, '');
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = ALPHABET.indexOf(char);
    if (value < 0) throw new RangeError('not base64');
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((buffer >> bits) & 0xff);
    }
  }
  return Uint8Array.from(out);
}
