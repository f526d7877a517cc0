import { randomUUID } from 'node:crypto';
import { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { AuthenticateApiKeyUseCase, RATE_LIMITER, RateLimiterPort } from '@lgw/application';
import { registerConsoleRoutes } from '@lgw/console';
import { GatewayRuntime, PinoNestLogger } from '@lgw/runtime';
import { ApiModule } from '../api.module';
import { AllExceptionsFilter } from '../http/all-exceptions.filter';
import { errorEnvelope } from '../http/error-envelope';
import { registerApiAccessHook } from '../http/api-access.hook';
import { registerJsonBodyParser } from '../http/json-body.parser';
import { registerMultipart } from '../http/multipart';
import { createValidationPipe } from '../http/validation.pipe';
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
  const adapter = new FastifyAdapter({
    loggerInstance: runtime.logger,
    // One access-log line per request comes from the onResponse hook below.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: true,
    // Errors the router raises before any hook runs (a path parameter over 100 characters, a
    // malformed URL) still leave as the envelope: no such resource.
    frameworkErrors: (_error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      void reply
        .code(404)
        .header('X-Service-Request-Id', request.id)
        .type('application/json; charset=utf-8')
        .send(errorEnvelope('E_NOT_FOUND'));
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(ApiModule.forRoot(runtime, options.extraModules), adapter, {
    logger: new PinoNestLogger(runtime.logger),
    // Bodies are parsed by registerJsonBodyParser (raw bytes kept for passthrough).
    bodyParser: false,
  });
  app.useGlobalFilters(new AllExceptionsFilter());
  app.useGlobalPipes(createValidationPipe());

  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  // Before app.init() registers the routes; a route's bodyLimit overrides the parser's.
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const limit = ROUTE_BODY_LIMITS[`${method} ${route.url}`];
      if (limit) route.bodyLimit = limit;
    }
  });
  registerJsonBodyParser(fastify, JSON_BODY_LIMIT_BYTES);
  await registerMultipart(fastify);
  registerApiAccessHook(fastify, {
    authenticator: app.get(AuthenticateApiKeyUseCase),
    rateLimiter: app.get<RateLimiterPort>(RATE_LIMITER),
    defaultLimit: runtime.config.rateLimitPerMinute,
  });
  // The access line is built only when it will be written (LOG_LEVEL is fixed at start).
  const accessLog = runtime.logger.isLevelEnabled('info');
  fastify.addHook('onResponse', async (request, reply) => {
    if (!accessLog) return;
    request.log.info(
      {
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
