/** Architecture rules checked in CI (`npm run lint:deps`). */
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
      name: 'libs-never-import-apps',
      severity: 'error',
      from: { path: '^libs/' },
      to: { path: '^apps/' },
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
