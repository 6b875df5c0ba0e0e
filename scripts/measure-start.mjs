#!/usr/bin/env node
// Measures `npm start` (scripts/start.mjs) on a built checkout: from spawning it to the first 200 of
// GET /health/live (the server listens) and of GET /api/v1/system-mode (the API serves: start-up checks done), with
// the CPU time `npm start` and the server used until the first of those answered (read from /proc, so Linux only).
//
//   node scripts/measure-start.mjs [--runs=5] [--first=5] [--root=<checkout>] [--port=<port>]
//
// --runs: later starts (on one data folder that the first start created, as a restart finds it); --first: starts on
// a fresh data folder each (database created, migrated and seeded); --root: measure another built checkout (e.g.
// the main branch's, for a before/after in the same conditions). Prints one JSON line per start, then one per kind
// with the medians and the load average (1 min) before and after. Runs with DEMO_JOBS=false (the demo jobs' pipelines
// run after the start and would only add noise); other settings come from the environment.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const opt = (name, fallback) => {
  const a = process.argv.slice(2).find((x) => x.startsWith(`--${name}=`));
  return a ? a.slice(name.length + 3) : fallback;
};
const root = path.resolve(opt('root', path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')));
const laterRuns = Number(opt('runs', 5));
const firstRuns = Number(opt('first', 5));
const fixedPort = opt('port', '');
const TICK = 100; // USER_HZ: /proc times are in 1/100 s on Linux

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** CPU seconds of a process (all its threads) and of the children it has waited for. */
function cpuOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields 14–17 of stat (utime, stime, cutime, cstime) are 11–14 after the command name
    return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / TICK;
  } catch {
    return 0;
  }
}

/** The pids of a process and its descendants. */
function tree(pid) {
  let kids = [];
  try {
    kids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    /* gone */
  }
  return [pid, ...kids.flatMap(tree)];
}

const ok = async (url) => {
  try {
    const r = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await r.arrayBuffer();
    return r.status === 200;
  } catch {
    return false;
  }
};

async function start(dataDir) {
  const port = fixedPort ? Number(fixedPort) : await freePort();
  const base = `http://127.0.0.1:${port}`;
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
  let live = null;
  let api;
  let cpu = null;
  for (;;) {
    if (exited) throw new Error(`the server exited:\n${out}`);
    if (live === null && (await ok(`${base}/health/live`))) {
      live = (performance.now() - t0) / 1000;
      cpu = tree(child.pid).reduce((s, p) => s + cpuOf(p), 0);
    }
    if (live !== null && (await ok(`${base}/api/v1/system-mode`))) {
      api = (performance.now() - t0) / 1000;
      break;
    }
    if (performance.now() - t0 > 300_000) {
      child.kill('SIGTERM'); // start.mjs passes it on to the server
      await gone;
      throw new Error(`no answer within 300 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  // stopped once it is fully up (before, it has no SIGTERM handler yet and would not close its database cleanly)
  for (let i = 0; i < 1200 && !exited && !out.includes('Sextant is running'); i++)
    await new Promise((r) => setTimeout(r, 100));
  child.kill('SIGTERM');
  await gone;
  const reported = /started in ([\d.]+) s/.exec(out)?.[1];
  // the server stops when start.mjs has gone (IPC channel); wait for the data-directory lock to be released
  for (let i = 0; i < 200; i++) {
    try {
      readFileSync(path.join(dataDir, 'server.lock'));
    } catch {
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const r2 = (x) => Number(x.toFixed(2));
  return {
    liveSeconds: r2(live),
    apiSeconds: r2(api),
    cpuSeconds: r2(cpu),
    serverReported: reported ? Number(reported) : null,
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : Number(((s[s.length / 2 - 1] + s[s.length / 2]) / 2).toFixed(2));
};
const load = () => Number(loadavg()[0].toFixed(2));

async function series(kind, n, dataDirFor) {
  const loadBefore = load();
  const results = [];
  for (let i = 0; i < n; i++) {
    const { dir, cleanup } = dataDirFor(i);
    try {
      const r = await start(dir);
      results.push(r);
      console.log(JSON.stringify({ suite: 'start', start: kind, run: i + 1, ...r, load: load() }));
    } finally {
      cleanup();
    }
  }
  if (!n) return;
  console.log(
    JSON.stringify({
      suite: 'start',
      start: kind,
      median: true,
      runs: n,
      liveSeconds: median(results.map((r) => r.liveSeconds)),
      apiSeconds: median(results.map((r) => r.apiSeconds)),
      cpuSeconds: median(results.map((r) => r.cpuSeconds)),
      loadBefore,
      loadAfter: load(),
      root,
    }),
  );
}

const fresh = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sextant-start-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }) };
};

const shared = fresh();
try {
  // the data folder of the later starts is created by a first start that is not counted
  if (laterRuns > 0) await start(shared.dir);
  await series('later', laterRuns, () => ({ dir: shared.dir, cleanup: () => undefined }));
  await series('first', firstRuns, fresh);
} finally {
  shared.cleanup();
}
