import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { type FastifyInstance, LogController } from 'fastify';
import { AuthenticateApiKeyUseCase } from '@lgw/access';
import { RATE_LIMITER, RateLimiterPort } from '@lgw/kernel';
import { registerConsoleRoutes } from '@lgw/console';
import { GatewayRuntime } from '../composition/gateway-runtime';
import { PinoNestLogger } from '../logging/pino-nest-logger';
import { ApiModule } from './api.module';
import {
  AllExceptionsFilter,
  BodyContractGuard,
  ApiAccessGate,
  apiAccessGate,
  registerApiAccessHook,
  connectionServerOptions,
  registerConnectionLimits,
  registerJsonBodyParser,
  serializeReply,
  lazyRequestLogger,
  clientErrorResponder,
  routerErrorResponder,
  trustedProxies,
  createValidationPipe,
} from '@lgw/http-api';
import { registerMultipart } from '@lgw/shipping';
import { setupOpenApi } from './openapi';

/** JSON bodies above this are refused with 413 before they are parsed. */
const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
/**
 * Routes whose contract asks for more: a catalogue upsert carries up to 10,000 products
 * (about 2.5 MB typical, 16 MB with every text field at its maximum in Arabic).
 */
const ROUTE_BODY_LIMITS: Readonly<Record<string, number>> = {
  'PUT /api/v1/catalogue/products': 16 * 1024 * 1024,
};

/** Builds the HTTP app without listening: mains listen, tests inject or listen on port 0. */
export interface ApiAppOptions {
  /** Modules composed into the same process, e.g. the worker in all-in-one mode. */
  readonly extraModules?: DynamicModule[];
}

export async function createApiApp(runtime: GatewayRuntime, options: ApiAppOptions = {}): Promise<NestFastifyApplication> {
  // Built with the app below; the router's errors read it when a request arrives.
  const access: { gate?: ApiAccessGate } = {};
  // A slow client's 408 is the client's doing: an access line (info) and a metric, never a warning.
  const reportRequestTimeout = (request: IncomingMessage | undefined, requestId: string): void => {
    runtime.metrics.countRequestTimeout();
    runtime.logger.info(
      { reqId: requestId, event: 'http.request', method: request?.method, path: request?.url?.split('?')[0], status: 408 },
      'request timed out',
    );
  };
  const adapter = new FastifyAdapter({
    loggerInstance: runtime.logger,
    // One access-log line per request comes from the onResponse hook below.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: lazyRequestLogger,
    // No Nest middleware is registered: requests skip @fastify/middie's pass (docs/adr/0069).
    skipMiddie: true,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // Only the proxies the operator names may tell the client's address (TRUST_PROXY): it decides
    // allowed_ips, so a client reaching the gateway directly must not be able to claim one.
    trustProxy: trustedProxies(runtime.config.trustProxy),
    // While draining (SIGTERM), a request that reached an accepted connection is served, not
    // refused with 503: the listener is already closed, so nothing new arrives (ADR 0035).
    return503OnClosing: false,
    // Errors the router raises before any hook runs (a path parameter over 100 characters, a
    // malformed URL) still pass the access gate and leave as the envelope: no such resource.
    frameworkErrors: routerErrorResponder(() => access.gate),
    // Requests Node's parser refuses (head over 16 KB, malformed HTTP) get the envelope too.
    clientErrorHandler: clientErrorResponder(runtime.config.rateLimitPerMinute, reportRequestTimeout),
    // Header, body, whole-request and keep-alive bounds for slow clients (docs/runbook.md).
    ...connectionServerOptions(runtime.config.http),
  });
  const app = await NestFactory.create<NestFastifyApplication>(ApiModule.forRoot(runtime, options.extraModules), adapter, {
    logger: new PinoNestLogger(runtime.logger),
    // Bodies are parsed by registerJsonBodyParser (raw bytes kept for passthrough).
    bodyParser: false,
  });
  app.useGlobalFilters(new AllExceptionsFilter(runtime.config.rateLimitPerMinute));
  app.useGlobalGuards(new BodyContractGuard());
  app.useGlobalPipes(createValidationPipe());

  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  // A client that half-closes its side once the request is sent (nc -N, some proxies and
  // scripts) still gets its answer: Node's default aborts the requests still being served.
  (fastify.server as { httpAllowHalfOpen?: boolean }).httpAllowHalfOpen = true;
  // Before app.init() registers the routes; a route's bodyLimit overrides the parser's.
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const limit = ROUTE_BODY_LIMITS[`${method} ${route.url}`];
      if (limit) route.bodyLimit = limit;
    }
  });
  registerConnectionLimits(fastify, runtime.config.http, runtime.config.rateLimitPerMinute, reportRequestTimeout);
  registerJsonBodyParser(fastify, JSON_BODY_LIMIT_BYTES);
  // Before the routes are registered (each keeps the serializer it was given): answers that write
  // their own JSON do so, the rest go through JSON.stringify as before (docs/adr/0101). Fastify's
  // type names only text; a Buffer from the serializer is sent as it is, its length the
  // Content-Length (docs/adr/0103).
  fastify.setReplySerializer(serializeReply as (payload: unknown) => string);
  await registerMultipart(fastify);
  access.gate = apiAccessGate({
    authenticator: app.get(AuthenticateApiKeyUseCase),
    rateLimiter: app.get<RateLimiterPort>(RATE_LIMITER),
    defaultLimit: runtime.config.rateLimitPerMinute,
    consoleLimit: runtime.config.consoleRateLimitPerMinute,
  });
  // Once draining, every answer (those in flight included) closes its connection: the client
  // reconnects to another replica, and close() does not wait out the keep-alive timeout of
  // a socket that went idle after the listener closed.
  let draining = false;
  fastify.addHook('preClose', async () => {
    draining = true;
  });
  // Synchronous: it runs on every answer, and only reads a flag.
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
  const metrics = runtime.metrics;
  registerApiAccessHook(fastify, access.gate);
  // The access line is built only when it will be written (LOG_LEVEL is fixed at start).
  const accessLog = runtime.logger.isLevelEnabled('info');
  fastify.addHook('onResponse', async (request, reply) => {
    // The route pattern keeps the label set bounded; unmatched URLs share one label.
    metrics.observeHttp(
      request.method,
      request.routeOptions?.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
      request.principal?.mode ?? 'none',
    );
    if (!accessLog) return;
    // The root logger, the request id as a field: no child logger is made for the access line.
    runtime.logger.info(
      {
        reqId: request.id,
        event: 'http.request',
        // The team, not a child logger per request: that costs more than the whole auth check.
        team_id: request.principal?.teamId,
        method: request.method,
        path: request.routeOptions?.url ?? request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request completed',
    );
  });
  setupOpenApi(app);
  registerConsoleRoutes(fastify);
  await app.init();
  return app;
}
