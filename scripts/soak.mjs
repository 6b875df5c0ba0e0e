#!/usr/bin/env node
// `npm run soak`: the long-running checks that `npm test` runs in a shorter form. Today: the crash test
// (apps/server/test/crash.test.ts) through 20 SIGKILLs of the server at seeded random moments (`npm test` runs 3).
// CRASH_KILLS and CRASH_SEED override the count and the moments. Prints the time it took; exits non-zero on a failure.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const kills = process.env.CRASH_KILLS ?? '20';
await buildServer(); // the crash test runs the compiled server, as `npm start` does
const started = Date.now();
const r = spawnSync('npx', ['vitest', 'run', 'apps/server/test/crash.test.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CRASH_KILLS: kills, CRASH_PROGRESS: process.env.CRASH_PROGRESS ?? '1' },
});
const seconds = Math.round((Date.now() - started) / 1000);
console.log(`\nSoak: crash test with ${kills} kills ${r.status === 0 ? 'passed' : 'FAILED'} in ${seconds} s`);
process.exit(r.status ?? 1);
