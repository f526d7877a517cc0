import type { OpenAPIObject } from '@nestjs/swagger';
import { successSchemaOf } from './compiled-responses';

const document = {
  openapi: '3.0.0',
  info: { title: 't', version: '1' },
  paths: {
    '/api/v1/things/{id}': {
      get: {
        responses: {
          '200': { description: '', content: { 'application/json': { schema: { $ref: '#/components/schemas/ThingDto' } } } },
          '404': { description: '', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorDto' } } } },
        },
      },
    },
    '/api/v1/empty': { post: { responses: { '204': { description: '' } } } },
  },
  components: {
    schemas: {
      ThingDto: {
        type: 'object',
        description: 'a thing',
        properties: {
          description: { type: 'string', description: 'a property named like the keyword', example: 'x' },
          parts: { type: 'array', items: { $ref: '#/components/schemas/PartDto' } },
          owner: { type: 'string', nullable: true },
        },
        required: ['description', 'parts', 'owner'],
      },
      PartDto: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
      ErrorDto: { type: 'object', properties: { error: { type: 'object' } } },
    },
  },
} as unknown as OpenAPIObject;

describe('successSchemaOf', () => {
  it('takes the 2xx JSON body of the route, references resolved and documentation dropped', () => {
    expect(successSchemaOf(document, 'GET', '/api/v1/things/:id')).toEqual({
      '200': {
        type: 'object',
        properties: {
          description: { type: 'string' },
          parts: { type: 'array', items: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] } },
          owner: { type: 'string', nullable: true },
        },
        required: ['description', 'parts', 'owner'],
      },
    });
  });

  it('refuses a route the document does not have, or one with no JSON success body', () => {
    expect(() => successSchemaOf(document, 'POST', '/api/v1/things/:id')).toThrow('not in the OpenAPI document');
    expect(() => successSchemaOf(document, 'POST', '/api/v1/empty')).toThrow('declares no JSON success body');
  });
});
