/**
 * Layering of the server's feature modules (apps/server/src/modules/<module>/, docs/ARCHITECTURE.md "Modules"),
 * checked by `npm run lint`:
 * - no cycle between modules: a module and everything it imports form a layer below it;
 * - a module imports another module only through that module's index.ts (what it offers to the others), never a
 *   file inside it.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-module-cycle',
      comment:
        'Server modules must not import each other in a cycle. Move what both sides need down (lib/, or the lower module), or let the lower module publish an event the upper one subscribes to (jobs/job-events.ts).',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/server/src/modules/[^/]+/?$' },
      to: {
        path: '^apps/server/src/modules/[^/]+/?$',
        circular: true,
        viaOnly: { path: '^apps/server/src/modules/[^/]+/?$' },
      },
    },
    {
      name: 'no-deep-import-into-another-module',
      comment: "A module imports another module only through its index.ts (add the name to that module's index.ts).",
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index[.]ts$'],
      },
    },
  ],
  options: {
    // Only the modules' own imports count (run on apps/server/src/modules): lib/ and the rest are below them, and
    // tests may reach across modules.
    doNotFollow: { path: ['node_modules', '^apps/server/src/(?!modules/)'] },
    exclude: { path: ['node_modules', '[.]test[.]ts$'] },
    // type-only imports count: a cycle of types is a cycle of modules too
    tsPreCompilationDeps: true,
  },
};
