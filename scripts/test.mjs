#!/usr/bin/env node
// `npm test`: that the web's generated API types match the routes (one check), unit + integration tests (Vitest;
// PGlite, and PostgreSQL when TEST_DATABASE_URL is set), then the end-to-end tests in Chromium (Playwright). Prints
// one closing line "N passed, N failed" over all.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = mkdtempSync(path.join(tmpdir(), 'sextant-test-'));
const only = process.argv[2]; // optional: unit | e2e
let passed = 0;
let failed = 0;
let skipped = 0;
let exit = 0;
const failures = []; // "file › test" of each failing test, printed again at the end so a log's tail names them

// The web and server builds first (when their sources changed; scripts/start.mjs --build-only): integration tests
// render pages from the web build (PDF through Chromium), the tests that start servers (crash, backup, topology,
// reliability) and the end-to-end server run the compiled server (apps/server/dist), built once here.
if (existsSync(path.join(root, 'apps/web/index.html'))) {
  const b = spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs'), '--build-only'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (b.status !== 0) {
    console.error('\nTests: 0 passed, 1 failed (the web app or the server did not build)');
    process.exit(b.status ?? 1);
  }
}

// The committed API types must be what the routes give (npm run api:generate). Checked while Vitest runs (it loads
// the server's sources once, seconds of a core that Vitest's start-up leaves idle); its output is printed after.
const apiCheck =
  only === 'e2e'
    ? null
    : new Promise((resolve) => {
        const c = spawn(process.execPath, [path.join(root, 'scripts/api-client.mjs'), '--check'], {
          cwd: root,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let text = '';
        c.stdout.on('data', (d) => (text += d));
        c.stderr.on('data', (d) => (text += d));
        c.on('error', (err) => resolve({ status: 1, text: `${text}${String(err)}\n` }));
        c.on('close', (status) => resolve({ status, text }));
      });

if (only !== 'e2e') {
  const json = path.join(out, 'vitest.json');
  const r = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${json}`], {
    cwd: root,
    stdio: 'inherit',
  });
  if (existsSync(json)) {
    const res = JSON.parse(readFileSync(json, 'utf8'));
    passed += res.numPassedTests;
    failed += res.numFailedTests;
    for (const file of res.testResults ?? []) {
      const rel = path.relative(root, file.name);
      const bad = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of bad) {
        const why = String(t.failureMessages?.[0] ?? '')
          .split('\n')[0]
          .slice(0, 300);
        failures.push(`vitest ${rel} › ${t.fullName ?? t.title}${why ? ` — ${why}` : ''}`);
      }
      if (bad.length === 0 && file.status === 'failed')
        failures.push(`vitest ${rel} › ${file.message || 'the file failed'}`);
    }
    skipped += res.numPendingTests + (res.numTodoTests ?? 0);
  }
  if (r.status !== 0) {
    exit = r.status ?? 1;
    if (failed === 0) failures.push('vitest exited with an error and no failing test was counted');
    if (failed === 0) failed += 1; // a crash or a failing file with no counted test still fails the run
  }
}

if (apiCheck) {
  const c = await apiCheck;
  process.stdout.write(c.text);
  if (c.status === 0) passed += 1;
  else {
    failed += 1;
    failures.push('api-client --check: the web API types differ from the routes (npm run api:generate)');
    exit = exit || (c.status ?? 1);
  }
}

if (only !== 'unit' && existsSync(path.join(root, 'e2e/playwright.config.ts'))) {
  // The `parallel` project (two workers), then the `system` project (the specs that change system-wide state, one
  // at a time), then `fresh` (the specs that pause the background service, two workers), each even when a test of
  // the one before failed; the servers use one data directory, so the demo jobs run once.
  const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'sextant-e2e-'));
  for (const [project, extra] of [
    ['parallel', []],
    ['system', ['--no-deps']],
    ['fresh', ['--no-deps']],
  ]) {
    const json = path.join(out, `playwright-${project}.json`);
    const r = spawnSync(
      'npx',
      [
        'playwright',
        'test',
        '--config',
        'e2e/playwright.config.ts',
        `--project=${project}`,
        ...extra,
        '--reporter=list,json',
      ],
      {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, E2E_DATA_DIR: dataDir, PLAYWRIGHT_JSON_OUTPUT_NAME: json },
      },
    );
    let counted = 0;
    if (existsSync(json)) {
      const res = JSON.parse(readFileSync(json, 'utf8'));
      passed += res.stats?.expected ?? 0;
      counted = (res.stats?.unexpected ?? 0) + (res.stats?.flaky ?? 0);
      failed += counted;
      skipped += res.stats?.skipped ?? 0;
      const walk = (suite, titles) => {
        for (const spec of suite.specs ?? []) {
          for (const t of spec.tests ?? []) {
            if (t.status === 'unexpected' || t.status === 'flaky')
              failures.push(
                `playwright e2e/tests/${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')} (${t.status})`,
              );
          }
        }
        for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
      };
      for (const suite of res.suites ?? []) walk(suite, []);
    }
    if (r.status !== 0) {
      exit = exit || r.status || 1;
      if (counted === 0) failed += 1;
    }
  }
  if (!process.env.E2E_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
}

rmSync(out, { recursive: true, force: true });
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(exit);
