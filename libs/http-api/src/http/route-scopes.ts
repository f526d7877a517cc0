import type { Scope } from '@lgw/kernel';

/** A route any caller may reach without an API key (its own token or nothing guards it). */
export const PUBLIC_ROUTE = 'public';

/** A route any valid key may call, whatever its scopes (what the key itself may do). */
export const ANY_KEY_ROUTE = 'any_key';

export type RouteAccess = Scope | typeof PUBLIC_ROUTE | typeof ANY_KEY_ROUTE;

/**
 * The scope every /api/v1 route needs, in one place (docs/adr/0082-scoped-keys-and-audit.md):
 * `METHOD path` as the router registers it. The access gate checks it before any work, the
 * OpenAPI document prints it on each operation (`x-required-scope`), and a test fails when a
 * registered route has no entry. A route missing here needs full access (`*`): a new route is
 * closed until its scope is declared. HEAD is checked as GET.
 */
export const ROUTE_SCOPES: Readonly<Record<string, RouteAccess>> = {
  'GET /api/v1/openapi.json': PUBLIC_ROUTE,

  'POST /api/v1/addresses/verify': 'shipments:read',
  'POST /api/v1/rates': 'shipments:read',

  // Rules shape which quotes a team is shown and how its batch orders ship; analytics read its own deliveries.
  'POST /api/v1/shipping-rules': 'shipments:write',
  'GET /api/v1/shipping-rules': 'shipments:read',
  'GET /api/v1/shipping-rules/:id': 'shipments:read',
  'PUT /api/v1/shipping-rules/:id': 'shipments:write',
  'DELETE /api/v1/shipping-rules/:id': 'shipments:write',
  'GET /api/v1/analytics/carriers': 'shipments:read',

  // A carrier's push: the unguessable token in the path is the credential (counted per calling address).
  'POST /api/v1/carrier-webhooks/:carrier/:token': PUBLIC_ROUTE,

  'POST /api/v1/shipments': 'shipments:write',
  'GET /api/v1/shipments': 'shipments:read',
  'GET /api/v1/shipments/export.csv': 'shipments:read',
  'GET /api/v1/shipments/:id': 'shipments:read',
  'POST /api/v1/shipments/:id/cancel': 'shipments:write',
  'PATCH /api/v1/shipments/:id/destination': 'shipments:write',
  'GET /api/v1/shipments/:id/tracking': 'shipments:read',
  'POST /api/v1/shipments/:id/delivery-issue/actions': 'shipments:write',
  'GET /api/v1/delivery-issues': 'shipments:read',
  // What the team's recipients are told, and each shipment's log of it (docs/adr/0086).
  'GET /api/v1/notification-settings': 'shipments:read',
  'PUT /api/v1/notification-settings': 'shipments:write',
  'GET /api/v1/shipments/:id/notifications': 'shipments:read',
  'POST /api/v1/shipments/:id/return': 'shipments:write',
  'POST /api/v1/shipments/:id/documents': 'shipments:write',
  'GET /api/v1/shipments/:id/documents': 'shipments:read',
  'POST /api/v1/test/shipments/:id/events': 'shipments:write',
  'POST /api/v1/manifests': 'shipments:write',
  'GET /api/v1/manifests': 'shipments:read',
  'GET /api/v1/manifests/:id.pdf': 'shipments:read',
  'GET /api/v1/manifests/:id.csv': 'shipments:read',

  'GET /api/v1/labels/:id': 'labels:read',
  'POST /api/v1/labels/merge': 'labels:read',
  'GET /api/v1/fulfilment/batches/:id/labels': 'labels:read',
  'GET /api/v1/fulfilment/batches/:id/labels/progress': 'labels:read',

  'POST /api/v1/pickups': 'pickups:write',
  'GET /api/v1/pickups': 'pickups:read',
  'GET /api/v1/pickups/:id': 'pickups:read',
  'POST /api/v1/pickups/:id/cancel': 'pickups:write',

  'POST /api/v1/webhooks/config': 'webhooks:write',
  'GET /api/v1/webhooks/config': 'webhooks:read',
  'POST /api/v1/webhooks/config/rotate-secret': 'webhooks:write',
  'POST /api/v1/webhooks/test': 'webhooks:write',
  'GET /api/v1/webhooks/deliveries': 'webhooks:read',
  'POST /api/v1/webhooks/deliveries/:id/retry': 'webhooks:write',

  'GET /api/v1/invoices/current': 'billing:read',
  'GET /api/v1/invoices': 'billing:read',
  'GET /api/v1/invoices/:id': 'billing:read',
  'GET /api/v1/invoices/:id.xml': 'billing:read',
  'GET /api/v1/invoices/:id.pdf': 'billing:read',
  'GET /api/v1/cod/summary': 'billing:read',
  'GET /api/v1/cod/remittances': 'billing:read',
  'GET /api/v1/cod/remittances/:id': 'billing:read',

  'PUT /api/v1/catalogue/products': 'catalogue:write',
  'GET /api/v1/catalogue/products': 'catalogue:read',
  'GET /api/v1/catalogue/products/:sku': 'catalogue:read',
  'POST /api/v1/data-readiness': 'catalogue:read',

  'POST /api/v1/fulfilment/batches': 'batches:write',
  'GET /api/v1/fulfilment/batches': 'batches:read',
  'GET /api/v1/fulfilment/batches/:id': 'batches:read',
  'GET /api/v1/fulfilment/batches/:id/result.csv': 'batches:read',
  'GET /api/v1/fulfilment/batches/:id/rejections.csv': 'batches:read',

  'GET /api/v1/carriers': 'shipments:read',
  'POST /api/v1/carrier-connections': 'connections:write',
  'GET /api/v1/carrier-connections': 'connections:read',
  'GET /api/v1/carrier-connections/requirements': 'connections:read',
  'DELETE /api/v1/carrier-connections/:id': 'connections:write',
  'POST /api/v1/carriers/:code/passthrough': 'connections:write',
  'GET /api/v1/carriers/:code/passthrough/audit': 'connections:read',

  'POST /api/v1/api-keys': 'keys:write',
  'GET /api/v1/api-keys': 'keys:read',
  'GET /api/v1/api-keys/current': ANY_KEY_ROUTE,
  'DELETE /api/v1/api-keys/:id': 'keys:write',

  'GET /api/v1/audit-events': 'audit:read',
  'GET /api/v1/audit-events/export.csv': 'audit:read',
  'GET /api/v1/audit-events/verify': 'audit:read',
};

/** The table's key of a request's route; undefined when the router matched none. */
export function routeKey(method: string, routeUrl: string | undefined): string | undefined {
  if (!routeUrl) return undefined;
  return `${method === 'HEAD' ? 'GET' : method} ${routeUrl}`;
}

interface DocumentedOperationObject {
  description?: string;
  'x-required-scope'?: string;
  security?: unknown[];
}

/**
 * Prints each /api/v1 operation's scope from the table into the OpenAPI document: the
 * `x-required-scope` extension and a line of its description (`public` for public routes; `*` for
 * a route the table does not name).
 */
export function declareRouteScopes(paths: Record<string, Record<string, unknown>>): void {
  for (const [path, operations] of Object.entries(paths)) {
    if (!path.startsWith('/api/v1')) continue;
    const routePath = path.replace(/\{(\w+)\}/g, ':$1');
    for (const [method, operation] of Object.entries(operations)) {
      if (!operation || typeof operation !== 'object') continue;
      const scope = ROUTE_SCOPES[`${method.toUpperCase()} ${routePath}`] ?? '*';
      const op = operation as DocumentedOperationObject;
      op['x-required-scope'] = scope;
      // A public operation says so in OpenAPI's own terms: no security requirement at all.
      if (scope === PUBLIC_ROUTE) op.security = [];
      const line =
        scope === PUBLIC_ROUTE
          ? 'Public: no API key needed.'
          : scope === ANY_KEY_ROUTE
            ? 'Any valid API key, whatever its scopes.'
            : `Required scope: \`${scope}\` (403 E_FORBIDDEN without it).`;
      // One paragraph: the document is served as JSON text, which carries no control character (line feeds included).
      op.description = op.description ? `${op.description} ${line}` : line;
    }
  }
}
