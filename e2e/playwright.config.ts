/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against the built app served by
 * `node scripts/start.mjs` on 127.0.0.1:3100 with a fresh data directory.
 */
import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'sextant-e2e-'));

/**
 * Specs that change state every other spec sees: run alone, after the others (`dependencies`). A failure in
 * `parallel` then skips them; `npm test` (scripts/test.mjs) runs the two projects one after the other instead.
 */
const SYSTEM_WIDE = [
  '**/system-states.spec.ts', // maintenance and read-only mode, the app timestamp
  '**/devops.spec.ts', // pauses the background service
  '**/devops-tools.spec.ts', // resource-guard limits, cleans a demo job's intermediates
  '**/admin-accounts.spec.ts', // translation overrides, merges the demo tester's accounts
  '**/admin-lists.spec.ts', // demo users' permissions and memberships, exclude lists
  '**/i18n.spec.ts', // a demo user's issuer membership
];
/**
 * Specs that pause the background service (jobs that stay processing) for the whole of their run: after `system`,
 * alone, but with two workers of their own (their tests share the pause: first-visit-fresh.spec.ts).
 */
const PAUSES_SERVICE = ['**/first-visit-fresh.spec.ts'];

export default defineConfig({
  testDir: path.join(here, 'tests'),
  outputDir: path.join(here, 'test-results'),
  // Two workers share one server. The specs that change system-wide state (maintenance and read-only mode, the app
  // timestamp, the background service, resource limits, translations, demo users' roles, memberships and
  // language) run afterwards in the `system` project, one at a time, with nothing else running; then the specs that
  // pause the background service (`fresh`, two workers again).
  // E2E_WORKERS=1 runs everything one at a time (the order stays: `parallel`, `system`, then `fresh`).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  projects: [
    // Each project keeps its own results folder: `npm test` runs them one after the other, and Playwright empties a
    // run's folder first, which took the traces of a failing `parallel` test away.
    {
      name: 'parallel',
      testIgnore: [...SYSTEM_WIDE, ...PAUSES_SERVICE],
      outputDir: path.join(here, 'test-results', 'parallel'),
    },
    {
      name: 'system',
      testMatch: SYSTEM_WIDE,
      workers: 1,
      dependencies: ['parallel'],
      outputDir: path.join(here, 'test-results', 'system'),
    },
    {
      name: 'fresh',
      testMatch: PAUSES_SERVICE,
      dependencies: ['system'],
      outputDir: path.join(here, 'test-results', 'fresh'),
    },
  ],
  // Screenshot baselines are committed next to the specs, made in this environment (Debian's Chromium).
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFileName}/{arg}{ext}',
  retries: 0,
  // A whole flow's budget on a loaded 2-core machine: the first tests share it with the server's start-up work (the
  // demo jobs' pipelines), and a 60 s budget was once used up by a sign-in, invite and role flow that was only slow.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    viewport: { width: 1440, height: 900 },
    // A failing test keeps its trace: each action with the page's DOM, network and console, and a screenshot at the
    // end (`screenshot` below). Not the trace's film strip: recording it cost about a fifth of the e2e run's time.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node scripts/start.mjs',
    cwd: root,
    url: `${baseURL}/api/v1/system-mode`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_ENV: 'test',
      LOG_LEVEL: 'warn',
      // The SFTP spec's test server listens on loopback, which SFTP sources reach only with this operator setting.
      SFTP_ALLOW_PRIVATE_HOSTS: 'true',
      // E2E_WEB_DIST: serve a web build made elsewhere (vite build --outDir …) instead of building apps/web/dist.
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
    },
  },
});
