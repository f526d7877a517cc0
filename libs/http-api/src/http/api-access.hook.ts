import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type ApiKeyAuthenticator,
  type Principal,
  RateLimiterPort,
  addressMatcher,
  effectiveScopes,
  FULL_ACCESS,
  satisfies,
} from '@lgw/kernel';
import { API_BASE_PATH } from './api-resource-links';
import { bearerToken } from './bearer';
import { errorEnvelope, statusOf } from './error-envelope';
import { sendError } from './send-error';
import { ANY_KEY_ROUTE, PUBLIC_ROUTE, ROUTE_SCOPES, routeKey } from './route-scopes';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

/** The public API's base path: one definition, shared with the links the views print. */
export const API_PREFIX = API_BASE_PATH;
export const REQUEST_ID_HEADER = 'X-Service-Request-Id';
/** Path and query string; longer is 414 E_URI_TOO_LONG before routing (ADR 0029). */
export const MAX_URL_LENGTH = 8192;

export interface ApiAccessOptions {
  readonly authenticator: ApiKeyAuthenticator;
  readonly rateLimiter: RateLimiterPort;
  readonly defaultLimit: number;
  /** Per key and minute for the console's own calls (CONSOLE_RATE_LIMIT_PER_MINUTE). */
  readonly consoleLimit: number;
}

/**
 * The console marks its calls with this header: they are counted in a budget of their own per
 * key, so browsing never spends what the team's integration needs (docs/adr/0062). Any key holder
 * can send it: the bound is the key's API limit plus the console budget, never more.
 */
export const CONSOLE_CALL_HEADER = 'x-console-session';

/**
 * Stamps the request id and rate-limit headers and lets through only an authenticated caller
 * within its limit. Resolves false when it has answered the request itself (401, 414, 429).
 */
export type ApiAccessGate = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

export function apiAccessGate(options: ApiAccessOptions): ApiAccessGate {
  return async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    const path = pathOf(request.url);
    const api = isApiPath(path);
    if (request.url.length > MAX_URL_LENGTH) {
      if (api) uncounted(reply, options.defaultLimit);
      void reply.code(statusOf('E_URI_TOO_LONG')).send(errorEnvelope('E_URI_TOO_LONG'));
      return false;
    }
    if (!api) return true;
    // Public in the route table too, but counted per calling address before anything else.
    if (path.startsWith(CARRIER_WEBHOOKS_PATH)) return carrierPushAllowed(request, reply, options);
    const route = routeKey(request.method, request.routeOptions?.url);
    const access = route === undefined ? undefined : (ROUTE_SCOPES[route] ?? FULL_ACCESS);
    if (access === PUBLIC_ROUTE) {
      uncounted(reply, options.defaultLimit);
      return true;
    }

    let principal: Principal | null;
    try {
      principal = await options.authenticator.execute(bearerToken(request.headers.authorization));
    } catch (error) {
      // The key table could not be read (the database is away): nothing was counted, and the
      // answer is the same envelope any route gives for it (503 with Retry-After).
      uncounted(reply, options.defaultLimit);
      sendError(request, reply, error);
      return false;
    }
    if (!principal) {
      uncounted(reply, options.defaultLimit);
      void reply.code(statusOf('E_UNAUTHENTICATED')).send(errorEnvelope('E_UNAUTHENTICATED'));
      return false;
    }
    const fromConsole = request.headers[CONSOLE_CALL_HEADER] !== undefined;
    const decision = fromConsole
      ? await options.rateLimiter.consume(`console:${principal.keyId}`, options.consoleLimit)
      : await options.rateLimiter.consume(`key:${principal.keyId}`, principal.rateLimitPerMinute);
    reply.header('X-RateLimit-Limit', String(decision.limit));
    reply.header('X-RateLimit-Remaining', String(decision.remaining));
    if (!decision.allowed) {
      reply.header('Retry-After', String(Math.max(1, Math.ceil(decision.resetMs / 1000))));
      void reply.code(statusOf('E_RATE_LIMITED')).send(errorEnvelope('E_RATE_LIMITED'));
      return false;
    }
    // After counting: refused requests spend the key's budget too, so probing is not free.
    const refusal = refusalOf(principal, access, request.ip);
    if (refusal) {
      void reply.code(statusOf('E_FORBIDDEN')).send(errorEnvelope('E_FORBIDDEN', refusal));
      return false;
    }
    request.principal = principal;
    return true;
  };
}

/** Carriers push here with no key: the token in the path is the credential (docs/api.md, "Carrier webhooks"). */
const CARRIER_WEBHOOKS_PATH = `${API_BASE_PATH}/carrier-webhooks/`;

/**
 * A carrier push is counted per calling address, in the default budget: a carrier retrying
 * hard, or someone trying tokens, is slowed the same way whatever the token.
 */
async function carrierPushAllowed(request: FastifyRequest, reply: FastifyReply, options: ApiAccessOptions): Promise<boolean> {
  const decision = await options.rateLimiter.consume(`carrier-push:${request.ip}`, options.defaultLimit);
  reply.header('X-RateLimit-Limit', String(decision.limit));
  reply.header('X-RateLimit-Remaining', String(decision.remaining));
  if (decision.allowed) return true;
  reply.header('Retry-After', String(Math.max(1, Math.ceil(decision.resetMs / 1000))));
  void reply.code(statusOf('E_RATE_LIMITED')).send(errorEnvelope('E_RATE_LIMITED'));
  return false;
}

interface KeyRules {
  readonly scopes: ReadonlySet<string>;
  readonly addressAllowed: ((ip: string | undefined) => boolean) | null;
}

/**
 * A principal is built once per key look-up and shared by its requests, so what its scopes and
 * ranges resolve to is worked out once per principal, not per request.
 */
const rulesOf = new WeakMap<Principal, KeyRules>();

function keyRules(principal: Principal): KeyRules {
  let rules = rulesOf.get(principal);
  if (!rules) {
    rules = { scopes: effectiveScopes(principal.scopes ?? []), addressAllowed: addressMatcher(principal.allowedIps ?? []) };
    rulesOf.set(principal, rules);
  }
  return rules;
}

/**
 * Why the key may not make this request, or null. An unmatched route (404 follows) needs no
 * scope; a route the table does not name needs full access.
 */
function refusalOf(principal: Principal, access: string | undefined, ip: string | undefined): Record<string, string> | null {
  const rules = keyRules(principal);
  if (rules.addressAllowed && !rules.addressAllowed(ip)) return { reason: 'ip_not_allowed' };
  if (access !== undefined && access !== ANY_KEY_ROUTE && !satisfies(rules.scopes, access)) return { required_scope: access };
  return null;
}

/**
 * Runs before routing, so every /api/v1 response — known route or not, success or
 * error — carries the request id and rate-limit headers, and no handler runs for an
 * unauthenticated or over-limit caller. Errors the router raises before this hook could run
 * pass through the same gate (create-api-app.ts, frameworkErrors).
 */
export function registerApiAccessHook(app: FastifyInstance, gate: ApiAccessGate): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!(await gate(request, reply))) return reply;
  });
}

/** No key, no bucket: nothing was counted, and the headers say so rather than invent one. */
export function uncounted(reply: { header(name: string, value: string): unknown }, limit: number): void {
  reply.header('X-RateLimit-Limit', String(limit));
  reply.header('X-RateLimit-Remaining', String(limit));
}

export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

export function isApiPath(path: string): boolean {
  return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
}
