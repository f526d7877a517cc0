import Fastify, { FastifyInstance } from 'fastify';
import { bahrRoutes } from './carriers/bahr/bahr.routes';
import { darbRoutes } from './carriers/darb/darb.routes';
import { sahmRoutes } from './carriers/sahm/sahm.routes';
import { controlRoutes } from './control/control.routes';
import { SandboxState } from './state/sandbox-state';

/** What each simulated carrier accepts. Defaults match the adapters' sandbox defaults. */
export interface SandboxCredentials {
  sahmApiToken: string;
  bahrUsername: string;
  bahrPassword: string;
  darbApiKey: string;
}

export interface CarrierSandboxOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Seconds between automatic lifecycle steps; 0 = only the control API moves shipments. Default SANDBOX_AUTO_ADVANCE_SECONDS or 0. */
  autoAdvanceSeconds?: number;
  credentials?: Partial<SandboxCredentials>;
  env?: NodeJS.ProcessEnv;
}

export interface RunningCarrierSandbox {
  /** Base URL: carriers live under /sahm, /bahr, /darb; the control API under /sandbox/v1. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

const BODY_LIMIT_BYTES = 64 * 1024 * 1024;

export function sandboxCredentials(env: NodeJS.ProcessEnv = process.env, given: Partial<SandboxCredentials> = {}): SandboxCredentials {
  return {
    sahmApiToken: given.sahmApiToken ?? env.SAHM_API_TOKEN ?? 'sahm-sandbox-token',
    bahrUsername: given.bahrUsername ?? env.BAHR_USERNAME ?? 'lgw-gateway',
    bahrPassword: given.bahrPassword ?? env.BAHR_PASSWORD ?? 'bahr-sandbox-password',
    darbApiKey: given.darbApiKey ?? env.DARB_API_KEY ?? 'darb-sandbox-key',
  };
}

function autoAdvanceMs(options: CarrierSandboxOptions): number {
  const env = options.env ?? process.env;
  const seconds = options.autoAdvanceSeconds ?? Number(env.SANDBOX_AUTO_ADVANCE_SECONDS ?? 0);
  if (!Number.isFinite(seconds) || seconds < 0) throw new Error('autoAdvanceSeconds must be a number >= 0');
  return Math.round(seconds * 1000);
}

/** Builds the sandbox without listening (tests use app.inject). */
export function buildCarrierSandbox(options: CarrierSandboxOptions = {}): { app: FastifyInstance; state: SandboxState } {
  const credentials = sandboxCredentials(options.env ?? process.env, options.credentials);
  const state = new SandboxState(autoAdvanceMs(options));
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT_BYTES,
    forceCloseConnections: true,
    routerOptions: { ignoreTrailingSlash: true },
  });

  app.register(controlRoutes, { prefix: '/sandbox/v1', state });
  app.register(sahmRoutes, { prefix: '/sahm', state, apiToken: credentials.sahmApiToken });
  app.register(bahrRoutes, { prefix: '/bahr', state, username: credentials.bahrUsername, password: credentials.bahrPassword });
  app.register(darbRoutes, { prefix: '/darb', state, apiKey: credentials.darbApiKey });

  if (state.autoAdvanceMs > 0) {
    const tickMs = Math.min(1000, Math.max(10, Math.floor(state.autoAdvanceMs / 4)));
    const timer = setInterval(() => state.advanceDue(), tickMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  return { app, state };
}

export async function startCarrierSandbox(options: CarrierSandboxOptions = {}): Promise<RunningCarrierSandbox> {
  const { app } = buildCarrierSandbox(options);
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  const reachableHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${reachableHost}:${port}`,
    port,
    close: () => app.close(),
  };
}
