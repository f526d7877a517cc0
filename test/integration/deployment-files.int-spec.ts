import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { carrierContext, carrierEnvironment, CARRIERS, resolveCarrierEndpoint } from '@lgw/carriers';
import { loadConfig } from '@lgw/platform';

/**
 * The deployment files (docker/, deploy/) are parsed and checked against the code they run:
 * entrypoints, health routes, environment variable names, carrier routes. No Docker engine or
 * cluster is needed.
 */

type Obj = Record<string, any>;

const ROOT = resolve(__dirname, '..', '..');
const DEPLOY = join(ROOT, 'deploy');
const DOCKER = join(ROOT, 'docker');
const APP_IMAGES = ['api', 'worker', 'sandbox'] as const;
/** The current Node.js LTS line (Node 20 reached its end of life in April 2026). */
const NODE_IMAGE = 'node:24-bookworm-slim';
type AppImage = (typeof APP_IMAGES)[number];
/** Which build output each image runs. */
const ENTRYPOINT_OF: Record<AppImage, string> = {
  api: 'dist/apps/api/main.js',
  worker: 'dist/apps/worker/main.js',
  sandbox: 'dist/apps/carrier-sandbox/main.js',
};
/** Pod component label → image. */
const IMAGE_OF_COMPONENT: Record<string, AppImage> = { api: 'api', worker: 'worker', 'carrier-sandbox': 'sandbox' };

// ---------------------------------------------------------------- file helpers

function read(path: string): string {
  return readFileSync(path, 'utf8');
}

function walk(dir: string, accept: (path: string) => boolean): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'fixtures') found.push(...walk(path, accept));
    } else if (accept(path)) {
      found.push(path);
    }
  }
  return found.sort();
}

const rel = (path: string) => relative(ROOT, path);

// ---------------------------------------------------------------- YAML

const PYTHON_YAML = 'import json, sys, yaml\njson.dump(list(yaml.safe_load_all(sys.stdin)), sys.stdout)';
let yamlParser: ((text: string) => unknown[]) | undefined;

/** js-yaml when installed (it comes with @nestjs/swagger), else PyYAML through python3. */
function parseYamlStream(text: string): unknown[] {
  if (!yamlParser) {
    try {
      const jsYaml = require('js-yaml') as { loadAll(text: string): unknown[] };
      yamlParser = (t) => jsYaml.loadAll(t);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
      yamlParser = (t) => JSON.parse(execFileSync('python3', ['-c', PYTHON_YAML], { input: t, encoding: 'utf8' }));
    }
  }
  return yamlParser(text);
}

/** `<<` merge keys, for parsers that keep them as plain keys. */
function applyMergeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(applyMergeKeys);
  if (value === null || typeof value !== 'object') return value;
  const source = value as Obj;
  const merged: Obj = {};
  if ('<<' in source) {
    const bases = Array.isArray(source['<<']) ? source['<<'] : [source['<<']];
    for (const base of bases) Object.assign(merged, applyMergeKeys(base));
  }
  for (const [key, item] of Object.entries(source)) if (key !== '<<') merged[key] = applyMergeKeys(item);
  return merged;
}

function loadYaml(path: string): Obj[] {
  return parseYamlStream(read(path))
    .filter((doc) => doc !== null && doc !== undefined)
    .map((doc) => applyMergeKeys(doc) as Obj);
}

// ---------------------------------------------------------------- the code's configuration surface

const SOURCE_FILES = [join(ROOT, 'apps'), join(ROOT, 'libs')].flatMap((dir) =>
  walk(dir, (p) => p.endsWith('.ts') && !p.endsWith('.spec.ts')),
);

/** Every environment variable the code reads: env.X, env['X'], intFrom(env, 'X'), envText(env, 'X'), pick('X'). */
function codeEnvironmentNames(): Set<string> {
  const patterns = [
    /\benv\.([A-Z][A-Z0-9_]*)\b/g,
    /\benv\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\]/g,
    /\b(?:intFrom|boolFrom|envText|envNumber|pick)\(\s*(?:env\s*,\s*)?['"]([A-Z][A-Z0-9_]*)['"]/g,
  ];
  const names = new Set<string>();
  for (const file of SOURCE_FILES) {
    const text = read(file);
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) names.add(match[1]);
  }
  return names;
}

const CODE_ENV = codeEnvironmentNames();
/** Set in Dockerfiles for npm and the Node runtime, not read by the gateway itself. */
const IMAGE_BUILD_ENV = new Set(['NODE_ENV', 'PUPPETEER_SKIP_DOWNLOAD', 'SCARF_ANALYTICS']);

/** Carrier codes as registered (libs/carriers/src/registry/carriers.registry.ts). */
const CARRIER_CODES = CARRIERS.map((carrier) => carrier.descriptor.code);
// Carrier settings' variable names are derived from the code, not spelled in the source.
for (const carrier of CARRIERS) {
  const { baseUrl, credentials, tuning } = carrierEnvironment(carrier);
  for (const name of [baseUrl, ...credentials, ...tuning]) CODE_ENV.add(name);
}

const carrierOf = (code: string) => CARRIERS.find((carrier) => carrier.descriptor.code === code)!;

/** Per carrier: every variable it reads (URL, credentials, tuning), as its definition declares them. */
function carrierVariables(code: string): string[] {
  const { baseUrl, credentials, tuning } = carrierEnvironment(carrierOf(code));
  return [baseUrl, ...credentials, ...tuning];
}

/** Where the gateway sends a carrier under an environment, resolved as the registry resolves it. */
function carrierBaseUrl(code: string, env: Record<string, string>): URL {
  return new URL(resolveCarrierEndpoint(code, {}, carrierContext(carrierOf(code), { env })).baseUrl);
}

/** Route prefixes the carrier sandbox mounts each carrier's native API under. */
// The sandbox mounts each registered carrier's simulator under /<code> (sandbox.server.spec.ts).
const SANDBOX_PREFIXES = new Set(CARRIER_CODES.map((code) => `/${code}`));

function healthRoutes(): Set<string> {
  const text = read(join(ROOT, 'libs/operations/src/http/health.http.controller.ts'));
  const base = /@Controller\('([^']+)'\)/.exec(text)?.[1];
  const routes = new Set<string>();
  for (const m of text.matchAll(/@Get\('([^']+)'\)/g)) routes.add(`/${base}/${m[1]}`);
  return routes;
}

function sandboxHealthRoute(): string | undefined {
  const text = read(join(ROOT, 'libs/carrier-sandbox/src/control/control.routes.ts'));
  const server = read(join(ROOT, 'libs/carrier-sandbox/src/sandbox.server.ts'));
  const prefix = /register\(controlRoutes,\s*\{\s*prefix:\s*'([^']+)'/.exec(server)?.[1];
  return prefix && /scope\.get\('\/health'/.test(text) ? `${prefix}/health` : undefined;
}

// ---------------------------------------------------------------- Dockerfiles

interface Instruction {
  readonly keyword: string;
  readonly args: string;
}

function parseDockerfile(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    if (/^\s*#/.test(line)) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    const full = (pending + line).trim();
    pending = '';
    if (!full) continue;
    const match = /^([A-Za-z]+)\s+([\s\S]*)$/.exec(full);
    if (match) instructions.push({ keyword: match[1].toUpperCase(), args: match[2].trim() });
  }
  return instructions;
}

function stagesOf(instructions: Instruction[]): Instruction[][] {
  const stages: Instruction[][] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') stages.push([]);
    stages[stages.length - 1]?.push(instruction);
  }
  return stages;
}

function envOf(stage: Instruction[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { keyword, args } of stage) {
    if (keyword !== 'ENV') continue;
    const tokens = args.split(/\s+/);
    if (!tokens[0].includes('=')) {
      env[tokens[0]] = tokens.slice(1).join(' ');
      continue;
    }
    for (const token of tokens) {
      const at = token.indexOf('=');
      env[token.slice(0, at)] = token.slice(at + 1).replace(/^"(.*)"$/, '$1');
    }
  }
  return env;
}

function execForm(stage: Instruction[], keyword: string): string[] | undefined {
  const found = stage.filter((i) => i.keyword === keyword).pop();
  return found ? (JSON.parse(found.args) as string[]) : undefined;
}

function dockerfile(image: AppImage) {
  const path = join(DOCKER, `${image}.Dockerfile`);
  const instructions = parseDockerfile(read(path));
  const stages = stagesOf(instructions);
  const final = stages[stages.length - 1];
  return { path, instructions, stages, final, env: envOf(final) };
}

// ---------------------------------------------------------------- Kubernetes helpers

function kustomization(dir: string): Obj {
  const [doc] = loadYaml(join(dir, 'kustomization.yaml'));
  return doc;
}

/** The objects a kustomization produces (resources resolved recursively, patches ignored). */
function kustomizationObjects(dir: string): Obj[] {
  const objects: Obj[] = [];
  for (const resource of kustomization(dir).resources as string[]) {
    const path = resolve(dir, resource);
    if (statSync(path).isDirectory()) objects.push(...kustomizationObjects(path));
    else objects.push(...loadYaml(path));
  }
  return objects;
}

function component(object: Obj): string | undefined {
  return object.metadata?.labels?.['app.kubernetes.io/component'];
}

function matches(selector: Record<string, string>, labels: Record<string, string>): boolean {
  return Object.entries(selector).every(([key, value]) => labels?.[key] === value);
}

function podSpec(deployment: Obj): Obj {
  return deployment.spec.template.spec;
}

function mainContainer(deployment: Obj): Obj {
  const containers = podSpec(deployment).containers as Obj[];
  expect(containers).toHaveLength(1);
  return containers[0];
}

function bytes(quantity: string): number {
  const match = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|K|M|G)?$/.exec(String(quantity));
  if (!match) throw new Error(`unreadable quantity ${quantity}`);
  const unit = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, K: 1e3, M: 1e6, G: 1e9 }[match[2] ?? ''] ?? 1;
  return Number(match[1]) * unit;
}

/** Docker-links variables a Service injects into pods when service links are on. */
function serviceLinkVariables(serviceName: string): string[] {
  const prefix = serviceName.toUpperCase().replace(/-/g, '_');
  return [`${prefix}_SERVICE_HOST`, `${prefix}_SERVICE_PORT`, `${prefix}_PORT`];
}

/** Compose interpolation: ${X:-default} → default, ${X:?err} and ${X} → a stand-in value. */
function interpolate(value: unknown): string {
  return String(value)
    .replace(/\$\{[A-Z0-9_]+:-([^}]*)\}/g, '$1')
    .replace(/\$\{[A-Z0-9_]+(?::\?[^}]*)?\}/g, 'set-by-operator');
}

function composeEnvironment(service: Obj): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((entry: string) => {
        const at = entry.indexOf('=');
        return at === -1 ? [entry, ''] : [entry.slice(0, at), entry.slice(at + 1)];
      }),
    );
  }
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, interpolate(v)]));
}

// ---------------------------------------------------------------- the files under test

const deployYamlFiles = walk(DEPLOY, (p) => /\.ya?ml$/.test(p));
const BASE = join(DEPLOY, 'base');
const STAGING = join(DEPLOY, 'staging');
const baseObjects = kustomizationObjects(BASE);
const stagingObjects = kustomizationObjects(STAGING);
const secretTemplate = loadYaml(join(DEPLOY, 'secret.template.yaml'));
const [compose] = loadYaml(join(DOCKER, 'compose.yaml'));

const ofKind = (objects: Obj[], kind: string) => objects.filter((o) => o.kind === kind);
const deploymentOf = (objects: Obj[], name: string) => {
  const found = ofKind(objects, 'Deployment').filter((d) => component(d) === name);
  expect(found).toHaveLength(1);
  return found[0];
};
const configMap = ofKind(baseObjects, 'ConfigMap')[0];
const secret = ofKind(secretTemplate, 'Secret')[0];

describe('deployment files', () => {
  it('find the environment variables the code reads (scanner sanity check)', () => {
    for (const name of [
      'PORT',
      'HOST',
      'DATA_DIR',
      'DATABASE_URL',
      'REDIS_URL',
      'ADMIN_TOKEN',
      'SANDBOX_PORT',
      'SANDBOX_AUTO_ADVANCE_SECONDS',
      'QUOTE_TTL_SECONDS',
      'RATE_LIMIT_PER_MINUTE',
      'TRACKING_POLL_INTERVAL_MS',
      'WEBHOOK_ALLOW_PRIVATE_TARGETS',
      'API_KEY_PREFIX',
      'PUPPETEER_EXECUTABLE_PATH',
      'LOG_LEVEL',
      'RATE_CARDS_DIR',
      'CARRIER_TIMEOUT_MS',
      'CARRIER_BREAKER_THRESHOLD',
    ]) {
      expect(CODE_ENV).toContain(name);
    }
    expect(CARRIER_CODES.length).toBeGreaterThan(0);
  });

  describe('Kubernetes manifests (deploy/)', () => {
    it('parse, and every object has apiVersion, kind and metadata.name', () => {
      expect(deployYamlFiles.length).toBeGreaterThan(5);
      for (const file of deployYamlFiles) {
        const docs = loadYaml(file);
        expect(docs.length).toBeGreaterThan(0);
        for (const doc of docs) {
          expect(typeof doc.apiVersion).toBe('string');
          expect(typeof doc.kind).toBe('string');
          if (doc.kind !== 'Kustomization') expect(typeof doc.metadata?.name).toBe('string');
        }
      }
    });

    it('kustomizations reference files that exist; base lists every manifest beside it', () => {
      for (const dir of [BASE, STAGING]) {
        const k = kustomization(dir);
        for (const entry of [...(k.resources ?? []), ...(k.patches ?? []).map((p: Obj) => p.path)]) {
          expect(existsSync(resolve(dir, entry))).toBe(true);
        }
      }
      const listed = new Set((kustomization(BASE).resources as string[]).map((r) => resolve(BASE, r)));
      const beside = walk(BASE, (p) => /\.ya?ml$/.test(p) && !p.endsWith('kustomization.yaml'));
      expect(beside.filter((p) => !listed.has(p)).map(rel)).toEqual([]);
    });

    it('base holds what production needs; the Secret is a template outside every kustomization', () => {
      const kinds = baseObjects.map((o) => o.kind);
      for (const kind of [
        'Namespace',
        'ConfigMap',
        'Deployment',
        'Service',
        'HorizontalPodAutoscaler',
        'PodDisruptionBudget',
        'NetworkPolicy',
      ]) {
        expect(kinds).toContain(kind);
      }
      expect(kinds).not.toContain('Secret');
      expect(stagingObjects.map((o) => o.kind)).not.toContain('Secret');
      expect(secret).toBeDefined();
    });

    it('put every object in the one namespace', () => {
      const [namespace] = ofKind(baseObjects, 'Namespace');
      const name = namespace.metadata.name;
      expect(kustomization(BASE).namespace).toBe(name);
      expect(kustomization(STAGING).namespace).toBe(name);
      for (const object of [...stagingObjects, ...secretTemplate]) {
        if (object.kind !== 'Namespace')
          expect(`${object.kind}/${object.metadata.name} in ${object.metadata.namespace}`).toBe(
            `${object.kind}/${object.metadata.name} in ${name}`,
          );
      }
    });

    it('scale the api and the worker separately: own Deployment, own autoscaler (HPA; KEDA for the worker), own PDB', () => {
      const api = deploymentOf(baseObjects, 'api');
      const worker = deploymentOf(baseObjects, 'worker');
      expect(api.spec.replicas).toBe(3);
      expect(worker.spec.replicas).toBe(2);
      // Neither selector picks up the other's pods.
      expect(matches(api.spec.selector.matchLabels, worker.spec.template.metadata.labels)).toBe(false);
      expect(matches(worker.spec.selector.matchLabels, api.spec.template.metadata.labels)).toBe(false);
      for (const deployment of [api, worker]) {
        expect(matches(deployment.spec.selector.matchLabels, deployment.spec.template.metadata.labels)).toBe(true);

        const targets = (o: Obj) => o.spec.scaleTargetRef.kind === 'Deployment' && o.spec.scaleTargetRef.name === deployment.metadata.name;
        const hpas = ofKind(baseObjects, 'HorizontalPodAutoscaler').filter(targets);
        const scaled = ofKind(baseObjects, 'ScaledObject').filter(targets);
        // One autoscaler each: KEDA makes the worker's HPA itself, a second one would fight it.
        expect(hpas.length + scaled.length).toBe(1);
        const hpa = hpas[0]
          ? { apiVersion: hpas[0].apiVersion, min: hpas[0].spec.minReplicas, max: hpas[0].spec.maxReplicas, metrics: hpas[0].spec.metrics }
          : {
              apiVersion: 'autoscaling/v2',
              min: scaled[0].spec.minReplicaCount,
              max: scaled[0].spec.maxReplicaCount,
              metrics: scaled[0].spec.triggers,
            };
        expect(hpa.apiVersion).toBe('autoscaling/v2');
        expect((hpas[0] ?? scaled[0]).spec.scaleTargetRef.apiVersion).toBe('apps/v1');
        expect(hpa.min).toBeLessThanOrEqual(deployment.spec.replicas);
        expect(hpa.max).toBeGreaterThan(hpa.min);
        expect(hpa.metrics.length).toBeGreaterThan(0);

        const pdbs = ofKind(baseObjects, 'PodDisruptionBudget').filter((p) =>
          matches(p.spec.selector.matchLabels, deployment.spec.template.metadata.labels),
        );
        expect(pdbs).toHaveLength(1);
        const [pdb] = pdbs;
        // A budget that allows no disruption at the floor would block every node drain.
        if (pdb.spec.minAvailable !== undefined) expect(pdb.spec.minAvailable).toBeLessThan(hpa.min);
        else expect(pdb.spec.maxUnavailable).toBeGreaterThanOrEqual(1);
      }
      // Every HPA targets a Deployment that exists.
      const names = new Set(ofKind(stagingObjects, 'Deployment').map((d) => d.metadata.name));
      for (const hpa of ofKind(stagingObjects, 'HorizontalPodAutoscaler')) expect(names).toContain(hpa.spec.scaleTargetRef.name);
    });

    it('probe the api on the health routes the code serves, on the port it listens on', () => {
      const routes = healthRoutes();
      expect(routes).toContain('/health/live');
      expect(routes).toContain('/health/ready');
      const api = deploymentOf(baseObjects, 'api');
      const container = mainContainer(api);
      const port = container.ports.find((p: Obj) => p.name === 'http');
      expect(String(port.containerPort)).toBe(configMap.data.PORT);
      expect(container.readinessProbe.httpGet.path).toBe('/health/ready');
      expect(container.livenessProbe.httpGet.path).toBe('/health/live');
      for (const probe of [container.readinessProbe, container.livenessProbe, container.startupProbe]) {
        expect(routes).toContain(probe.httpGet.path);
        expect([port.name, port.containerPort]).toContain(probe.httpGet.port);
      }
      // Drain: the pod keeps serving while it leaves the endpoints, within the grace period.
      const preStop = container.lifecycle.preStop.exec.command as string[];
      expect(preStop[0]).toBe('sleep');
      expect(Number(preStop[1])).toBeGreaterThan(0);
      expect(podSpec(api).terminationGracePeriodSeconds).toBeGreaterThan(Number(preStop[1]) + 5);
      expect(api.spec.strategy.rollingUpdate.maxUnavailable).toBe(0);

      const sandbox = deploymentOf(stagingObjects, 'carrier-sandbox');
      const sandboxContainer = mainContainer(sandbox);
      expect(sandboxContainer.readinessProbe.httpGet.path).toBe(sandboxHealthRoute());
    });

    it('scale the worker on the depth of its label queue (KEDA), from a gauge the worker exports', () => {
      const worker = deploymentOf(baseObjects, 'worker');
      const [scaled] = ofKind(baseObjects, 'ScaledObject').filter((o) => o.spec.scaleTargetRef.name === worker.metadata.name);
      expect(scaled.apiVersion).toBe('keda.sh/v1alpha1');
      const depth = (scaled.spec.triggers as Obj[]).find((t) => t.type === 'prometheus');
      const metric = /^sum\((\w+)\{queue="(\w+)",state="waiting"\}\)$/.exec(depth?.metadata.query ?? '');
      expect(metric).not.toBeNull();
      // The gauge and the queue exist in the code, and the worker is scraped where KEDA's Prometheus looks.
      expect(read(join(ROOT, 'libs/platform/src/metrics/gateway-metrics.ts'))).toContain(`name: '${metric![1]}'`);
      expect(read(join(ROOT, 'libs/shipping/src/application/labels/render-label/render-label.use-case.ts'))).toContain(
        `LABEL_QUEUE = '${metric![2]}'`,
      );
      expect(Number(depth!.metadata.threshold)).toBeGreaterThan(0);
      expect(worker.spec.template.metadata.annotations['prometheus.io/scrape']).toBe('true');
      expect(ofKind(baseObjects, 'HorizontalPodAutoscaler').map((h) => h.spec.scaleTargetRef.name)).not.toContain(worker.metadata.name);
    });

    it('probe the worker: alive while its metrics listener answers, ready while the database and Redis accept connections', () => {
      const worker = deploymentOf(baseObjects, 'worker');
      const container = mainContainer(worker);
      const metricsPort = container.ports.find((p: Obj) => p.name === 'metrics');
      expect(String(metricsPort.containerPort)).toBe(configMap.data.METRICS_PORT);
      expect([metricsPort.name, metricsPort.containerPort]).toContain(container.livenessProbe.httpGet.port);
      // The path the metrics listener serves (libs/platform/src/metrics/metrics-server.ts).
      expect(read(join(ROOT, 'libs/platform/src/metrics/metrics-server.ts'))).toContain(
        `path !== '${container.livenessProbe.httpGet.path}'`,
      );
      const ready = container.readinessProbe.exec.command as string[];
      expect(ready.slice(0, 3)).toEqual(['node', 'docker/healthcheck.js', 'tcp']);
      expect(ready.slice(3).sort()).toEqual(['DATABASE_URL', 'REDIS_URL']);
      for (const name of ready.slice(3)) expect(Object.keys(secret.stringData ?? secret.data)).toContain(name);
      // The probe script is in the worker image.
      expect(dockerfile('worker').final.some((i) => i.keyword === 'COPY' && i.args.includes('docker/healthcheck.js'))).toBe(true);
    });

    it('route Services to the pods that listen: api Service → api pods only', () => {
      const deployments = ofKind(stagingObjects, 'Deployment');
      for (const service of ofKind(stagingObjects, 'Service')) {
        const targets = deployments.filter((d) => matches(service.spec.selector, d.spec.template.metadata.labels));
        expect(targets).toHaveLength(1);
        const ports = mainContainer(targets[0]).ports as Obj[];
        for (const servicePort of service.spec.ports) {
          expect(ports.some((p) => p.name === servicePort.targetPort || p.containerPort === servicePort.targetPort)).toBe(true);
        }
      }
      // The worker listens only for Prometheus.
      const worker = deploymentOf(baseObjects, 'worker');
      expect((mainContainer(worker).ports as Obj[]).map((p) => p.name)).toEqual(['metrics']);
    });

    it('expose /metrics to Prometheus on METRICS_PORT of the api and the worker, never through a Service', () => {
      const metricsPort = Number(configMap.data.METRICS_PORT);
      expect(metricsPort).toBeGreaterThan(0);
      expect(String(metricsPort)).not.toBe(configMap.data.PORT);
      const code = read(join(ROOT, 'libs/platform/src/metrics/metrics-server.ts'));
      expect(code).toContain("path !== '/metrics'");
      const policies = ofKind(baseObjects, 'NetworkPolicy');
      for (const name of ['api', 'worker']) {
        const deployment = deploymentOf(baseObjects, name);
        const annotations = deployment.spec.template.metadata.annotations;
        expect(annotations['prometheus.io/scrape']).toBe('true');
        expect(Number(annotations['prometheus.io/port'])).toBe(metricsPort);
        expect(annotations['prometheus.io/path']).toBe('/metrics');
        const port = (mainContainer(deployment).ports as Obj[]).find((p) => p.name === 'metrics');
        expect(port?.containerPort).toBe(metricsPort);
        // The pod's network policy lets the scrape in.
        const policy = policies.find((p) => matches(p.spec.podSelector.matchLabels, deployment.spec.template.metadata.labels));
        expect(policy!.spec.ingress.some((rule: Obj) => rule.ports.some((p: Obj) => p.port === metricsPort))).toBe(true);
        // Drain bound and pool closing fit in the grace period, after the preStop sleep.
        const preStop = Number(mainContainer(deployment).lifecycle?.preStop?.exec?.command?.[1] ?? 0);
        expect(podSpec(deployment).terminationGracePeriodSeconds).toBeGreaterThan(
          preStop + Number(configMap.data.SHUTDOWN_TIMEOUT_MS) / 1000 + 5,
        );
      }
      for (const service of ofKind(stagingObjects, 'Service')) {
        for (const servicePort of service.spec.ports) expect([metricsPort, 'metrics']).not.toContain(servicePort.targetPort);
      }
    });

    it('run each image with its own build output, keeping the image entrypoint (tini)', () => {
      for (const deployment of ofKind(stagingObjects, 'Deployment')) {
        const image = IMAGE_OF_COMPONENT[component(deployment)!];
        expect(image).toBeDefined();
        const container = mainContainer(deployment);
        expect(container.image).toMatch(new RegExp(`^logistics-gateway-${image}:`));
        expect(container.command).toBeUndefined();
        expect(container.args).toEqual(execForm(dockerfile(image).final, 'CMD'));
        expect(container.args).toContain(ENTRYPOINT_OF[image]);
      }
    });

    it('run as non-root with locked-down containers, every written path mounted', () => {
      for (const deployment of ofKind(stagingObjects, 'Deployment')) {
        const pod = podSpec(deployment);
        expect(pod.securityContext.runAsNonRoot).toBe(true);
        expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
        expect(pod.securityContext.seccompProfile.type).toBe('RuntimeDefault');
        expect(pod.automountServiceAccountToken).toBe(false);
        expect(pod.enableServiceLinks).toBe(false);
        const container = mainContainer(deployment);
        expect(container.securityContext).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true });
        expect(container.securityContext.capabilities.drop).toEqual(['ALL']);
        expect(container.resources.requests.memory).toBeDefined();
        expect(container.resources.limits.memory).toBeDefined();
      }
      for (const name of ['api', 'worker']) {
        const deployment = deploymentOf(baseObjects, name);
        const mounts = (mainContainer(deployment).volumeMounts as Obj[]).map((m) => m.mountPath);
        expect(mounts).toEqual(expect.arrayContaining(['/tmp', configMap.data.DATA_DIR, '/home/node']));
        const volumes = new Set((podSpec(deployment).volumes as Obj[]).map((v) => v.name));
        for (const mount of mainContainer(deployment).volumeMounts as Obj[]) expect(volumes).toContain(mount.name);
      }
    });

    it('keep api and worker pods stateless: no claim anywhere, every volume a bounded emptyDir', () => {
      // Documents, labels and batch files live in PostgreSQL (docs/adr/0033): a pod keeps nothing.
      expect(ofKind(stagingObjects, 'PersistentVolumeClaim')).toEqual([]);
      expect(existsSync(join(BASE, 'data-volume.yaml'))).toBe(false);
      for (const name of ['api', 'worker']) {
        for (const volume of podSpec(deploymentOf(baseObjects, name)).volumes as Obj[]) {
          expect(`${name}/${volume.name}: ${Object.keys(volume).sort().join(',')}`).toBe(`${name}/${volume.name}: emptyDir,name`);
          expect(bytes(volume.emptyDir.sizeLimit)).toBeGreaterThan(0);
        }
      }
      for (const name of ['api', 'worker']) expect(compose.services[name].volumes).toBeUndefined();
      expect(Object.keys(compose.volumes ?? {})).not.toContain('gateway-data');
    });

    it("size every pool so the HPA ceilings fit PostgreSQL's default max_connections (docs/runbook.md)", () => {
      const POSTGRES_DEFAULT_MAX_CONNECTIONS = 100;
      const SUPERUSER_RESERVED = 3;
      let atCeiling = 0;
      for (const name of ['api', 'worker']) {
        const deployment = deploymentOf(baseObjects, name);
        const setting = (mainContainer(deployment).env as Obj[]).find((e) => e.name === 'DATABASE_POOL_SIZE');
        const pool = Number(setting?.value);
        // Migrations hold one connection for their lock and run on another.
        expect(pool).toBeGreaterThanOrEqual(2);
        const hpa = ofKind(baseObjects, 'HorizontalPodAutoscaler').find((h) => h.spec.scaleTargetRef.name === deployment.metadata.name);
        const keda = ofKind(baseObjects, 'ScaledObject').find((h) => h.spec.scaleTargetRef.name === deployment.metadata.name);
        const ceiling = hpa ? hpa.spec.maxReplicas : keda!.spec.maxReplicaCount;
        atCeiling += (ceiling + deployment.spec.strategy.rollingUpdate.maxSurge) * pool;
      }
      expect(atCeiling).toBeLessThanOrEqual(POSTGRES_DEFAULT_MAX_CONNECTIONS - SUPERUSER_RESERVED);
      expect(read(join(ROOT, 'docs/runbook.md'))).toContain(`= ${atCeiling} connections`);
    });

    it('give the worker room for Chromium: more memory than the api and a memory-backed /dev/shm', () => {
      const api = mainContainer(deploymentOf(baseObjects, 'api'));
      const workerDeployment = deploymentOf(baseObjects, 'worker');
      const worker = mainContainer(workerDeployment);
      expect(bytes(worker.resources.requests.memory)).toBeGreaterThan(bytes(api.resources.requests.memory));
      expect(bytes(worker.resources.limits.memory)).toBeGreaterThan(bytes(api.resources.limits.memory));
      const shm = (worker.volumeMounts as Obj[]).find((m) => m.mountPath === '/dev/shm');
      const volume = (podSpec(workerDeployment).volumes as Obj[]).find((v) => v.name === shm?.name);
      expect(volume?.emptyDir?.medium).toBe('Memory');
      expect(bytes(volume!.emptyDir.sizeLimit)).toBeGreaterThanOrEqual(bytes('128Mi'));
    });

    it('use only environment variable names the code reads', () => {
      const used = new Map<string, string>();
      for (const key of Object.keys(configMap.data)) used.set(key, 'ConfigMap');
      for (const key of Object.keys(secret.stringData)) used.set(key, 'Secret');
      for (const object of loadYaml(join(STAGING, 'configmap-patch.yaml'))) {
        for (const key of Object.keys(object.data ?? {})) used.set(key, 'staging ConfigMap patch');
      }
      for (const deployment of ofKind(stagingObjects, 'Deployment')) {
        for (const entry of mainContainer(deployment).env ?? []) used.set(entry.name, deployment.metadata.name);
      }
      const unknown = [...used].filter(([name]) => !CODE_ENV.has(name)).map(([name, where]) => `${name} (${where})`);
      expect(unknown).toEqual([]);
    });

    it('keep credentials out of the ConfigMap and only placeholders in the Secret template', () => {
      // The platform's own secrets; carriers' credentials are no key of the template (connections).
      const credentialNames = new Set(['ADMIN_TOKEN', 'DATABASE_URL', 'REDIS_URL', 'WEBHOOK_SECRET_KEY']);
      expect(new Set(Object.keys(secret.stringData))).toEqual(credentialNames);
      for (const [key, value] of Object.entries(secret.stringData as Record<string, string>)) {
        expect(`${key}=${value}`).toMatch(/REPLACE/);
        expect(value).not.toMatch(/_live_[0-9a-f]{16,}|whsec_|sandbox/i);
      }
      for (const [key, value] of Object.entries(configMap.data as Record<string, unknown>)) {
        expect(typeof value).toBe('string');
        expect(credentialNames.has(key)).toBe(false);
        expect(key).not.toMatch(/TOKEN|PASSWORD|SECRET|USERNAME|_API_KEY$/);
      }
      // The api and the worker receive both.
      for (const name of ['api', 'worker']) {
        const envFrom = mainContainer(deploymentOf(baseObjects, name)).envFrom as Obj[];
        expect(envFrom.map((e) => e.configMapRef?.name ?? e.secretRef?.name)).toEqual([configMap.metadata.name, secret.metadata.name]);
      }
      // The sandbox accepts exactly what the gateway sends.
      const sandboxEnv = mainContainer(deploymentOf(stagingObjects, 'carrier-sandbox')).env as Obj[];
      for (const entry of sandboxEnv.filter((e) => e.valueFrom)) {
        expect(entry.valueFrom.secretKeyRef).toEqual({ name: secret.metadata.name, key: entry.name });
      }
    });

    it.each(CARRIER_CODES)('%s: production sends it to its declared live API over https, staging to its sandbox route', (code) => {
      const patch = loadYaml(join(STAGING, 'configmap-patch.yaml'))[0];
      const sandboxService = ofKind(stagingObjects, 'Service').find((s) => component(s) === 'carrier-sandbox')!;
      const live = carrierBaseUrl(code, configMap.data);
      expect(live.protocol).toBe('https:');
      expect(live.href.replace(/\/$/, '')).toBe(new URL(carrierOf(code).settings.liveBaseUrl).href.replace(/\/$/, ''));
      const staged = carrierBaseUrl(code, { ...configMap.data, ...patch.data });
      expect(staged.hostname).toBe(sandboxService.metadata.name);
      expect(Number(staged.port)).toBe(sandboxService.spec.ports[0].port);
      expect(staged.pathname).toBe(`/${code}`);
      expect(SANDBOX_PREFIXES).toContain(staged.pathname);
    });

    it.each(CARRIER_CODES)('%s: named by no deployment file, so adding a carrier edits none of them', (code) => {
      const files = [...deployYamlFiles, ...walk(DOCKER, () => true)];
      const word = new RegExp(`(^|[^A-Za-z0-9])${code}([^A-Za-z0-9]|$)`, 'i');
      const named = files.filter((file) => word.test(read(file)) || carrierVariables(code).some((name) => read(file).includes(name)));
      expect(named.map(rel)).toEqual([]);
    });

    it('name no Service so that its link variables would shadow a setting of the gateway', () => {
      for (const service of ofKind(stagingObjects, 'Service')) {
        for (const variable of serviceLinkVariables(service.metadata.name)) expect(CODE_ENV.has(variable)).toBe(false);
      }
    });
  });

  describe('docker compose (docker/compose.yaml)', () => {
    const services = compose.services as Record<string, Obj>;

    it('runs PostgreSQL 15, Redis 7, the api, the worker and the sandbox', () => {
      expect(services.postgres.image).toBe('postgres:15');
      expect(services.redis.image).toBe('redis:7');
      // BullMQ must never have its keys evicted.
      expect(services.redis.command.join(' ')).toMatch(/--maxmemory-policy noeviction/);
      for (const image of APP_IMAGES) {
        const service = services[image];
        expect(service.build.dockerfile).toBe(`docker/${image}.Dockerfile`);
        expect(resolve(DOCKER, service.build.context)).toBe(ROOT);
        expect(existsSync(resolve(DOCKER, service.build.context, service.build.dockerfile))).toBe(true);
      }
      // Several api replicas: each binds a host port of a range.
      expect(services.api.deploy.replicas).toBeGreaterThanOrEqual(2);
      expect(String(services.api.ports[0])).toMatch(/^\d+-\d+:3000$/);
    });

    it('starts services after the ones they need are healthy, and health-checks every service', () => {
      for (const [name, service] of Object.entries(services)) {
        expect(`${name}: ${Array.isArray(service.healthcheck?.test)}`).toBe(`${name}: true`);
        for (const [dependency, condition] of Object.entries((service.depends_on ?? {}) as Record<string, Obj>)) {
          expect(services[dependency]).toBeDefined();
          expect(condition.condition).toBe('service_healthy');
        }
      }
      for (const name of ['api', 'worker']) {
        expect(Object.keys(services[name].depends_on).sort()).toEqual(['postgres', 'redis', 'sandbox']);
      }
      expect(services.api.healthcheck.test.join(' ')).toContain('/health/ready');
      expect(services.sandbox.healthcheck.test.join(' ')).toContain(sandboxHealthRoute());
    });

    it('wires the api and worker to PostgreSQL, Redis and the sandbox of this file', () => {
      const sandboxEnv = composeEnvironment(services.sandbox);
      for (const name of ['api', 'worker']) {
        const env = composeEnvironment(services[name]);
        expect(new URL(env.DATABASE_URL).hostname).toBe('postgres');
        expect(new URL(env.DATABASE_URL).pathname).toBe(`/${services.postgres.environment.POSTGRES_DB}`);
        expect(new URL(env.REDIS_URL).hostname).toBe('redis');
        expect(env.ADMIN_TOKEN).toBeTruthy();
        const unknown = Object.keys(env).filter((key) => !CODE_ENV.has(key));
        expect(unknown).toEqual([]);
      }
      expect(Object.keys(sandboxEnv).filter((key) => !CODE_ENV.has(key))).toEqual([]);
      // The admin token must be given: replicas would otherwise each generate their own.
      expect(String(compose['x-gateway-environment'].ADMIN_TOKEN)).toMatch(/^\$\{ADMIN_TOKEN:\?/);
    });

    it.each(CARRIER_CODES)('%s: the api and the worker send it to its simulator in the sandbox of this file', (code) => {
      const sandboxEnv = composeEnvironment(services.sandbox);
      for (const name of ['api', 'worker']) {
        const url = carrierBaseUrl(code, composeEnvironment(services[name]));
        expect(url.hostname).toBe('sandbox');
        expect(url.port).toBe(sandboxEnv.SANDBOX_PORT);
        expect(url.pathname).toBe(`/${code}`);
        expect(SANDBOX_PREFIXES).toContain(url.pathname);
      }
    });

    it('gives the worker a /dev/shm fit for Chromium', () => {
      expect(bytes(String(services.worker.shm_size).replace(/m$/i, 'Mi'))).toBeGreaterThanOrEqual(bytes('128Mi'));
    });
  });

  describe('Dockerfiles (docker/*.Dockerfile)', () => {
    const tsconfig = JSON.parse(read(join(ROOT, 'tsconfig.json')));
    const packageJson = JSON.parse(read(join(ROOT, 'package.json')));

    it.each(APP_IMAGES)('%s: multi-stage on the Node LTS image, built with npm ci, runtime with production deps only', (image) => {
      const { stages, final } = dockerfile(image);
      expect(stages.length).toBeGreaterThanOrEqual(2);
      for (const stage of stages) {
        expect(stage[0].args.split(/\s+/)[0]).toBe(NODE_IMAGE);
        const runs = stage.filter((i) => i.keyword === 'RUN').map((i) => i.args);
        if (runs.some((r) => /\bnpm ci\b/.test(r))) expect(envOf(stage).PUPPETEER_SKIP_DOWNLOAD).toBe('true');
      }
      const build = stages[0];
      expect(build.filter((i) => i.keyword === 'RUN').map((i) => i.args)).toEqual(expect.arrayContaining(['npm ci', 'npm run build']));
      const finalRuns = final.filter((i) => i.keyword === 'RUN').map((i) => i.args);
      expect(finalRuns.some((r) => /\bnpm ci --omit=dev\b/.test(r))).toBe(true);
      // The runtime takes the compiled output from the build stage (tsconfig outDir).
      const outDir = String(tsconfig.compilerOptions.outDir).replace(/^\.\//, '');
      const copies = final.filter((i) => i.keyword === 'COPY').map((i) => i.args);
      expect(copies.some((c) => c.startsWith('--from=') && c.split(/\s+/)[1].endsWith(`/${outDir}`))).toBe(true);
    });

    it.each(APP_IMAGES)('%s: runs its app as a non-root user, behind tini, with a HEALTHCHECK', (image) => {
      const { final } = dockerfile(image);
      const user = final.filter((i) => i.keyword === 'USER').pop()?.args;
      expect(user).toBeDefined();
      expect(['root', '0']).not.toContain(user!.split(':')[0]);
      expect(execForm(final, 'ENTRYPOINT')).toEqual(['/usr/bin/tini', '--']);
      const cmd = execForm(final, 'CMD')!;
      // node, then only Node's own flags (e.g. the worker's heap cap), then the app.
      expect(cmd[0]).toBe('node');
      expect(cmd.at(-1)).toBe(ENTRYPOINT_OF[image]);
      for (const flag of cmd.slice(1, -1)) expect(flag).toMatch(/^--[a-z][a-z-]*(=\S+)?$/);
      // dist/apps/<app>/main.js is what tsc emits for apps/<app>/main.ts.
      const source = ENTRYPOINT_OF[image].replace(/^dist\//, '').replace(/\.js$/, '.ts');
      expect(existsSync(join(ROOT, source))).toBe(true);
      const healthcheck = final.find((i) => i.keyword === 'HEALTHCHECK');
      expect(healthcheck?.args).toMatch(/CMD node docker\/healthcheck\.js /);
      expect(existsSync(join(DOCKER, 'healthcheck.js'))).toBe(true);
    });

    it('expose the ports the apps listen on; the worker exposes none', () => {
      expect(
        dockerfile('api')
          .final.filter((i) => i.keyword === 'EXPOSE')
          .map((i) => i.args),
      ).toEqual([dockerfile('api').env.PORT]);
      expect(
        dockerfile('sandbox')
          .final.filter((i) => i.keyword === 'EXPOSE')
          .map((i) => i.args),
      ).toEqual([dockerfile('sandbox').env.SANDBOX_PORT]);
      expect(dockerfile('worker').final.filter((i) => i.keyword === 'EXPOSE')).toEqual([]);
      expect(dockerfile('api').final.find((i) => i.keyword === 'HEALTHCHECK')?.args).toContain('/health/ready');
      expect(dockerfile('sandbox').final.find((i) => i.keyword === 'HEALTHCHECK')?.args).toContain(sandboxHealthRoute());
    });

    it.each(['api', 'worker'] as const)(
      '%s: Debian Chromium with Arabic fonts where the code looks for it; never a browser download',
      (image) => {
        const { final, env } = dockerfile(image);
        const workdir = final.filter((i) => i.keyword === 'WORKDIR').pop()!.args;
        const install = final
          .filter((i) => i.keyword === 'RUN' && /apt-get install/.test(i.args))
          .map((i) => i.args)
          .join(' ');
        for (const pkg of ['chromium', 'fonts-noto-core', 'tini']) expect(install.split(/\s+/)).toContain(pkg);
        expect(env.PUPPETEER_EXECUTABLE_PATH).toBe('/usr/bin/chromium');
        expect(read(join(ROOT, 'libs/labels/src/chromium-executable.ts'))).toContain("'/usr/bin/chromium'");
        // Rate cards are data read at start-up from dist/libs/carriers/src/<code>/rate-cards: the build
        // copies them there, and the image ships that dist.
        expect(packageJson.scripts.build).toContain('node scripts/carrier-kit/copy-rate-cards.js');
        const dist = final.find((i) => i.keyword === 'COPY' && /^--from=build \/src\/dist\s/.test(i.args));
        expect(resolve(workdir, dist!.args.split(/\s+/)[2])).toBe(resolve(workdir, 'dist'));
        expect(env.RATE_CARDS_DIR).toBeUndefined();
      },
    );

    it('download no browser anywhere', () => {
      for (const image of APP_IMAGES) {
        const text = read(dockerfile(image).path);
        expect(text).not.toMatch(/puppeteer\s+browsers|@puppeteer\/browsers|npx\s+puppeteer|PUPPETEER_SKIP_DOWNLOAD=false/);
      }
      const deps = { ...packageJson.dependencies, ...packageJson.devDependencies };
      expect(deps.puppeteer).toBeUndefined();
      expect(deps['puppeteer-core']).toBeDefined();
    });

    it('set only environment variables the code (or npm and Node) reads', () => {
      for (const image of APP_IMAGES) {
        for (const stage of dockerfile(image).stages) {
          const unknown = Object.keys(envOf(stage)).filter(
            (name) => !CODE_ENV.has(name) && !IMAGE_BUILD_ENV.has(name) && !name.startsWith('npm_config_'),
          );
          expect(unknown).toEqual([]);
        }
      }
    });

    it.each(APP_IMAGES)('%s: the build stage copies every file `npm run build` reads', (image) => {
      const build = dockerfile(image).stages[0];
      const copied = build.filter((i) => i.keyword === 'COPY').flatMap((i) => i.args.split(/\s+/).slice(0, -1));
      // Paths the build script names (scripts/…, libs/…), and what tsconfig.build.json compiles.
      const script = String(packageJson.scripts.build);
      const named = [...script.matchAll(/(?:^|\s)((?:[a-z-]+\/)+[\w.-]+|[\w.-]+\.json)/g)]
        .map((m) => m[1])
        .filter((p) => !p.startsWith('dist'));
      expect(named).toEqual(expect.arrayContaining(['scripts/carrier-kit/copy-rate-cards.js', 'tsconfig.build.json']));
      for (const path of named) {
        expect(`${path}: ${copied.some((c) => path === c || path.startsWith(`${c.replace(/\/$/, '')}/`)) ? 'copied' : 'missing'}`).toBe(
          `${path}: copied`,
        );
      }
    });

    it('the build stage builds: its COPYs (less .dockerignore) then its RUNs, as docker build runs them', () => {
      const stages = APP_IMAGES.map((image) => dockerfile(image).stages[0].filter((i) => i.keyword !== 'FROM'));
      // One build stage for all images: building it once proves all three.
      for (const stage of stages) expect(stage).toEqual(stages[0]);
      const ignored = read(join(ROOT, '.dockerignore'))
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith('#'));
      const keep = (path: string) => {
        const name = relative(ROOT, path);
        const base = name.split('/').pop()!;
        return !ignored.some(
          (p) =>
            name === p ||
            (p.startsWith('**/*') && base.endsWith(p.slice(4))) ||
            (p.startsWith('*') && base.endsWith(p.slice(1))) ||
            p === base,
        );
      };
      const context = mkdtempSync(join(tmpdir(), 'lgw-image-build-'));
      try {
        for (const { keyword, args } of stages[0]) {
          if (keyword === 'COPY') {
            const parts = args.split(/\s+/);
            for (const source of parts.slice(0, -1)) {
              const target =
                parts.at(-1)!.endsWith('/') || parts.length > 2
                  ? join(context, parts.at(-1)!, source.split('/').pop()!)
                  : join(context, parts.at(-1)!);
              cpSync(join(ROOT, source), target, { recursive: true, filter: keep });
            }
          } else if (keyword === 'RUN' && args === 'npm ci') {
            // The installed dependencies stand in for npm ci (same lockfile, no network).
            symlinkSync(join(ROOT, 'node_modules'), join(context, 'node_modules'), 'dir');
          } else if (keyword === 'RUN') {
            execFileSync('sh', ['-c', args], { cwd: context, stdio: 'pipe', env: { ...process.env, ...envOf(stages[0]) } });
          }
        }
        for (const image of APP_IMAGES) expect(existsSync(join(context, ENTRYPOINT_OF[image]))).toBe(true);
      } finally {
        rmSync(context, { recursive: true, force: true });
      }
    }, 240_000);

    it('keep the build context small without dropping anything a COPY needs (.dockerignore)', () => {
      const ignored = read(join(ROOT, '.dockerignore'))
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith('#'));
      for (const must of ['node_modules', 'dist', '.git', '.data']) expect(ignored).toContain(must);
      for (const image of APP_IMAGES) {
        for (const copy of dockerfile(image).instructions.filter((i) => i.keyword === 'COPY' && !i.args.startsWith('--from'))) {
          const sources = copy.args.split(/\s+/).slice(0, -1);
          for (const source of sources) {
            expect(existsSync(join(ROOT, source))).toBe(true);
            const hit = ignored.find((pattern) => source === pattern || source.startsWith(`${pattern}/`) || dirname(source) === pattern);
            expect(`${source}: ${hit ?? 'kept'}`).toBe(`${source}: kept`);
          }
        }
      }
    });
  });

  describe('docs/runbook.md and README.md', () => {
    const runbook = read(join(ROOT, 'docs/runbook.md'));
    const blockAfter = (heading: string) => {
      const at = runbook.indexOf(heading);
      expect(at).toBeGreaterThan(-1);
      return /```bash\n([\s\S]*?)```/.exec(runbook.slice(at))![1];
    };

    it('"Separate processes": the exports as written give a configuration the processes start with', () => {
      const block = blockAfter('### Separate processes');
      const exports = block.split('\n').filter((line) => line.startsWith('export '));
      // The lines run as written (the elided password made concrete), then the processes' own check.
      const script = `${exports.join('\n').replace(/…/g, 'secret')}\nenv -0`;
      const out = execFileSync('bash', ['-c', script], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
      const env = Object.fromEntries(
        out
          .split('\0')
          .filter(Boolean)
          .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
      );
      expect(env.DATABASE_URL).toMatch(/^postgres:/);
      expect(() => loadConfig(env)).not.toThrow();
    });

    it('"Docker Compose": the block exports every variable compose.yaml requires', () => {
      const block = blockAfter('### Docker Compose');
      const exported = new Set([...block.matchAll(/^export ([A-Z0-9_]+)=/gm)].map((m) => m[1]));
      const required = [...read(join(DOCKER, 'compose.yaml')).matchAll(/\$\{([A-Z0-9_]+):\?/g)].map((m) => m[1]);
      expect(required.length).toBeGreaterThan(0);
      for (const name of new Set(required)) expect(`${name}: ${exported.has(name) ? 'exported' : 'missing'}`).toBe(`${name}: exported`);
    });

    it("README's environment table names the settings the manifests set", () => {
      const readme = read(join(ROOT, 'README.md'));
      const documented = new Set([...readme.matchAll(/^\| `([A-Z0-9_]+)`/gm)].map((m) => m[1]));
      for (const name of ['METRICS_PORT', 'SHUTDOWN_TIMEOUT_MS', 'WEBHOOK_SECRET_KEY', 'DATABASE_POOL_SIZE', 'CARRIER_ENDPOINTS']) {
        expect(`${name}: ${documented.has(name) ? 'documented' : 'missing'}`).toBe(`${name}: documented`);
        expect(CODE_ENV.has(name)).toBe(true);
      }
    });
  });
});
