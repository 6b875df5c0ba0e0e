/**
 * The real server as a separate process (`node scripts/start.mjs`, as `npm start` runs it) on a free loopback port
 * with its own DATA_DIR, and a small HTTP client that signs in with cookies: for the crash and backup tests, which
 * kill, restart and restore whole installations. The server runs compiled (apps/server/dist, built once per test run
 * by scripts/test.mjs or by the first start here); when it cannot be built, from the sources through tsx.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

let built: Promise<boolean> | null = null;
/**
 * Builds the compiled server once per test process when it is out of date (scripts/build-server.mjs; one build at a
 * time across processes). False when it cannot be built: the servers then run from the sources.
 */
function serverBuilt(): Promise<boolean> {
  built ??= (async () => {
    try {
      const mod: unknown = await import(pathToFileURL(path.join(ROOT, 'scripts/build-server.mjs')).href);
      const build = (mod as { buildServer: (o: { quiet: boolean }) => Promise<boolean> }).buildServer;
      await build({ quiet: true });
      return true;
    } catch (err) {
      console.warn(`The server could not be built; tests start it from the sources (tsx): ${String(err)}`);
      return false;
    }
  })();
  return built;
}

/** The node arguments that run the server's main module: compiled when it builds, else the sources through tsx. */
export async function serverMainArgs(): Promise<string[]> {
  return (await serverBuilt())
    ? ['--enable-source-maps', path.join(ROOT, 'apps/server/dist/main.mjs')]
    : ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')];
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  /** the `npm start` process (scripts/start.mjs) */
  wrapper: ChildProcess;
  port: number;
  base: string;
  output: () => string;
  /** pid of the server itself (the child of start.mjs), from the data-directory lock */
  serverPid(): number | null;
  /** resolves when the wrapper has exited */
  exited: Promise<void>;
}

export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts the server on `dataDir` and waits until it answers (or throws with its output). `args` go to the server
 * (`--services=worker`: no HTTP, ready once it prints its start banner).
 */
export async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
  timeoutMs = 90_000,
  args: string[] = [],
): Promise<ServerProcess> {
  const http = !args.some((a) => a.startsWith('--services=')) || args.some((a) => /--services=.*(api|chat)/.test(a));
  const compiled = await serverBuilt();
  const port = await freePort();
  let out = '';
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  delete inherited.DATABASE_URL; // the embedded default
  const wrapper = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs'), ...args], {
    cwd: ROOT,
    env: {
      ...inherited,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST: path.join(dataDir, 'no-web'), // API only, no web build
      LOG_LEVEL: 'warn',
      NETWORK_MERCHANTS: '1000',
      PROQ_MIN_DELAY_MS: '50',
      PROQ_MAX_DELAY_MS: '300',
      ...(compiled ? {} : { SEXTANT_FROM_SOURCE: '1' }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  wrapper.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  wrapper.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => wrapper.once('exit', () => resolve()));
  let done = false;
  void exited.then(() => (done = true));
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (done) throw new Error(`The server exited before answering:\n${out.slice(-4000)}`);
    if (Date.now() - started > timeoutMs) {
      wrapper.kill('SIGKILL');
      throw new Error(`The server did not answer within ${timeoutMs} ms:\n${out.slice(-4000)}`);
    }
    if (!http && out.includes('Sextant is running')) break;
    if (http)
      try {
        const r = await fetch(`${base}/api/v1/auth/methods`, { signal: AbortSignal.timeout(2000) });
        if (r.ok && out.includes('Sextant is running')) break;
      } catch {
        /* not yet */
      }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    wrapper,
    port,
    base,
    output: () => out,
    exited,
    serverPid() {
      try {
        return (JSON.parse(readFileSync(path.join(dataDir, 'server.lock'), 'utf8')) as { pid: number }).pid;
      } catch {
        return null;
      }
    },
  };
}

/** Stops a server gracefully (SIGTERM) and waits for it. */
export async function stopServer(s: ServerProcess): Promise<void> {
  const pid = s.serverPid();
  if (s.wrapper.exitCode === null && s.wrapper.signalCode === null) s.wrapper.kill('SIGTERM');
  await s.exited;
  const until = Date.now() + 20_000;
  while (pid && pidAlive(pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
}

export interface HttpResult {
  status: number;
  json: unknown;
  text: string;
}

/** A signed-in client of a server (the cookie survives restarts: sessions live in the database). */
export class Client {
  cookie = '';
  constructor(public base: string) {}

  async call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<HttpResult> {
    const r = await fetch(this.base + url, {
      method,
      headers: {
        origin: this.base,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await r.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: r.status, json, text };
  }

  async login(username: string, password = 'demo'): Promise<void> {
    const r = await fetch(`${this.base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { origin: this.base, 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    if (r.status !== 200) throw new Error(`login ${username}: ${r.status} ${await r.text()}`);
    const set = r.headers.getSetCookie().find((c) => c.startsWith('sextant_session='));
    this.cookie = set!.split(';')[0]!;
  }

  upload(url: string, name: string, content: string): Promise<HttpResult> {
    const form = new FormData();
    form.append('file', new Blob([content]), name);
    return this.call('POST', url, form);
  }
}
