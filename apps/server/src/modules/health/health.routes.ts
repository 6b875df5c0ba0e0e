/**
 * Liveness, readiness and Prometheus metrics.
 *
 * GET /health/live   200 while the process serves requests (no dependencies checked).
 * GET /health/ready  200 when the database answers, the data directory is writable and the ProQ queue table is
 *                    readable; 503 with the failing checks otherwise. Public: names and timings only, no secrets.
 * GET /metrics       Prometheus text (lib/metrics.ts). Allowed for a direct loopback request (no proxy headers) or
 *                    with `Authorization: Bearer <METRICS_TOKEN>`; 403 otherwise.
 * None of them is subject to maintenance mode, and the access hook does not resolve sessions for them (a
 * readiness probe must not need the database to answer 503 cleanly).
 */
import { timingSafeEqual } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@sextant/shared';
import { AppError } from '../../lib/errors.ts';
import { metricsText } from '../../lib/metrics.ts';

const CHECK_TIMEOUT_MS = 2_000;

interface Check {
  ok: boolean;
  ms: number;
  error?: string;
}

async function check(fn: () => Promise<unknown>): Promise<Check> {
  const start = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      fn(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return { ok: true, ms: Math.round(performance.now() - start) };
  } catch (err) {
    // A short, generic reason: connection strings and paths stay in the server log.
    const code = (err as { code?: unknown }).code;
    const reason = err instanceof Error && err.message.startsWith('no answer') ? err.message : 'unavailable';
    return {
      ok: false,
      ms: Math.round(performance.now() - start),
      error: typeof code === 'string' && /^[A-Z0-9_]{2,20}$/.test(code) ? `${reason} (${code})` : reason,
    };
  } finally {
    clearTimeout(timer);
  }
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function metricsAllowed(req: FastifyRequest, token: string | undefined): boolean {
  const auth = req.headers.authorization;
  if (token && typeof auth === 'string' && auth.startsWith('Bearer ')) {
    const given = Buffer.from(auth.slice(7));
    const want = Buffer.from(token);
    if (given.length === want.length && timingSafeEqual(given, want)) return true;
  }
  // Loopback only when nothing says the request was forwarded (a local reverse proxy connects from loopback too).
  const forwarded = req.headers['x-forwarded-for'] ?? req.headers.forwarded ?? req.headers['x-real-ip'];
  return !forwarded && LOOPBACK.has(req.socket.remoteAddress ?? '');
}

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const registry = app.metricsRegistry;
  const access = { public: true, allowInMaintenance: true } as const;

  app.get('/health/live', { config: { access }, schema: { hide: true } }, async (_req, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok', uptimeSeconds: Math.round(process.uptime()) }),
  );

  app.get('/health/ready', { config: { access }, schema: { hide: true } }, async (req, reply) => {
    const [database, storage, queue] = await Promise.all([
      check(() => ctx.dbh.query('select 1')),
      check(async () => {
        const dir = path.join(ctx.config.dataDir, 'tmp');
        await mkdir(dir, { recursive: true });
        const probe = path.join(dir, `.ready-${process.pid}-${Date.now()}`);
        await writeFile(probe, 'ok');
        await rm(probe, { force: true });
        await ctx.blobs.check(); // object storage reachable (with BLOB_URL)
      }),
      check(() => ctx.dbh.query('select 1 from proq_commands limit 1')),
    ]);
    const checks = { database, storage, queue };
    const ready = database.ok && storage.ok && queue.ok;
    if (!ready) req.log.warn({ checks }, 'not ready');
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ready' : 'not ready', checks });
  });

  app.get('/metrics', { config: { access }, schema: { hide: true } }, async (req, reply) => {
    if (!metricsAllowed(req, ctx.config.METRICS_TOKEN))
      throw new AppError(
        403,
        ERROR_CODES.forbidden,
        'Metrics are served to loopback requests or with the METRICS_TOKEN bearer token',
      );
    const { contentType, body } = await metricsText(registry);
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
  });
}
