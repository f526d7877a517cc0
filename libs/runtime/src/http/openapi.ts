import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { FastifyInstance } from 'fastify';
import { declareRouteScopes } from '@lgw/http-api';
import { polishOpenApi } from './openapi-polish';

const UI_ASSETS = new Map<string, string>([
  ['swagger-ui.css', 'text/css; charset=utf-8'],
  ['swagger-ui-bundle.js', 'application/javascript; charset=utf-8'],
  ['swagger-ui-standalone-preset.js', 'application/javascript; charset=utf-8'],
]);

/**
 * The contract generated from the code: JSON at /api/v1/openapi.json, UI at /api/docs. The document
 * is built on its first request, not at start-up: building it costs about half a second of CPU,
 * which every api process (and every test gateway) paid before it could answer anything, for a
 * document most of them never serve.
 */
export function setupOpenApi(app: NestFastifyApplication): void {
  let body: string | undefined;
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  fastify.get('/api/v1/openapi.json', (_req, reply) => {
    body ??= JSON.stringify(buildOpenApiDocument(app));
    void reply.type('application/json; charset=utf-8').send(body);
  });
  serveDocsUi(fastify);
}

/** The API's OpenAPI document, from the controllers and DTOs of `app`. */
function buildOpenApiDocument(app: NestFastifyApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Logistics Gateway API')
    .setDescription(
      'One API in front of several carriers: rating, shipments, tracking, labels, documents. ' +
        'Every error is {error: {code, message_en, message_ar, details?}}. ' +
        'Every /api/v1 response carries X-RateLimit-Limit, X-RateLimit-Remaining and X-Service-Request-Id.',
    )
    .setVersion('1.0.0')
    .addBearerAuth({
      type: 'http',
      scheme: 'bearer',
      description: 'API key: <prefix>_live_<64 hex>, or <prefix>_test_<64 hex> for test mode',
    })
    .build();
  const document = polishOpenApi(SwaggerModule.createDocument(app, config));
  declareRouteScopes(document.paths as unknown as Record<string, Record<string, unknown>>);
  return document;
}

/**
 * The UI is three static files of swagger-ui-dist, each read on its first request; serving them
 * directly keeps a static-file plugin (and its ESM-only dependencies) out of the app. Only the
 * package's path helper is loaded: its main module compiles the whole 1.4 MB UI bundle, about
 * 0.3 s of every start-up.
 */
function serveDocsUi(fastify: FastifyInstance): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the package ships no type declarations
  const dir = require('swagger-ui-dist/absolute-path.js')() as string;
  const read = new Map<string, Buffer>();
  fastify.get('/api/docs/:asset', (req, reply) => {
    const file = (req.params as { asset: string }).asset;
    const type = UI_ASSETS.get(file);
    if (!type) return reply.callNotFound();
    let bytes = read.get(file);
    if (!bytes) {
      bytes = readFileSync(join(dir, file));
      read.set(file, bytes);
    }
    void reply.type(type).header('cache-control', 'public, max-age=86400').send(bytes);
  });
  const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Logistics Gateway API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><div id="ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/swagger-ui-standalone-preset.js"></script>
<script>window.ui = SwaggerUIBundle({ url: '/api/v1/openapi.json', dom_id: '#ui', presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset], layout: 'StandaloneLayout' });</script>
</body></html>`;
  fastify.get('/api/docs', (_req, reply) => {
    void reply.type('text/html; charset=utf-8').send(page);
  });
}
