import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GatewayMetrics } from './gateway-metrics';

export interface MetricsServer {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * GET /metrics on a listener of its own (METRICS_PORT), apart from the public API port:
 * the Service and the ingress never route to it, only Prometheus inside the cluster does.
 * It stays up while the API drains, so the last scrape sees the shutdown.
 */
export async function startMetricsServer(metrics: GatewayMetrics, port: number, host: string): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metrics.text().then(
      (body) => response.writeHead(200, { 'content-type': metrics.contentType }).end(body),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`${String(error)}\n`),
    );
  });
  // Scrapes are short; a stuck one must not hold the process open at shutdown.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
