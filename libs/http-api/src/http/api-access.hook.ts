import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AuthenticateApiKeyUseCase, Principal, RateLimiterPort } from '@lgw/application';
import { errorEnvelope, statusOf } from './error-envelope';
import { sendError } from './all-exceptions.filter';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

export const API_PREFIX = '/api/v1';
export const REQUEST_ID_HEADER = 'X-Service-Request-Id';
/** Public documents under the API prefix: the contract itself. */
const PUBLIC_API_PATHS = new Set(['/api/v1/openapi.json']);

export interface ApiAccessOptions {
  readonly authenticator: AuthenticateApiKeyUseCase;
  readonly rateLimiter: RateLimiterPort;
  readonly defaultLimit: number;
}

/**
 * Runs before routing, so every /api/v1 response — known route or not, success or
 * error — carries the request id and rate-limit headers, and no handler runs for an
 * unauthenticated or over-limit caller.
 */
export function registerApiAccessHook(app: FastifyInstance, options: ApiAccessOptions): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    const path = pathOf(request.url);
    if (!isApiPath(path)) return;
    if (PUBLIC_API_PATHS.has(path)) return uncounted(reply, options.defaultLimit);

    let principal: Principal | null;
    try {
      principal = await options.authenticator.execute(request.headers.authorization);
    } catch (error) {
      // The key table could not be read (the database is away): nothing was counted, and the
      // answer is the same envelope any route gives for it (503 with Retry-After).
      uncounted(reply, options.defaultLimit);
      sendError(request, reply, error);
      return reply;
    }
    if (!principal) {
      uncounted(reply, options.defaultLimit);
      return reply.code(statusOf('E_UNAUTHENTICATED')).send(errorEnvelope('E_UNAUTHENTICATED'));
    }
    const decision = await options.rateLimiter.consume(`key:${principal.keyId}`, principal.rateLimitPerMinute);
    reply.header('X-RateLimit-Limit', String(decision.limit));
    reply.header('X-RateLimit-Remaining', String(decision.remaining));
    if (!decision.allowed) {
      reply.header('Retry-After', String(Math.max(1, Math.ceil(decision.resetMs / 1000))));
      return reply.code(statusOf('E_RATE_LIMITED')).send(errorEnvelope('E_RATE_LIMITED'));
    }
    request.principal = principal;
  });
}

/** No key, no bucket: nothing was counted, and the headers say so rather than invent one. */
function uncounted(reply: FastifyReply, limit: number): void {
  reply.header('X-RateLimit-Limit', String(limit));
  reply.header('X-RateLimit-Remaining', String(limit));
}

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

function isApiPath(path: string): boolean {
  return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
}
