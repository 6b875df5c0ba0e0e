import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, longest first: they start at once, so the two workers end together. Vitest orders by
 * the durations it cached from the last run, and on a fresh clone (CI) by file size, which can start the crash test
 * (three minutes, one file) late, with the other worker idle at the end.
 */
const LONG_FIRST = [
  // by the durations of the last CI runs (PGlite and PostgreSQL, 2 workers): 82, 49, 47, 35, 33, 33, 32, 31 s
  'apps/server/test/first-contact.test.ts',
  'apps/server/test/role-route-matrix.test.ts',
  'apps/server/test/crash.test.ts',
  'apps/server/test/backup.test.ts',
  'apps/server/test/security-pdf.test.ts',
  'apps/server/src/modules/jobs/jobs.test.ts',
  'apps/server/test/topology.test.ts',
  'apps/server/test/security-auth.test.ts',
  'apps/server/test/compiled-server.test.ts',
  'apps/server/src/modules/vendors/vendors-budget.test.ts',
  'apps/server/src/modules/results/issuer-offer.test.ts',
  'apps/server/test/security-production.test.ts',
  'apps/server/test/untrusted-uploads.test.ts',
];

class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONG_FIRST.indexOf(path.relative(f.project.config.root, f.moduleId).split(path.sep).join('/'));
      return i === -1 ? LONG_FIRST.length : i;
    };
    return sorted
      .map((f, i) => ({ f, i }))
      .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
      .map((x) => x.f);
  }
}

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
    // run before every test file: jsdom component tests unmount their renders after each test
    setupFiles: ['apps/web/src/test/cleanup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    sequence: { sequencer: LongFirstSequencer },
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
