import type { OpenAPIObject } from '@nestjs/swagger';
import type { FastifyInstance } from 'fastify';

/**
 * Routes whose success body Fastify writes with a serializer compiled from the route's own
 * response schema in the OpenAPI document (docs/adr/0069): the hottest JSON answers, whose shape
 * is fully declared and held to it (test/e2e/openapi-responses.e2e-spec.ts refuses a field the
 * schema lacks). Other routes keep JSON.stringify.
 */
export const COMPILED_RESPONSE_ROUTES: readonly string[] = ['POST /api/v1/rates', 'GET /api/v1/shipments/:id'];

type Schema = Record<string, unknown>;

/**
 * Gives each listed route a response schema generated from the document (the same DTO
 * definitions the contract is generated from), so the OpenAPI document stays the one
 * description of the body. Registered before the app's routes are.
 */
export function registerCompiledResponses(fastify: FastifyInstance, document: OpenAPIObject, routes = COMPILED_RESPONSE_ROUTES): void {
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (!routes.includes(`${method} ${route.url}`)) continue;
      const response = successSchemaOf(document, method, route.url);
      route.schema = { ...route.schema, response: { ...(route.schema?.response as Schema | undefined), ...response } };
    }
  });
}

/** The route's 2xx JSON body schemas by status, their references resolved. */
export function successSchemaOf(document: OpenAPIObject, method: string, url: string): Record<string, Schema> {
  const path = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  const operation = (document.paths[path] as Record<string, { responses?: Record<string, Schema> }> | undefined)?.[method.toLowerCase()];
  if (!operation?.responses) throw new Error(`${method} ${url} is not in the OpenAPI document`);
  const schemas: Record<string, Schema> = {};
  for (const [status, response] of Object.entries(operation.responses)) {
    const schema = (response as { content?: Record<string, { schema?: Schema }> }).content?.['application/json']?.schema;
    if (/^2\d\d$/.test(status) && schema) schemas[status] = resolved(document, schema, []);
  }
  if (Object.keys(schemas).length === 0) throw new Error(`${method} ${url} declares no JSON success body`);
  return schemas;
}

const REF_PREFIX = '#/components/schemas/';

function resolved(document: OpenAPIObject, schema: unknown, seen: string[]): Schema {
  if (Array.isArray(schema)) return schema.map((item) => resolved(document, item, seen)) as unknown as Schema;
  if (typeof schema !== 'object' || schema === null) return schema as Schema;
  const ref = (schema as { $ref?: string }).$ref;
  if (typeof ref === 'string') {
    const name = ref.slice(REF_PREFIX.length);
    if (!ref.startsWith(REF_PREFIX) || seen.includes(name)) throw new Error(`cannot compile a serializer through ${ref}`);
    return resolved(document, document.components?.schemas?.[name], [...seen, name]);
  }
  const copy: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    // Documentation only: nothing of it shapes the bytes.
    if (key === 'description' || key === 'example' || key === 'examples') continue;
    copy[key] = key === 'properties' ? mapValues(value as Schema, (v) => resolved(document, v, seen)) : resolved(document, value, seen);
  }
  return copy;
}

function mapValues(object: Schema, fn: (value: unknown) => Schema): Schema {
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, fn(value)]));
}
