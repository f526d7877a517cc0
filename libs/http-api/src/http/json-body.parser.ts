import type { FastifyInstance, FastifyRequest } from 'fastify';
import secureJsonParse from 'secure-json-parse';

declare module 'fastify' {
  interface FastifyRequest {
    /** The exact bytes received, for byte-for-byte forwarding (carrier passthrough). */
    rawBody?: Buffer;
  }
}

/**
 * JSON bodies are kept as received (passthrough forwards them untouched), an empty body
 * is no body (a bodiless POST to cancel is fine), and prototype-poisoning keys are refused.
 */
export function registerJsonBodyParser(app: FastifyInstance, bodyLimit: number): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit },
    (request: FastifyRequest, body: Buffer, done: (err: Error | null, value?: unknown) => void) => {
      request.rawBody = body;
      if (body.length === 0) return done(null, undefined);
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
