/** Architecture rules checked in CI (`npm run lint:deps`). */
/** Libraries that adapt a port to a technology (carriers, a database, a queue, Chromium, Redis limits and logging). */
const ADAPTERS = 'carriers|persistence|queue|labels|platform|webhooks';

module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'libs/domain is plain TypeScript: it imports nothing outside itself, not even Node built-ins.',
      severity: 'error',
      from: { path: '^libs/domain/' },
      to: { pathNot: '^libs/domain/' },
    },
    {
      name: 'application-depends-inward',
      comment: 'Use cases see the domain and their own ports, never adapters.',
      severity: 'error',
      from: { path: '^libs/application/' },
      to: { path: '^libs/(persistence|carriers|queue|labels|platform)/|^apps/' },
    },
    {
      name: 'http-stays-at-the-edge',
      comment:
        "The domain and the use cases know no HTTP server: statuses, headers and paths are the edge's (libs/http-api); ESLint checks the literals.",
      severity: 'error',
      from: { path: '^libs/(domain|application)/' },
      to: { path: 'node_modules/(fastify|@fastify/|@nestjs/platform-|@nestjs/swagger)|^libs/http-api/' },
    },
    {
      name: 'no-http-server-modules-inward',
      comment: 'Outbound webhook delivery goes through the WebhookSender port; no use case opens sockets itself.',
      severity: 'error',
      from: { path: '^libs/(domain|application)/' },
      to: { dependencyTypes: ['core'], path: '^(node:)?(http|https|http2)$' },
    },
    {
      name: 'libs-never-import-apps',
      severity: 'error',
      from: { path: '^libs/' },
      to: { path: '^apps/' },
    },
    {
      name: 'apps-never-import-other-apps',
      comment: 'Each deployable composes libs only; what two apps share lives in a lib (libs/runtime, libs/http-api).',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'adapters-never-import-each-other',
      comment: 'Adapters meet only in the composition root (libs/runtime), through the ports of libs/application.',
      severity: 'error',
      from: { path: `^libs/(${ADAPTERS})/` },
      to: { path: `^libs/(${ADAPTERS})/`, pathNot: '^libs/$1/' },
    },
    {
      name: 'only-the-edge-and-apps-compose-the-runtime',
      comment: 'libs/runtime binds adapters to ports; nothing below it (domain, application, adapters) may reach up to it.',
      severity: 'error',
      from: { path: `^libs/(domain|application|console|carrier-sandbox|${ADAPTERS})/` },
      to: { path: '^libs/(runtime|http-api)/' },
    },
    {
      name: 'runtime-knows-no-http',
      comment: 'The worker composes the runtime without HTTP; the HTTP edge sits on top of it.',
      severity: 'error',
      from: { path: '^libs/runtime/' },
      to: { path: '^libs/http-api/' },
    },
    {
      name: 'simulators-never-import-adapters',
      comment:
        'A carrier simulator (<code>/sandbox/) is written from the carrier documentation: it sees only itself and the shared sandbox kit, never adapter code, so the contract suite can catch the adapter misreading the carrier.',
      severity: 'error',
      from: { path: '^libs/carriers/src/([^/]+)/sandbox/' },
      to: { path: '^libs/(carriers|application|carrier-sandbox)/', pathNot: '^libs/carriers/src/($1|shared)/sandbox/' },
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
      severity: 'error',
      from: {},
      to: { circular: true },
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
