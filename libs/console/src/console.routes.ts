import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CATALOGUE, STATUS_LABELS } from '@lgw/kernel';
import { ConsoleAsset, loadConsoleAssets } from './console-assets';

export const CONSOLE_PATH = '/console';

/**
 * Strict by construction: scripts and styles only from this origin (no inline code, no CDN),
 * calls only to this origin, never framed by another site.
 */
export const CONSOLE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "font-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; '),
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/**
 * Serves the control panel's static files at /console. They sit outside /api/v1, so loading
 * the page never spends the team's rate limit; the page's own API calls do.
 */
export function registerConsoleRoutes(app: FastifyInstance, assets: ReadonlyMap<string, ConsoleAsset> = loadConsoleAssets()): void {
  const send = (request: FastifyRequest, reply: FastifyReply, asset: ConsoleAsset) => {
    reply.headers(CONSOLE_SECURITY_HEADERS).header('Cache-Control', 'no-cache').header('ETag', asset.etag);
    if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
    return reply.type(asset.contentType).send(asset.body);
  };
  const index = assets.get('index.html');
  if (!index) throw new Error('console assets have no index.html');
  app.get(CONSOLE_PATH, (request, reply) => send(request, reply, index));
  app.get(`${CONSOLE_PATH}/`, (request, reply) => send(request, reply, index));
  // The names of the statuses, from the domain: the console keeps no second list of them.
  const labels = JSON.stringify({ shipment_statuses: STATUS_LABELS });
  app.get(`${CONSOLE_PATH}/labels.json`, (_request, reply) =>
    reply.headers(CONSOLE_SECURITY_HEADERS).header('Cache-Control', 'no-cache').type('application/json; charset=utf-8').send(labels),
  );
  app.get<{ Params: { file: string } }>(`${CONSOLE_PATH}/:file`, (request, reply) => {
    // Only the files loaded at start-up: a name is a map key, never a path on disk.
    const asset = assets.get(request.params.file);
    if (!asset) {
      return reply
        .code(404)
        .headers(CONSOLE_SECURITY_HEADERS)
        .type('application/json; charset=utf-8')
        .send({ error: { code: 'E_NOT_FOUND', ...ERROR_CATALOGUE.E_NOT_FOUND } });
    }
    return send(request, reply, asset);
  });
}
