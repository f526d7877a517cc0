import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import secureJsonParse from 'secure-json-parse';
import { ValidationError } from '@lgw/kernel';

declare module 'fastify' {
  interface FastifyRequest {
    /** The exact bytes received, for byte-for-byte forwarding (carrier passthrough). */
    rawBody?: Buffer;
  }
}

/**
 * How deep objects and arrays may nest in a JSON body. The deepest body of the contract is a
 * few levels (`parcels.0.weight_kg`); a carrier's native passthrough body a handful more.
 * Anything deeper is refused before it is parsed: the recursive validators and transformers
 * after the parser would otherwise exhaust the stack.
 */
export const MAX_JSON_DEPTH = 32;

const TOO_DEEP = {
  en: `must not nest objects or arrays more than ${MAX_JSON_DEPTH} levels deep`,
  ar: `يجب ألا تتداخل الكائنات أو المصفوفات بأكثر من ${MAX_JSON_DEPTH} مستوى`,
};

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** True when `body` (any bytes) opens more than `max` nested objects or arrays outside strings. */
export function nestsDeeperThan(body: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) depth--;
  }
  return false;
}

const NOT_UTF8 = {
  en: 'must be valid UTF-8 (the body has bytes that are not UTF-8 text)',
  ar: 'يجب أن يكون نصاً بترميز UTF-8 صالح (يحتوي الطلب على بايتات ليست نصاً بترميز UTF-8)',
};

/** Offset of the first byte that does not start a well-formed UTF-8 sequence, or -1. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  // Native check first: almost every body is valid, and this is the hot path of every request.
  if (isUtf8(bytes)) return -1;
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i];
    if (b < 0x80) {
      i += 1;
      continue;
    }
    let length: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) [length, min] = [2, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [length, min] = [3, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [length, min] = [4, 0x10000];
    else return i;
    if (i + length > bytes.length) return i;
    let code = b & (0xff >> (length + 1));
    for (let k = 1; k < length; k++) {
      const c = bytes[i + k];
      if ((c & 0xc0) !== 0x80) return i;
      code = (code << 6) | (c & 0x3f);
    }
    // Overlong forms, UTF-16 surrogates and code points past U+10FFFF are not UTF-8.
    if (code < min || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff) return i;
    i += length;
  }
  return -1;
}

type Frame = { array: true; index: number } | { array: false; key: string | null; expectKey: boolean };

/**
 * The field (`origin.city`, `parcels.0.reference`) whose text holds byte `offset` of a JSON
 * body, read from the structure before it; `body` when the offset is outside any value.
 */
export function jsonFieldAt(body: Uint8Array, offset: number): string {
  const frames: Frame[] = [];
  let inString = false;
  let keyStart = -1;
  for (let i = 0; i < offset && i < body.length; i++) {
    const byte = body[i];
    const top = frames[frames.length - 1];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) {
        inString = false;
        if (keyStart >= 0 && top && !top.array) top.key = Buffer.from(body.subarray(keyStart, i)).toString('utf8');
        keyStart = -1;
      }
    } else if (byte === QUOTE) {
      inString = true;
      if (top && !top.array && top.expectKey) keyStart = i + 1;
    } else if (byte === OPEN_OBJECT) frames.push({ array: false, key: null, expectKey: true });
    else if (byte === OPEN_ARRAY) frames.push({ array: true, index: 0 });
    else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) frames.pop();
    else if (byte === 0x2c /* , */ && top) {
      if (top.array) top.index += 1;
      else [top.key, top.expectKey] = [null, true];
    } else if (byte === 0x3a /* : */ && top && !top.array) top.expectKey = false;
  }
  const path: string[] = [];
  for (const frame of frames) {
    if (frame.array) path.push(String(frame.index));
    else if (frame.key !== null && !frame.expectKey) path.push(frame.key);
    else break;
  }
  return path.length > 0 ? path.join('.') : 'body';
}

/**
 * JSON bodies are kept as received (passthrough forwards them untouched), an empty body
 * is no body (a bodiless POST to cancel is fine), bytes that are not UTF-8 are refused with the
 * field that holds them, prototype-poisoning keys are refused,
 * as is nesting beyond MAX_JSON_DEPTH (size is bounded by the body limit before this runs).
 */
export function registerJsonBodyParser(app: FastifyInstance, bodyLimit: number): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit },
    (request: FastifyRequest, body: Buffer, done: (err: Error | null, value?: unknown) => void) => {
      request.rawBody = body;
      if (body.length === 0) return done(null, undefined);
      if (nestsDeeperThan(body, MAX_JSON_DEPTH)) {
        return done(new ValidationError('body', TOO_DEEP.en, TOO_DEEP.ar));
      }
      // JSON is UTF-8 (RFC 8259): bytes that are not are refused, never turned into U+FFFD.
      const invalidAt = firstInvalidUtf8(body);
      if (invalidAt >= 0) return done(new ValidationError(jsonFieldAt(body, invalidAt), NOT_UTF8.en, NOT_UTF8.ar));
      try {
        done(null, secureJsonParse.parse(body, undefined, { protoAction: 'error', constructorAction: 'error' }));
      } catch {
        const error = new Error('invalid JSON body') as Error & { code: string; statusCode: number };
        error.code = 'FST_ERR_CTP_INVALID_JSON_BODY';
        error.statusCode = 400;
        done(error);
      }
    },
  );
}
