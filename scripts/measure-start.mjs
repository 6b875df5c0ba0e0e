#!/usr/bin/env node
// Measures how long `npm start` (scripts/start.mjs) on a built checkout takes until the server answers
// (GET /api/v1/system-mode → 200): `node scripts/measure-start.mjs [runs=5]`. The first start on a fresh data folder
// (database created, migrated and seeded) is reported apart; the others restart on that folder, as a restart does.
// Prints one JSON line per start and the median of the restarts.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.argv[2] ?? 5);
const dataDir = mkdtempSync(path.join(tmpdir(), 'sextant-start-'));

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function start() {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_JOBS: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  let exited = false;
  const gone = new Promise((resolve) => child.once('exit', () => ((exited = true), resolve())));
  for (;;) {
    if (exited) throw new Error(`the server exited:\n${out}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/v1/system-mode`, { signal: AbortSignal.timeout(1000) });
      if (r.status === 200) break;
    } catch {
      /* not yet */
    }
    if (performance.now() - t0 > 300_000) {
      child.kill('SIGTERM'); // start.mjs passes it on to the server
      await gone;
      throw new Error(`no answer within 300 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const answered = (performance.now() - t0) / 1000;
  const reported = /started in ([\d.]+) s/.exec(out)?.[1];
  child.kill('SIGTERM');
  await gone;
  return { answered: Number(answered.toFixed(2)), serverReported: reported ? Number(reported) : null };
}

try {
  const first = await start();
  console.log(JSON.stringify({ start: 'fresh data folder', ...first }));
  const restarts = [];
  for (let i = 0; i < runs; i++) {
    const r = await start();
    restarts.push(r.answered);
    console.log(JSON.stringify({ start: `restart ${i + 1}`, ...r }));
  }
  restarts.sort((a, b) => a - b);
  console.log(JSON.stringify({ medianRestartSeconds: restarts[Math.floor(restarts.length / 2)], runs }));
} finally {
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}
