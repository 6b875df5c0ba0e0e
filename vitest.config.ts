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
    // One migrated and one seeded PGlite per run, copied by each test file (apps/server/test/pglite-templates.ts).
    globalSetup: ['apps/server/test/pglite-templates.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
