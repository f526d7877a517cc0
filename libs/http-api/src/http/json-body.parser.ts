import type { FastifyInstance, FastifyRequest } from 'fastify';
import secureJsonParse from 'secure-json-parse';
import { ValidationError } from '@lgw/domain';

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

/**
 * JSON bodies are kept as received (passthrough forwards them untouched), an empty body
 * is no body (a bodiless POST to cancel is fine), and prototype-poisoning keys are refused,
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
