import Fastify, { FastifyInstance } from 'fastify';
import { CarrierCredentialSchema } from '@lgw/carrier-access';
import { CarrierDefinition, CARRIERS, carrierEnvName, connectionSchemaOf } from '@lgw/carriers';
import { SandboxState, SandboxStore } from '@lgw/carriers/shared/sandbox';
import { simulatorSmsAppSid } from '@lgw/platform';
import { controlRoutes } from './control/control.routes';
import { zatcaSimulatorRoutes } from './zatca/zatca-simulator.routes';
import { createSplSimulatorState, splSimulatorRoutes } from './spl/spl-simulator.routes';
import { createMailboxSimulatorState, mailboxSimulatorRoutes } from './mailbox/mailbox-simulator.routes';
import { createUnifonicSimulatorState, unifonicSimulatorRoutes } from './unifonic/unifonic-simulator.routes';

/** Per carrier code, per credential name: what the simulated carrier accepts instead of its default. */
export type SandboxCredentials = Readonly<Record<string, Readonly<Record<string, string>>>>;

export interface CarrierSandboxOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Seconds between automatic lifecycle steps; 0 (the default) = only the control API moves shipments (the configuration's SANDBOX_AUTO_ADVANCE_SECONDS). */
  autoAdvanceSeconds?: number;
  credentials?: SandboxCredentials;
  /** Where the carriers' <CODE>_* credentials are read (the sandbox app passes its configuration's); none: the defaults. */
  env?: NodeJS.ProcessEnv;
  /** The carriers to simulate; every registered carrier by default. */
  carriers?: readonly CarrierDefinition[];
  /** Seed of the simulated National Address register (the configuration's SANDBOX_ADDRESS_SEED, else a fixed one). */
  addressSeed?: number;
  /** The key the simulated National Address service accepts (the configuration's ADDRESS_SERVICE_KEY, else the sandbox's own). */
  addressServiceKey?: string;
  /**
   * Directory where the simulated carriers keep what they know across restarts (shipments,
   * pickups, payouts: docs/adr/0063); none (the default) keeps it in memory only.
   */
  dataDir?: string;
  /** Where the sandbox tells of an unreadable state file (default: a JSON line on stderr). */
  warn?: (message: string, fields: Record<string, unknown>) => void;
}

export interface RunningCarrierSandbox {
  /** Base URL: each carrier lives under /<code>; the control API under /sandbox/v1. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

const BODY_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * What one simulated carrier accepts: given, else the variable the adapter reads
 * (<CODE>_<SETTING>), else the sandbox value the carrier's definition declares.
 */
export function sandboxCredentials(
  carrier: CarrierDefinition,
  env: NodeJS.ProcessEnv = {},
  given: SandboxCredentials = {},
): Record<string, string> {
  const { code } = carrier.descriptor;
  return Object.fromEntries(
    Object.entries(carrier.settings.credentials).map(([name, fallback]) => [
      name,
      given[code]?.[name] ?? env[carrierEnvName(code, name)] ?? fallback,
    ]),
  );
}

/** Each simulated carrier's declared credentials schema: the control API opens accounts to it. */
function credentialSchemas(carriers: readonly CarrierDefinition[]): ReadonlyMap<string, CarrierCredentialSchema> {
  return new Map(carriers.map((carrier) => [carrier.descriptor.code, connectionSchemaOf(carrier)]));
}

function autoAdvanceMs(options: CarrierSandboxOptions): number {
  const seconds = options.autoAdvanceSeconds ?? 0;
  if (!Number.isFinite(seconds) || seconds < 0) throw new Error('autoAdvanceSeconds must be a number >= 0');
  return Math.round(seconds * 1000);
}

const KEEP_ALIVE_MS = 650_000;

/** Builds the sandbox without listening (tests use app.inject after app.ready()). */
export function buildCarrierSandbox(options: CarrierSandboxOptions = {}): { app: FastifyInstance; state: SandboxState } {
  const env = options.env ?? {};
  const state = new SandboxState(autoAdvanceMs(options));
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT_BYTES,
    // Longer than any client keeps an idle connection (Node's fetch: at most 600 s), so the
    // client always closes first: a server closing first races a client reusing the connection,
    // and a loaded machine's late client timers lose that race as ECONNRESET.
    keepAliveTimeout: KEEP_ALIVE_MS,
    forceCloseConnections: true,
    routerOptions: { ignoreTrailingSlash: true },
  });

  app.register(controlRoutes, { prefix: '/sandbox/v1', state, schemas: credentialSchemas(options.carriers ?? CARRIERS) });
  // ZATCA's Fatoora API for e-invoicing (docs/adr/0056).
  app.register(zatcaSimulatorRoutes, { prefix: '/sandbox/zatca' });
  // Saudi Post's National Address API, with a generated register (docs/adr/0053).
  app.register(splSimulatorRoutes, {
    prefix: '/sandbox/spl',
    state: createSplSimulatorState({ seed: options.addressSeed, apiKey: options.addressServiceKey }),
  });
  // Unifonic's SMS API for recipient notifications (docs/adr/0086): messages kept for tests to read back.
  app.register(unifonicSimulatorRoutes, {
    prefix: '/sandbox/unifonic',
    state: createUnifonicSimulatorState({ appSid: simulatorSmsAppSid(env) }),
  });
  // Where test scopes' e-mail notices go instead of SMTP (docs/adr/0086).
  app.register(mailboxSimulatorRoutes, { prefix: '/sandbox/mail', state: createMailboxSimulatorState() });
  // Each registered carrier brings its own simulator, mounted under its code.
  for (const carrier of options.carriers ?? CARRIERS) {
    const { code } = carrier.descriptor;
    app.register(
      async (scope) => {
        const simulator = await carrier.simulator();
        const simulated = state.addCarrier(code, simulator.vocabulary);
        // The `error` fault fails in the carrier's own error shape when its simulator declares one.
        if (simulator.faultBody !== undefined) simulated.faultBody = simulator.faultBody;
        const credentials = sandboxCredentials(carrier, env, options.credentials);
        // The platform's account; merchants' accounts are opened through the control API (docs/adr/0065).
        simulated.accounts.usePlatform(credentials);
        state.keep(`${code}.accounts`, {
          save: () => simulated.accounts.save(),
          restore: (saved) => simulated.accounts.restore(saved as ReturnType<typeof simulated.accounts.save>),
        });
        await simulator.routes(scope, { state, code, credentials });
      },
      { prefix: `/${code}` },
    );
  }

  if (options.dataDir) {
    const store = new SandboxStore(state, { dir: options.dataDir, warn: options.warn });
    // Every simulator is mounted (and has registered what it keeps) by the time onReady runs.
    app.addHook('onReady', async () => {
      store.load();
    });
    // Simulators also change state directly (pickups): any request that may write counts as a change.
    app.addHook('onResponse', async (request) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') store.changed();
    });
    app.addHook('onClose', async () => store.close());
  }

  // Always ticking: shipments booked with a magic reference walk by themselves even when
  // automatic steps are off (an empty round costs nothing).
  const tickMs = Math.min(1000, Math.max(10, Math.floor(Math.min(state.autoAdvanceMs || Infinity, state.scenarioStepMs) / 4)));
  const timer = setInterval(() => state.advanceDue(), tickMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
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
