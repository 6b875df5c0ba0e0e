import { defineConfig } from 'vitest/config';

// Unit and integration tests of every workspace; e2e (Playwright) runs separately.
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/server/test/**/*.test.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
    ],
    // One migrated and one seeded PGlite per run, copied by each test file (apps/server/test/pglite-templates.ts), and
    // the completed demo jobs, made by the first test file that asks and copied by the others (demo-jobs-fixture.ts).
    globalSetup: ['apps/server/test/pglite-templates.ts', 'apps/server/test/demo-jobs-fixture.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    // A worker runs its test files one after another in one process, importing the app once (not once per file:
    // 102 files × ≈ 1.6 s of imports and start-up were a fifth of the run). Test files share no state: each makes
    // its own database and data directory, module caches are keyed by database or job, and stubs are undone.
    isolate: false,
    unstubGlobals: true,
    unstubEnvs: true,
    restoreMocks: true,
  },
});
