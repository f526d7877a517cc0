import type { OpenAPIObject } from '@nestjs/swagger';
import type { HeaderObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

type Operation = {
  operationId?: string;
  summary?: string;
  parameters?: Array<{ name?: string; in?: string }>;
  responses?: Record<string, { description?: string; headers?: Record<string, unknown>; content?: Record<string, { schema?: unknown }> }>;
};

/** One line per operation, by operationId: what a reader of the document sees first. */
const SUMMARIES: Record<string, string> = {
  CarriersHttpController_list: 'List the carriers and their service levels',
  LabelsHttpController_label: "Download a shipment's label (PDF)",
  RatesHttpController_rates: 'Compare rates across carriers',
  ShipmentsHttpController_create: 'Book a shipment from a quote',
  ShipmentsHttpController_get: 'Get a shipment',
  ShipmentsHttpController_cancel: 'Cancel a shipment',
  TeamsAdminHttpController_list: 'List teams (operator)',
  TeamsAdminHttpController_create: 'Create a team and its first API key (operator)',
  TeamsAdminHttpController_one: 'Get a team (operator)',
  TeamsAdminHttpController_keys: "List a team's API keys (operator)",
  TeamsAdminHttpController_addKey: 'Issue an API key (operator)',
  TeamsAdminHttpController_revoke: 'Revoke an API key (operator)',
  TeamsAdminHttpController_rateLimit: "Set a team's rate limit (operator)",
  PassthroughHttpController_forward: "Call a carrier's native API through the gateway",
  PassthroughHttpController_audit: 'List passthrough calls (audit)',
  ShipmentDocumentsHttpController_upload: 'Upload a document for a shipment',
  ShipmentDocumentsHttpController_list: "List a shipment's documents",
  ShipmentDestinationHttpController_update: "Correct a shipment's destination",
  TrackingHttpController_get: "Get a shipment's tracking history",
  InvoicesHttpController_get: 'Get an invoice',
  CatalogueHttpController_list: 'List catalogue products',
  CatalogueHttpController_get: 'Get a catalogue product',
  FulfilmentBatchesHttpController_list: "List the team's fulfilment batches",
  FulfilmentBatchesHttpController_submit: 'Upload a fulfilment batch (CSV)',
  FulfilmentBatchesHttpController_get: 'Get a fulfilment batch',
  FulfilmentBatchesHttpController_result: "Download a batch's result (CSV)",
  FulfilmentBatchesHttpController_rejections: "Download a batch's rejections (CSV)",
};

type HeaderName = 'X-RateLimit-Limit' | 'X-RateLimit-Remaining' | 'X-Service-Request-Id' | 'Retry-After' | 'Idempotent-Replayed';

const HEADERS: Record<HeaderName, HeaderObject> = {
  'X-RateLimit-Limit': { description: "Requests per minute allowed to the team's API keys.", schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Requests left in the current minute.', schema: { type: 'integer' } },
  'X-Service-Request-Id': { description: 'Id of this request in the gateway logs; quote it to support.', schema: { type: 'string' } },
  'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } },
  'Idempotent-Replayed': {
    description: '"true" when this is the stored answer of an earlier request with the same Idempotency-Key.',
    schema: { type: 'string', enum: ['true'] },
  },
};

/** Statuses whose answer says when to try again. */
const RETRY_STATUSES = new Set(['409', '429', '503']);

/** Answers that are files, by the path's extension, when the route did not declare its type. */
const FILE_TYPES: Record<string, string> = { '.csv': 'text/csv', '.pdf': 'application/pdf' };

/**
 * What the decorators cannot say once for every route: where the API is, the headers every
 * answer carries, a summary on every operation (a fallback from the operation id for one the
 * table does not know yet) and the content type of file downloads.
 */
export function polishOpenApi(document: OpenAPIObject): OpenAPIObject {
  document.info.license = { name: 'Proprietary', url: 'https://example.com/licence' };
  if (!document.servers?.length) {
    document.servers = [{ url: '/', description: 'This gateway (the host that serves this document)' }];
  }
  document.components = document.components ?? {};
  document.components.headers = { ...(document.components.headers ?? {}), ...HEADERS };
  const ref = (name: HeaderName) => ({ $ref: `#/components/headers/${name}` });
  for (const [path, item] of Object.entries(document.paths)) {
    for (const operation of Object.values(item as Record<string, Operation>)) {
      if (typeof operation !== 'object' || operation === null || !operation.responses) continue;
      operation.summary = operation.summary || SUMMARIES[operation.operationId ?? ''] || fallbackSummary(operation.operationId ?? path);
      const api = path.startsWith('/api/v1/');
      // The recipient's page takes no key: the token in its path is all it needs.
      if (path.startsWith('/t/')) (operation as Operation & { security?: unknown[] }).security = [];
      const idempotent = (operation.parameters ?? []).some((p) => p.in === 'header' && p.name?.toLowerCase() === 'idempotency-key');
      const fileType = Object.entries(FILE_TYPES).find(([extension]) => path.endsWith(extension))?.[1];
      for (const [status, response] of Object.entries(operation.responses)) {
        const headers: Record<string, unknown> = { ...(response.headers ?? {}) };
        if (api) {
          headers['X-RateLimit-Limit'] = ref('X-RateLimit-Limit');
          headers['X-RateLimit-Remaining'] = ref('X-RateLimit-Remaining');
        }
        headers['X-Service-Request-Id'] = ref('X-Service-Request-Id');
        if (RETRY_STATUSES.has(status)) headers['Retry-After'] = ref('Retry-After');
        if (idempotent && status.startsWith('2')) headers['Idempotent-Replayed'] = ref('Idempotent-Replayed');
        response.headers = headers;
        if (fileType && status.startsWith('2') && !response.content) {
          response.content = { [fileType]: { schema: { type: 'string', format: 'binary' } } };
        }
      }
    }
  }
  // OpenAPI 3.0 (what the generator writes) has no `webhooks` member: the kinds go under the
  // extension readers of 3.0 documents know (Redoc's x-webhooks), in the shape 3.1's webhooks take.
  const extended = document as OpenAPIObject & { 'x-webhooks'?: Record<string, unknown> };
  extended['x-webhooks'] = { ...(extended['x-webhooks'] ?? {}), ...deliveryWebhooks() };
  return document;
}

/** The webhook kinds of delivery issues and estimates (docs/webhooks.md, ADR 0083): what the merchant's endpoint receives. */
function deliveryWebhooks(): Record<string, unknown> {
  const message = (type: string, description: string, data: Record<string, unknown>) => ({
    post: {
      summary: type,
      description,
      operationId: `webhook_${type.replace(/\W/g, '_')}`,
      tags: ['webhooks'],
      // Signed by the gateway (Standard Webhooks), not called with a key.
      security: [],
      requestBody: {
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['type', 'timestamp', 'mode', 'data'],
              properties: {
                type: { type: 'string', enum: [type] },
                timestamp: { type: 'string', format: 'date-time' },
                mode: { type: 'string', enum: ['live', 'test'] },
                data: { type: 'object', required: Object.keys(data), properties: data },
              },
            },
          },
        },
      },
      responses: { '200': { description: 'any 2xx acknowledges it; anything else is retried' } },
    },
  });
  const shipment = { $ref: '#/components/schemas/ShipmentDto' };
  return {
    'delivery_issue.opened': message(
      'delivery_issue.opened',
      'A failed delivery, an address issue or a refusal opened a delivery issue (opt-in kind).',
      {
        shipment,
      },
    ),
    'delivery_issue.resolved': message(
      'delivery_issue.resolved',
      'The delivery issue ended: the parcel was delivered, or is going back to its origin (opt-in kind).',
      { shipment, resolution: { type: 'string', enum: ['delivered', 'return_to_origin'] } },
    ),
    'shipment.delayed': message('shipment.delayed', 'The estimated delivery date moved later (opt-in kind).', {
      shipment,
      previous_estimated_delivery_date: { type: 'string', format: 'date' },
      estimated_delivery_date: { type: 'string', format: 'date' },
    }),
  };
}

/** "ShipmentsHttpController_list" → "Shipments: list". */
function fallbackSummary(operationId: string): string {
  const [controller, method] = operationId.split('_');
  const subject = controller.replace(/(Admin)?HttpController$/, '').replace(/([a-z])([A-Z])/g, '$1 $2');
  return method ? `${subject}: ${method.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}` : subject;
}
