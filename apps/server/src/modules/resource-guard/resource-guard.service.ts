/**
 * The resource guard: live CPU, memory, disk, database size, DuckDB memory and queue depth, sampled in the
 * background (history chart), with limits stored in the database. New heavy work — runs, uploads, exports — is
 * refused with a message naming what is exhausted (503; 429 for a full queue) while a limit is reached, instead of
 * exhausting the machine; near a limit (RESOURCE_NEAR_RATIO) the UI warns. Work already queued waits in ProQ.
 */
import os from 'node:os';
import { readFile, statfs } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import {
  RESOURCE_METRIC_LABELS,
  RESOURCE_METRICS,
  RESOURCE_NEAR_RATIO,
  type THeavyWorkKind,
  type TResourceGuardState,
  type TResourceLimits,
  type TResourceMetric,
  type TResourceSample,
  type TResourceStatus,
} from '@sextant/shared';
import { ERROR_CODES } from '@sextant/shared/values';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { writeAudit } from '../../lib/audit.ts';
import { resultsDuckIfOpen } from '../../lib/duckdb/index.ts';
import {
  databaseSize,
  insertSample,
  pruneSamples,
  queueDepth,
  samplesSince,
  saveLimits,
  storedLimits,
} from './resource-guard.repo.ts';

export const DEFAULT_LIMITS: TResourceLimits = {
  cpuPercent: null,
  memoryPercent: 95,
  diskPercent: 95,
  dbSizeMb: null,
  duckdbMemoryMb: null,
  queueDepth: 10_000,
};

/** A sample is reused by the guard for this long (a check per heavy request must stay cheap). */
export const SAMPLE_FRESH_MS = 3_000;

let previousCpu: { idle: number; total: number } | null = null;
function cpuPercent(): number {
  const cpus = os.cpus();
  const now = cpus.reduce(
    (acc, c) => {
      const t = c.times;
      acc.idle += t.idle;
      acc.total += t.user + t.nice + t.sys + t.idle + t.irq;
      return acc;
    },
    { idle: 0, total: 0 },
  );
  const prev = previousCpu;
  previousCpu = now;
  if (!prev || now.total <= prev.total) return Math.min(100, (os.loadavg()[0]! / Math.max(1, cpus.length)) * 100);
  return Math.max(0, Math.min(100, (1 - (now.idle - prev.idle) / (now.total - prev.total)) * 100));
}

async function memory(): Promise<{ used: number; total: number }> {
  const total = os.totalmem();
  // MemAvailable counts reclaimable caches as free (os.freemem does not), as the kernel's OOM logic does.
  const info = await readFile('/proc/meminfo', 'utf8').catch(() => '');
  const m = /MemAvailable:\s+(\d+) kB/.exec(info);
  const available = m ? Number(m[1]) * 1024 : os.freemem();
  return { used: Math.max(0, total - available), total };
}

async function duckdbMemory(): Promise<number> {
  const duck = resultsDuckIfOpen();
  if (!duck) return 0;
  const conn = await (await duck).connect();
  try {
    const r = await conn.runAndReadAll('SELECT coalesce(sum(memory_usage_bytes), 0) FROM duckdb_memory()');
    return Number(r.getRows()[0]?.[0] ?? 0);
  } finally {
    conn.closeSync();
  }
}

export async function takeSample(ctx: AppContext): Promise<TResourceSample> {
  const mem = await memory();
  const fsStat = await statfs(ctx.config.dataDir);
  const diskTotal = fsStat.blocks * fsStat.bsize;
  const diskUsed = diskTotal - fsStat.bavail * fsStat.bsize;
  return {
    at: new Date().toISOString(),
    cpuPercent: cpuPercent(),
    memoryPercent: mem.total ? (mem.used / mem.total) * 100 : 0,
    memoryUsedBytes: mem.used,
    memoryTotalBytes: mem.total,
    diskPercent: diskTotal ? (diskUsed / diskTotal) * 100 : 0,
    diskUsedBytes: diskUsed,
    diskTotalBytes: diskTotal,
    dbSizeBytes: await databaseSize(ctx.db).catch(() => 0),
    duckdbMemoryBytes: await duckdbMemory().catch(() => 0),
    queueDepth: await queueDepth(ctx.db),
    rssBytes: process.memoryUsage().rss,
  };
}

/** The latest sample of this process, taken again when older than SAMPLE_FRESH_MS. */
const latest = new WeakMap<AppContext, { sample: Promise<TResourceSample>; at: number }>();
export function currentSample(ctx: AppContext, fresh = false): Promise<TResourceSample> {
  const hit = latest.get(ctx);
  if (!fresh && hit && Date.now() - hit.at < SAMPLE_FRESH_MS) return hit.sample;
  const sample = takeSample(ctx);
  latest.set(ctx, { sample, at: Date.now() });
  sample.catch(() => latest.delete(ctx));
  return sample;
}

const limitsCache = new WeakMap<AppContext, { limits: Promise<TResourceLimits>; at: number }>();
export function currentLimits(ctx: AppContext): Promise<TResourceLimits> {
  const hit = limitsCache.get(ctx);
  if (hit && Date.now() - hit.at < SAMPLE_FRESH_MS) return hit.limits;
  const limits = storedLimits(ctx.db).then((r) => ({ ...DEFAULT_LIMITS, ...(r?.limits ?? {}) }));
  limitsCache.set(ctx, { limits, at: Date.now() });
  limits.catch(() => limitsCache.delete(ctx));
  return limits;
}

const MB = 1024 * 1024;
function valueOf(metric: TResourceMetric, s: TResourceSample): number {
  switch (metric) {
    case 'cpu':
      return s.cpuPercent;
    case 'memory':
      return s.memoryPercent;
    case 'disk':
      return s.diskPercent;
    case 'dbSize':
      return s.dbSizeBytes / MB;
    case 'duckdbMemory':
      return s.duckdbMemoryBytes / MB;
    case 'queueDepth':
      return s.queueDepth;
  }
}
const LIMIT_KEY: Record<TResourceMetric, keyof TResourceLimits> = {
  cpu: 'cpuPercent',
  memory: 'memoryPercent',
  disk: 'diskPercent',
  dbSize: 'dbSizeMb',
  duckdbMemory: 'duckdbMemoryMb',
  queueDepth: 'queueDepth',
};
const UNIT: Record<TResourceMetric, string> = {
  cpu: '%',
  memory: '%',
  disk: '%',
  dbSize: ' MB',
  duckdbMemory: ' MB',
  queueDepth: ' commands',
};

export function statusesOf(s: TResourceSample, limits: TResourceLimits): TResourceStatus[] {
  return RESOURCE_METRICS.map((metric) => {
    const value = valueOf(metric, s);
    const limit = limits[LIMIT_KEY[metric]];
    const ratio = limit ? value / limit : 0;
    const level = limit === null ? 'ok' : ratio >= 1 ? 'exceeded' : ratio >= RESOURCE_NEAR_RATIO ? 'near' : 'ok';
    return { metric, value, limit, ratio, level };
  });
}

const fmt = (metric: TResourceMetric, v: number) =>
  `${metric === 'queueDepth' ? Math.round(v) : v.toFixed(v < 10 ? 1 : 0)}${UNIT[metric]}`;

/** Why heavy work is refused now (empty when accepted). The queue limit only refuses work that queues. */
export function refusalsOf(statuses: TResourceStatus[]): { metric: TResourceMetric; reason: string }[] {
  return statuses
    .filter((s) => s.level === 'exceeded')
    .map((s) => ({
      metric: s.metric,
      reason: `${RESOURCE_METRIC_LABELS[s.metric]} is at ${fmt(s.metric, s.value)}, at or above its limit of ${fmt(s.metric, s.limit!)}`,
    }));
}

const KIND_TEXT: Record<THeavyWorkKind, string> = {
  run: 'New runs',
  upload: 'New uploads',
  export: 'New exports',
};

/** Throws 503 (429 when only the queue is full) when a limit is reached; heavy work calls it before starting. */
export async function guardHeavyWork(ctx: AppContext, kind: THeavyWorkKind): Promise<void> {
  const [sample, limits] = await Promise.all([currentSample(ctx), currentLimits(ctx)]);
  const refusals = refusalsOf(statusesOf(sample, limits)).filter((r) => kind !== 'export' || r.metric !== 'queueDepth');
  if (!refusals.length) return;
  const onlyQueue = refusals.every((r) => r.metric === 'queueDepth');
  throw new AppError(
    onlyQueue ? 429 : 503,
    ERROR_CODES.resourceExhausted,
    `${KIND_TEXT[kind]} are refused to protect the server: ${refusals.map((r) => r.reason).join('; ')}. Try again when it has fallen below the limit.`,
    refusals.map((r) => ({ path: r.metric, message: r.reason })),
  );
}

export async function guardState(ctx: AppContext): Promise<TResourceGuardState> {
  const sample = await currentSample(ctx, true);
  const stored = await storedLimits(ctx.db);
  const limits = { ...DEFAULT_LIMITS, ...(stored?.limits ?? {}) };
  const statuses = statusesOf(sample, limits);
  const refusals = refusalsOf(statuses);
  const refusing = (['run', 'upload', 'export'] as const).flatMap((kind) =>
    refusals.filter((r) => kind !== 'export' || r.metric !== 'queueDepth').map((r) => ({ kind, reason: r.reason })),
  );
  return {
    sample,
    limits,
    statuses,
    refusing,
    sampleIntervalSeconds: sampleSeconds(ctx),
    limitsUpdatedAt: stored?.updatedAt ? new Date(stored.updatedAt).toISOString() : null,
    limitsUpdatedBy: stored?.updatedBy ?? null,
  };
}

export async function updateLimits(
  ctx: AppContext,
  limits: TResourceLimits,
  req: FastifyRequest,
): Promise<TResourceGuardState> {
  const before = await currentLimits(ctx);
  await ctx.db.transaction(async (tx) => {
    await saveLimits(tx, limits, req.auth!.user.id);
    await writeAudit(
      tx,
      {
        action: 'resource-guard.limits.set',
        targetType: 'system-setting',
        targetId: 'resourceLimits',
        details: { before, after: limits },
      },
      req,
    );
  });
  limitsCache.delete(ctx);
  return guardState(ctx);
}

export async function history(ctx: AppContext, minutes: number): Promise<TResourceSample[]> {
  const rows = await samplesSince(ctx.db, new Date(Date.now() - minutes * 60_000));
  return rows.map(({ id: _id, at, ...s }) => ({ ...s, at: new Date(at).toISOString() }));
}

export const sampleSeconds = (ctx: AppContext) =>
  ctx.config.RESOURCE_SAMPLE_SECONDS ?? (ctx.config.APP_ENV === 'test' ? 0 : 15);

/** Records a sample now and prunes old ones (the background sampler and the "sample now" call). */
export async function recordSample(ctx: AppContext): Promise<TResourceSample> {
  const s = await currentSample(ctx, true);
  await insertSample(ctx.db, s);
  await pruneSamples(ctx.db, new Date(Date.now() - ctx.config.RESOURCE_HISTORY_DAYS * 86_400_000));
  return s;
}
