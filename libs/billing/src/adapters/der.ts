/**
 * A small ASN.1 DER encoder and reader: enough for X.509 certificates and PKCS#10 requests
 * on secp256k1, which the usual npm packages (WebCrypto based) do not sign.
 */
export type Der = Buffer;

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

export function tlv(tag: number, content: Buffer): Der {
  return Buffer.concat([Buffer.from([tag]), length(content.length), content]);
}

export const der = {
  sequence: (...items: Der[]) => tlv(0x30, Buffer.concat(items)),
  set: (...items: Der[]) => tlv(0x31, Buffer.concat([...items].sort(Buffer.compare))),
  integer(value: bigint | number): Der {
    let v = BigInt(value);
    if (v < 0n) throw new RangeError('negative integers are not needed here');
    const bytes: number[] = [];
    do {
      bytes.unshift(Number(v & 0xffn));
      v >>= 8n;
    } while (v > 0n);
    if (bytes[0] & 0x80) bytes.unshift(0);
    return tlv(0x02, Buffer.from(bytes));
  },
  oid(dotted: string): Der {
    const parts = dotted.split('.').map(Number);
    const out: number[] = [parts[0] * 40 + parts[1]];
    for (const part of parts.slice(2)) {
      const chunk: number[] = [];
      let v = part;
      do {
        chunk.unshift(v & 0x7f);
        v = Math.floor(v / 128);
      } while (v > 0);
      for (let i = 0; i < chunk.length - 1; i++) chunk[i] |= 0x80;
      out.push(...chunk);
    }
    return tlv(0x06, Buffer.from(out));
  },
  null: () => Buffer.from([0x05, 0x00]),
  boolean: (value: boolean) => tlv(0x01, Buffer.from([value ? 0xff : 0])),
  bitString: (bytes: Buffer) => tlv(0x03, Buffer.concat([Buffer.from([0]), bytes])),
  octetString: (bytes: Buffer) => tlv(0x04, bytes),
  utf8: (value: string) => tlv(0x0c, Buffer.from(value, 'utf8')),
  printable: (value: string) => tlv(0x13, Buffer.from(value, 'ascii')),
  utcTime(at: Date): Der {
    const iso = at.toISOString();
    return tlv(
      0x17,
      Buffer.from(`${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`),
    );
  },
  /** [n] EXPLICIT, constructed. */
  explicit: (n: number, inner: Der) => tlv(0xa0 | n, inner),
  /** [n] IMPLICIT of a constructed type (the inner tag replaced). */
  implicitConstructed: (n: number, contents: Buffer) => tlv(0xa0 | n, contents),
};

export interface DerNode {
  readonly tag: number;
  /** The whole encoding (tag, length, content). */
  readonly raw: Buffer;
  readonly content: Buffer;
  readonly children: DerNode[];
}

export function readDer(bytes: Buffer): DerNode {
  const [node, end] = readAt(bytes, 0);
  if (end !== bytes.length) throw new RangeError('trailing bytes after the DER value');
  return node;
}

function readAt(bytes: Buffer, at: number): [DerNode, number] {
  if (at + 2 > bytes.length) throw new RangeError('truncated DER');
  const tag = bytes[at];
  let len = bytes[at + 1];
  let header = 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0 || n > 4) throw new RangeError('unsupported DER length');
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + bytes[at + 2 + i];
    header += n;
  }
  const end = at + header + len;
  if (end > bytes.length) throw new RangeError('truncated DER');
  const content = bytes.subarray(at + header, end);
  const children: DerNode[] = [];
  if (tag & 0x20) {
    let inner = 0;
    while (inner < content.length) {
      const [child, next] = readAt(content, inner);
      children.push(child);
      inner = next;
    }
  }
  return [{ tag, raw: bytes.subarray(at, end), content, children }, end];
}

export function oidText(content: Buffer): string {
  const parts = [Math.floor(content[0] / 40), content[0] % 40];
  let v = 0;
  for (const byte of content.subarray(1)) {
    v = v * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) {
      parts.push(v);
      v = 0;
    }
  }
  return parts.join('.');
}
