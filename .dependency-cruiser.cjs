/**
 * Architecture rules checked in CI (`npm run lint:deps`); the map is docs/architecture.md and
 * docs/adr/0078-house-by-feature.md.
 *
 * libs/kernel is the shared kernel. Each capability is one context folder under libs/ (its domain,
 * use cases and ports, persistence, HTTP controllers and module); contexts are ordered, and a
 * context imports only contexts before it in CONTEXTS, through their public index.
 */
const CONTEXTS = [
  'access',
  'addresses',
  'carrier-access',
  'cod',
  'rating',
  'shipping',
  'pickups-returns',
  'tracking',
  'webhooks',
  'notifications',
  'billing',
  'catalogue',
  'fulfilment',
  'operations',
];
const CTX = CONTEXTS.join('|');
/** Libraries that adapt a port to a technology (carriers, a database, a queue, Chromium, configuration and Redis limits). */
const ADAPTERS = 'carriers|database|queue|labels|platform';

const laterThan = (i) => CONTEXTS.slice(i + 1).join('|');

module.exports = {
  forbidden: [
    {
      name: 'kernel-stands-alone',
      comment: 'The shared kernel (money, errors, address and parcel values, statuses, ports every context shares) imports no other lib.',
      severity: 'error',
      from: { path: '^libs/kernel/' },
      to: { path: '^libs/', pathNot: '^libs/kernel/' },
    },
    {
      name: 'domain-is-pure',
      comment:
        "A context's domain is plain TypeScript: it imports its own domain and the shared kernel, nothing else (not another context, not even Node built-ins). What two contexts' domains share lives in libs/kernel (docs/adr/0089).",
      severity: 'error',
      from: { path: `^libs/(${CTX})/src/domain/` },
      to: { pathNot: `^libs/$1/src/domain/|^libs/kernel/src/` },
    },
    {
      name: 'contexts-meet-at-their-index',
      comment: 'A context uses another only through its public index (libs/<context>/src/index.ts).',
      severity: 'error',
      from: { path: `^libs/(${CTX})/` },
      to: { path: `^libs/(${CTX})/`, pathNot: '^libs/$1/|^libs/[^/]+/src/index\\.ts$' },
    },
    ...CONTEXTS.slice(0, -1).map((context, i) => ({
      name: `context-order-${context}`,
      comment: `Contexts depend one way (CONTEXTS order): ${context} never imports a context after it.`,
      severity: 'error',
      from: { path: `^libs/${context}/` },
      to: { path: `^libs/(${laterThan(i)})/` },
    })),
    {
      name: 'use-cases-depend-inward',
      comment: 'Domain and use cases see the kernel, their own ports and earlier contexts, never adapters or their own edge.',
      severity: 'error',
      from: { path: `^libs/(${CTX})/src/(domain|application)/` },
      to: { path: `^libs/(${ADAPTERS}|runtime|http-api)/|^libs/$1/src/(persistence|http|adapters)/|^apps/` },
    },
    {
      name: 'http-stays-at-the-edge',
      comment:
        "The domain and the use cases know no HTTP server: statuses, headers and paths are the edge's (each context's http/ folder and libs/http-api); ESLint checks the literals.",
      severity: 'error',
      from: { path: `^libs/kernel/|^libs/(${CTX})/src/(domain|application)/` },
      to: { path: 'node_modules/(fastify|@fastify/|@nestjs/platform-|@nestjs/swagger)' },
    },
    {
      name: 'no-http-server-modules-inward',
      comment: 'Outbound webhook delivery goes through the WebhookSender port; no use case opens sockets itself.',
      severity: 'error',
      from: { path: `^libs/kernel/|^libs/(${CTX})/src/(domain|application)/` },
      to: { dependencyTypes: ['core'], path: '^(node:)?(http|https|http2)$' },
    },
    {
      name: 'the-edge-kit-knows-no-context',
      comment:
        'libs/http-api (envelope, guards, validation, idempotency) serves every context, so it imports only the kernel and configuration.',
      severity: 'error',
      from: { path: '^libs/http-api/' },
      to: { path: '^libs/', pathNot: '^libs/(http-api|kernel|platform)/' },
    },
    {
      name: 'libs-never-import-apps',
      severity: 'error',
      from: { path: '^libs/' },
      to: { path: '^apps/' },
    },
    {
      name: 'apps-never-import-other-apps',
      comment: 'Each deployable composes libs only; what two apps share lives in a lib (libs/runtime).',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'adapters-never-import-each-other',
      comment: 'Adapters meet only in the composition root (libs/runtime), through the ports of the contexts.',
      severity: 'error',
      from: { path: `^libs/(${ADAPTERS})/` },
      to: { path: `^libs/(${ADAPTERS})/`, pathNot: '^libs/$1/' },
    },
    {
      name: 'only-apps-compose-the-runtime',
      comment: 'libs/runtime binds adapters to ports and composes the context modules; only the apps import it.',
      severity: 'error',
      from: { path: '^libs/', pathNot: '^libs/runtime/' },
      to: { path: '^libs/runtime/' },
    },
    {
      name: 'simulators-never-import-adapters',
      comment:
        'A carrier simulator (<code>/sandbox/) is written from the carrier documentation: it sees only itself and the shared sandbox kit, never adapter code, so the contract suite can catch the adapter misreading the carrier.',
      severity: 'error',
      from: { path: '^libs/carriers/src/([^/]+)/sandbox/' },
      to: { path: `^libs/(carriers|carrier-sandbox|${CTX})/`, pathNot: '^libs/carriers/src/($1|shared)/sandbox/' },
    },
    {
      name: 'production-never-loads-simulators',
      comment:
        'Adapters, the gateway and its apps never load simulator code; only the sandbox server does, through the lazy simulator() of each carrier definition.',
      severity: 'error',
      from: { pathNot: '^libs/carrier-sandbox/|^libs/carriers/src/[^/]+/sandbox/' },
      to: { path: '^libs/carriers/src/[^/]+/sandbox/', dependencyTypesNot: ['dynamic-import', 'type-only'] },
    },
    {
      name: 'no-orphans',
      comment: 'A module nothing imports and that imports nothing is dead code (entry points and type declarations aside).',
      severity: 'error',
      from: { orphan: true, pathNot: ['(^|/)main\\.ts$', '\\.d\\.ts$', '\\.spec\\.ts$', '(^|/)index\\.ts$'] },
      to: {},
    },
    {
      name: 'no-circular',
      comment: 'No import cycle that runs at load time (a cycle of type-only imports is erased by the compiler).',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.spec\\.ts$|/fixtures/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
