/**
 * The server side of `npm run bench -- load` (run as a child process, so the load generator does not share its
 * event loop): a real app on PGlite (in memory) or a fresh PostgreSQL database (TEST_DATABASE_URL), a completed job
 * of N suppliers (bench-job.ts, supplier cache warmed as the pipeline does), USERS signed-in users (copies of the
 * demo issuer manager, each with their own session), listening on 127.0.0.1:PORT.
 *
 * Prints one JSON line {ready, port, jobId, tokens, supplierKeys, dbUrl, dataDir} when ready; exits on SIGTERM or
 * when stdin closes. Arguments: <pglite|postgres> <suppliers> <users> <port>, or `join <dbUrl> <dataDir> <port>`: a
 * further API process on the first one's PostgreSQL database and blob store (`--processes=2`), which prints
 * {ready, port}.
 * LOAD_CPU_PROFILE=<file>: a CPU profile of the serving phase only (from ready to exit), for Chrome DevTools.
 * LOAD_QUERY_COUNTS=1 (PostgreSQL): the SQL statements of the serving phase, counted by text, on stderr at exit.
 * At exit it also writes {pid, requests, cpuMsPerRequest} of the serving phase on stderr (CPU seconds are the steadier
 * measure on a shared machine).
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import { Session } from 'node:inspector/promises';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { issuerMemberships, openDb, sessions, userRoles, users } from '@sextant/db';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createTestApp } from '../test/harness.ts';
import { sha256 } from '../src/lib/crypto.ts';
import { warmSupplierCache } from '../src/modules/results/supplier-cache.ts';
import { setAuthCacheEnabled } from '../src/plugins/auth-cache.ts';
import { BENCH_JOB_ENV, buildBenchJob } from './bench-job.ts';

const [kind = 'pglite', nArg = '50000', usersArg = '200', portArg = '0'] = process.argv.slice(2);
if (process.env.LOAD_NO_SESSION_CACHE === '1') setAuthCacheEnabled(false);

/** Statements by text while serving (LOAD_QUERY_COUNTS=1, PostgreSQL): every pool and client query passes here. */
const queryCounts = new Map<string, number>();
let countQueries = false;
if (process.env.LOAD_QUERY_COUNTS === '1') {
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (countQueries) {
      const q = args[0] as string | { text?: string };
      const text = (typeof q === 'string' ? q : (q?.text ?? '?')).replace(/\s+/g, ' ').slice(0, 140);
      queryCounts.set(text, (queryCounts.get(text) ?? 0) + 1);
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
}
let served = 0;
let cpuAtReady = process.cpuUsage();
function printQueryCounts() {
  const cpu = process.cpuUsage(cpuAtReady);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  process.stderr.write(
    `${JSON.stringify({ pid: process.pid, requests: served, cpuMs: Math.round(cpuMs), cpuMsPerRequest: served ? Math.round((cpuMs / served) * 1000) / 1000 : null })}\n`,
  );
  if (process.env.LOAD_QUERY_COUNTS !== '1') return;
  const top = [...queryCounts].sort((a, b) => b[1] - a[1]).slice(0, 15);
  process.stderr.write(`${JSON.stringify({ pid: process.pid, queries: top })}\n`);
}

/** Starts the serving phase's CPU profile (LOAD_CPU_PROFILE); the returned function writes it. */
async function startProfile(server: HttpServer): Promise<() => Promise<void>> {
  countQueries = true;
  server.on('request', () => served++);
  cpuAtReady = process.cpuUsage();
  const file = process.env.LOAD_CPU_PROFILE;
  if (!file) return async () => undefined;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(`${file}.${process.pid}.cpuprofile`, JSON.stringify(profile));
  };
}

if (kind === 'join') {
  const [, dbUrl, dataDir, port = '0'] = process.argv.slice(2);
  const dbh = await openDb({ url: dbUrl!, poolSize: 5, migrate: false });
  const config = loadConfig({
    APP_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir!,
    NETWORK_SECOND: 'false',
    ...BENCH_JOB_ENV,
  });
  const app = await buildApp({ config, dbh, web: false, logger: false });
  await app.listen({ host: '127.0.0.1', port: Number(port) });
  const addr = app.server.address();
  const writeProfile = await startProfile(app.server);
  console.log(JSON.stringify({ ready: true, port: typeof addr === 'object' && addr ? addr.port : Number(port) }));
  let closing = false;
  const stop = async () => {
    if (closing) return; // SIGTERM and the end of stdin both come
    closing = true;
    printQueryCounts();
    await writeProfile();
    await app.ctx.proq.stop().catch(() => undefined);
    await app.close().catch(() => undefined);
    await dbh.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.stdin.on('end', () => void stop());
  process.stdin.resume();
} else {
  await primary();
}

async function primary() {
  if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`unknown database kind ${kind}`);

  const t = await createTestApp(kind, { ...BENCH_JOB_ENV, LOG_LEVEL: 'silent' });
  const { jobId } = await buildBenchJob(t, Number(nArg));
  await warmSupplierCache(t.app.ctx, jobId);

  // USERS copies of the demo issuer manager (same roles and membership), each signed in once.
  const db = t.db.db;
  const [template] = await db.select().from(users).where(eq(users.username, 'issuer'));
  const roles = await db.select().from(userRoles).where(eq(userRoles.userId, template!.id));
  const memberships = await db.select().from(issuerMemberships).where(eq(issuerMemberships.userId, template!.id));
  const tokens: string[] = [];
  const expiresAt = new Date(Date.now() + 12 * 3_600_000);
  for (let i = 0; i < Number(usersArg); i++) {
    const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = template!;
    const [u] = await db
      .insert(users)
      .values({ ...rest, username: `load${i}`, idpId: `load${i}`, email: `load${i}@load.example` })
      .returning();
    await db.insert(userRoles).values(roles.map((r) => ({ userId: u!.id, role: r.role })));
    await db.insert(issuerMemberships).values(memberships.map((m) => ({ ...m, userId: u!.id })));
    const token = randomBytes(32).toString('base64url');
    await db.insert(sessions).values({ id: sha256(token), userId: u!.id, expiresAt, method: 'password' });
    tokens.push(token);
  }
  const sample = (
    await t.call('GET', `/api/v1/jobs/${jobId}/results/suppliers?pageSize=50`, {
      cookie: `sextant_session=${tokens[0]}`,
    })
  ).json() as { collection?: { supplierKey: string }[] };
  const supplierKeys = (sample.collection ?? []).map((s) => s.supplierKey);

  await t.app.listen({ host: '127.0.0.1', port: Number(portArg) });
  const addr = t.app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : Number(portArg);
  const dbUrl = 'url' in t.db && typeof t.db.url === 'string' ? t.db.url : undefined;
  const writeProfile = await startProfile(t.app.server);
  console.log(JSON.stringify({ ready: true, port, jobId, tokens, supplierKeys, dbUrl, dataDir: t.config.dataDir }));

  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    printQueryCounts();
    await writeProfile();
    await t.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.stdin.on('end', () => void stop());
  process.stdin.resume();
}
