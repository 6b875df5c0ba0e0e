/**
 * Global insights: the job insights over every job a user may see.
 *
 * A scope is the set of (job, latest completed run) the caller may see (authorization's job visibility); its key is
 * a hash of that set, so users seeing the same jobs share one build, and a run completing or a job going changes the
 * key. A build (ProQ command `globalInsights.build`, unique per key) reads the runs' suppliers.parquet, counts a
 * supplier matched to the same merchant in several jobs once (its spend summed, its attributes from its largest
 * row), and writes DATA_DIR/cache/global-insights/<key>/: entities.parquet (one row per distinct supplier),
 * views.parquet (the job insights' chart views × slicers, by the same SQL: prepareChartViews) and meta.json
 * (jobs, organisations). Requests read those files; until they exist the caller sees the build's progress.
 *
 * When a run completes or a job is deleted, `globalInsights.refresh` rebuilds the scopes of the users who opened
 * global insights (remembered in scopes.json with their visibility at that time; their next request recomputes it).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { lit, prepareChartViews, withDb } from '@sextant/analysis';
import {
  CARD_CAPABILITIES,
  type TChartViewData,
  type TChartViewId,
  type TGlobalInsightsStatus,
  type TGlobalOrganization,
  type TGlobalOrganizations,
  type TGlobalSummary,
  type TSlicerQuery,
} from '@sextant/shared';
import { withReference } from '../../lib/incident.ts';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { AppError } from '../../lib/errors.ts';
import { writeFileAtomic } from '../../lib/durable-fs.ts';
import { defineCommandType, type CommandDefOf } from '../../proq/index.ts';
import { jobVisibilityOf } from '../authorization/index.ts';
import type { JobVisibility } from '../authorization/index.ts';
import { queryRows, rowCountSql, singleFlight } from '../../lib/duckdb/index.ts';
import { chartViewOf, sliceWhere } from '../results/index.ts';
import { buildCommand, visibleResultJobs, type ResultJob } from './global-insights.repo.ts';
import { REFRESH } from './global-refresh.ts';
import {
  currenciesSql,
  entitiesCopySql,
  entitiesTableSql,
  entityKeySql,
  organisationsSql,
  rawTableSql,
  rowsPerJobSql,
  scopeSummarySql,
  viewsCopySql,
} from './global-insights-sql.ts';

/** Bump when the build's files change: every scope is built again. */
const FORMAT = 'g2';
const BUILD = 'globalInsights.build';

const dirOf = (ctx: AppContext) => path.join(ctx.config.dataDir, 'cache', 'global-insights');
/** Built scopes and the remembered scopes live in the blob store: built by a worker, read by every API process. */
const scopeBlob = (key: string) => `cache/global-insights/${key}`;
const SCOPES_BLOB = 'cache/global-insights/scopes.json';
async function readScopes(ctx: AppContext): Promise<Record<string, JobVisibility> | null> {
  try {
    return JSON.parse((await ctx.blobs.read(SCOPES_BLOB)).toString('utf8')) as Record<string, JobVisibility>;
  } catch {
    return null;
  }
}
const keyOf = (jobs: ResultJob[]) =>
  createHash('sha256')
    .update(`${FORMAT}|${jobs.map((j) => `${j.jobId}:${j.runId}`).join(',')}`)
    .digest('hex')
    .slice(0, 32);

export interface Meta {
  key: string;
  builtAt: string;
  currency: string;
  currencies: string[];
  jobs: (ResultJob & { suppliers: number })[];
  supplierRows: number;
  organizations: TGlobalOrganization[];
}

interface Scope {
  key: string;
  jobs: ResultJob[];
  dir: string;
}

async function scopeOf(ctx: AppContext, v: JobVisibility): Promise<Scope> {
  const jobs = await visibleResultJobs(ctx.db, v);
  const key = keyOf(jobs);
  return { key, jobs, dir: await ctx.blobs.localDir(scopeBlob(key)) };
}

const ready = (s: Scope) => existsSync(path.join(s.dir, 'meta.json'));

async function enqueueBuild(ctx: AppContext, s: Scope): Promise<void> {
  await ctx.proq.enqueue(ctx.db, {
    commandType: BUILD,
    payload: { key: s.key, jobs: s.jobs },
    uniqueKey: `global-insights:${s.key}`,
    category: 'analysis',
    tags: ['global-insights'],
  });
}

/** Remembers who uses global insights (and how they saw jobs), so a completed run rebuilds their scope. */
async function remember(ctx: AppContext, v: JobVisibility): Promise<void> {
  const scopes = (await readScopes(ctx)) ?? {}; // none at first use
  if (JSON.stringify(scopes[v.userId]) === JSON.stringify(v)) return;
  scopes[v.userId] = v;
  await ctx.blobs.put(SCOPES_BLOB, JSON.stringify(scopes));
}

export async function globalStatus(ctx: AppContext, auth: AuthContext): Promise<TGlobalInsightsStatus> {
  const v = await jobVisibilityOf(ctx, auth);
  const s = await scopeOf(ctx, v);
  await remember(ctx, v);
  if (!s.jobs.length) return { state: 'Empty', progress: null, message: null, jobs: 0, builtAt: null };
  if (ready(s)) {
    const meta = await metaOf(s);
    return { state: 'Ready', progress: 100, message: null, jobs: s.jobs.length, builtAt: meta.builtAt };
  }
  const cmd = await buildCommand(ctx.db, `global-insights:${s.key}`);
  if (!cmd) await enqueueBuild(ctx, s);
  if (cmd?.state === 'Error' || cmd?.state === 'Canceled')
    return {
      state: 'Failed',
      progress: null,
      // The build's own error (DuckDB, file paths) is logged by the ProQ worker with the command id, which is the
      // reference shown here (issue 31); the user never sees the error text itself.
      message: withReference(
        cmd.state === 'Canceled' ? 'The global insights build was canceled' : 'The global insights could not be built',
        String(cmd.id),
      ),
      jobs: s.jobs.length,
      builtAt: null,
    };
  return {
    state: 'Building',
    progress: cmd?.progress ?? 0,
    message: cmd?.message ?? 'Queued',
    jobs: s.jobs.length,
    builtAt: null,
  };
}

const metaCache = new Map<string, Promise<Meta>>();
function metaOf(s: Scope): Promise<Meta> {
  return singleFlight(
    metaCache,
    s.key,
    async () => JSON.parse(await readFile(path.join(s.dir, 'meta.json'), 'utf8')) as Meta,
  );
}

/** The caller's built scope; 409 while it is being built (the page shows /global-insights/loading). */
async function readyScope(ctx: AppContext, auth: AuthContext): Promise<Scope & { meta: Meta }> {
  const s = await scopeOf(ctx, await jobVisibilityOf(ctx, auth));
  if (!s.jobs.length) throw new AppError(409, 'Conflict', 'None of the jobs you may see has results yet');
  if (!ready(s)) {
    await remember(ctx, await jobVisibilityOf(ctx, auth));
    if (!(await buildCommand(ctx.db, `global-insights:${s.key}`))) await enqueueBuild(ctx, s);
    throw new AppError(409, 'Conflict', 'Global insights are being computed; see /global-insights/loading');
  }
  return { ...s, meta: await metaOf(s) };
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const share = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10000) / 100 : 0);

const summaryCache = new Map<string, Promise<TGlobalSummary>>();
export async function globalSummary(ctx: AppContext, auth: AuthContext, slice: TSlicerQuery): Promise<TGlobalSummary> {
  const s = await readyScope(ctx, auth);
  return singleFlight(summaryCache, `${s.key}|${slice.slicer}|${slice.slicerValue}`, () =>
    scopeSummary(s.dir, s.meta, slice),
  );
}

/** Headline figures of a built scope under a slice (entities.parquet). */
export async function scopeSummary(dir: string, meta: Meta, slice: TSlicerQuery): Promise<TGlobalSummary> {
  const s = { dir, meta };
  const ent = `read_parquet(${lit(path.join(s.dir, 'entities.parquet'))})`;
  const rows = await queryRows<{ cap: string; matched: boolean; n: number; s: number | null; r: number | null }>(
    scopeSummarySql(ent, sliceWhere(slice)),
    [slice.slicerValue],
  );
  let n = 0;
  let spend = 0;
  let mn = 0;
  let ms = 0;
  let rebate = 0;
  let capable = 0;
  const caps = new Map<string, { suppliers: number; spend: number }>();
  for (const x of rows) {
    n += x.n;
    spend += x.s ?? 0;
    rebate += x.r ?? 0;
    if (x.matched) {
      mn += x.n;
      ms += x.s ?? 0;
    }
    if (x.cap !== 'Unmatched') capable += x.s ?? 0;
    const c = caps.get(x.cap) ?? { suppliers: 0, spend: 0 };
    c.suppliers += x.n;
    c.spend += x.s ?? 0;
    caps.set(x.cap, c);
  }
  const m = s.meta;
  return {
    slicer: slice.slicer,
    slicerValue: slice.slicerValue,
    builtAt: m.builtAt,
    currency: m.currency,
    currencies: m.currencies,
    issuers: new Set(m.jobs.map((j) => j.issuerId)).size,
    buyers: new Set(m.jobs.map((j) => j.buyerId ?? `job:${j.jobId}`)).size,
    jobs: m.jobs.length,
    suppliers: n,
    supplierRows: m.supplierRows,
    spend: round2(spend),
    matched: { suppliers: mn, spend: round2(ms), supplierShare: share(mn, n), spendShare: share(ms, spend) },
    cardCapableSpend: round2(capable),
    estimatedRebate: round2(rebate),
    waterfall: CARD_CAPABILITIES.map((capability) => ({
      capability,
      suppliers: caps.get(capability)?.suppliers ?? 0,
      spend: round2(caps.get(capability)?.spend ?? 0),
    })),
  };
}

const viewCache = new Map<string, Promise<TChartViewData>>();
export async function globalView(
  ctx: AppContext,
  auth: AuthContext,
  view: TChartViewId,
  slice: TSlicerQuery,
): Promise<TChartViewData> {
  const s = await readyScope(ctx, auth);
  return singleFlight(viewCache, `${s.key}|${view}|${slice.slicer}|${slice.slicerValue}`, () =>
    scopeView(s.dir, s.meta, view, slice),
  );
}

/** One chart view of a built scope under a slice (views.parquet). */
export async function scopeView(
  dir: string,
  meta: Meta,
  view: TChartViewId,
  slice: TSlicerQuery,
): Promise<TChartViewData> {
  return chartViewOf(queryRows, `read_parquet(${lit(path.join(dir, 'views.parquet'))})`, view, slice, meta.currency);
}

export async function globalOrganizations(
  ctx: AppContext,
  auth: AuthContext,
  q: { kind?: 'issuer' | 'buyer' | undefined; sort: string; order: 'asc' | 'desc' },
): Promise<TGlobalOrganizations> {
  const s = await readyScope(ctx, auth);
  const dir = q.order === 'asc' ? 1 : -1;
  const val = (o: TGlobalOrganization): string | number =>
    q.sort === 'jobs' ? o.jobs.length : q.sort === 'name' ? o.name.toLowerCase() : (o[q.sort as 'spend'] ?? 0);
  const rows = s.meta.organizations
    .filter((o) => !q.kind || o.kind === q.kind)
    .sort((a, b) => {
      const x = val(a);
      const y = val(b);
      return (x < y ? -1 : x > y ? 1 : a.name.localeCompare(b.name)) * dir;
    });
  return { currency: s.meta.currency, builtAt: s.meta.builtAt, rows };
}

// ─── the build ────────────────────────────────────────────────────────────────────────────────────────────────

const ZResultJob = z.object({
  jobId: z.uuid(),
  jobName: z.string(),
  issuerId: z.uuid(),
  issuerName: z.string(),
  buyerId: z.uuid().nullable(),
  buyerName: z.string().nullable(),
  currency: z.string().nullable(),
  runId: z.uuid(),
  resultPath: z.string(),
});
const ZBuildPayload = z.object({ key: z.string().regex(/^[0-9a-f]{32}$/), jobs: z.array(ZResultJob) });

/** Columns of the job insights' views and slicers, taken from a supplier's largest row. */
const ATTRIBUTE_COLUMNS = [
  'supplierName',
  'country',
  'frequencyBand',
  'paymentTermsBand',
  'paymentMethod',
  'paymentMethodCount',
  'matchStatus',
  'vcAccepting',
  'detailLevel',
  'stpCapable',
  'cardCapability',
  'mccDescription',
  'mccGroup',
  'mccType',
  'sicDivision',
  'sicMajorGroup',
  'sicIndustryGroup',
  'sicIndustry',
  'unspscCategory',
  'naicsNationalIndustry',
];

export async function buildScope(
  ctx: AppContext,
  key: string,
  jobs: ResultJob[],
  progress: (p: number, m: string) => Promise<void>,
): Promise<void> {
  const root = dirOf(ctx);
  const final = await ctx.blobs.localDir(scopeBlob(key));
  if (existsSync(path.join(final, 'meta.json'))) return;
  const tmp = path.join(root, `${key}.${process.pid}.${Date.now()}.tmp`);
  await mkdir(tmp, { recursive: true });
  try {
    await withDb({ tempDir: path.join(tmp, '.tmp'), memoryLimit: '1GB' }, async (db) => {
      await progress(5, `Reading ${jobs.length} jobs`);
      const parts = (
        await Promise.all(jobs.map(async (j) => ({ j, dir: await ctx.blobs.localDir(`${j.resultPath}/results`) })))
      ).filter((x) => existsSync(path.join(x.dir, 'suppliers.parquet')));
      if (!parts.length) throw new Error('None of the jobs has result files');
      await db.run(
        rawTableSql(
          parts.map(({ j, dir }) => {
            const uc = path.join(dir, 'use-case-suppliers.parquet');
            return {
              jobId: j.jobId,
              issuerId: j.issuerId,
              buyerKey: j.buyerId ?? `job:${j.jobId}`,
              suppliersFile: path.join(dir, 'suppliers.parquet'),
              useCaseSuppliersFile: existsSync(uc) ? uc : null,
            };
          }),
          ATTRIBUTE_COLUMNS,
        ),
      );
      for (const sql of entityKeySql()) await db.run(sql);
      await progress(35, 'Counting each merchant once');
      await db.run(entitiesTableSql(ATTRIBUTE_COLUMNS));
      await db.run(entitiesCopySql(path.join(tmp, 'entities.parquet')));
      await progress(55, 'Chart views');
      // sorted by what a request filters on, in small row groups: a view under a slice reads a few of them
      await db.run(viewsCopySql(await prepareChartViews(db, 'ent'), path.join(tmp, 'views.parquet')));
      await progress(85, 'Organisations');
      const org = (by: 'issuerId' | 'buyerId') =>
        db.all<{ id: string; suppliers: number; spend: number; ms: number; cap: number; rebate: number }>(
          organisationsSql(by),
        );
      const counts = await db.all<{ jobId: string; n: number }>(rowsPerJobSql());
      const [{ n: supplierRows } = { n: 0 }] = await db.all<{ n: number }>(rowCountSql('raw'));
      const currencies = await db.all<{ c: string }>(currenciesSql());
      const byJob = new Map(counts.map((c) => [c.jobId, c.n]));
      const orgRow = (
        kind: 'issuer' | 'buyer',
        x: { id: string; suppliers: number; spend: number; ms: number; cap: number; rebate: number },
      ): TGlobalOrganization => {
        const its = jobs.filter((j) => (kind === 'issuer' ? j.issuerId : (j.buyerId ?? `job:${j.jobId}`)) === x.id);
        return {
          kind,
          id: x.id,
          name:
            kind === 'issuer'
              ? (its[0]?.issuerName ?? x.id)
              : (its[0]?.buyerName ?? (its[0] ? `${its[0].jobName} (no buyer)` : x.id)),
          issuerName: kind === 'buyer' ? (its[0]?.issuerName ?? null) : null,
          jobs: its.map((j) => ({ jobId: j.jobId, jobName: j.jobName })),
          suppliers: x.suppliers,
          spend: round2(x.spend),
          matchedSpendShare: share(x.ms, x.spend),
          cardCapableSpend: round2(x.cap),
          estimatedRebate: round2(x.rebate),
        };
      };
      const meta: Meta = {
        key,
        builtAt: new Date().toISOString(),
        currency: currencies[0]?.c ?? jobs.find((j) => j.currency)?.currency ?? 'USD',
        currencies: currencies.map((c) => c.c),
        jobs: jobs.map((j) => ({ ...j, suppliers: byJob.get(j.jobId) ?? 0 })),
        supplierRows,
        organizations: [
          ...(await org('issuerId')).map((x) => orgRow('issuer', x)),
          ...(await org('buyerId')).map((x) => orgRow('buyer', x)),
        ],
      };
      await writeFileAtomic(path.join(tmp, 'meta.json'), JSON.stringify(meta));
    });
    await rm(path.join(tmp, '.tmp'), { recursive: true, force: true });
    if (existsSync(path.join(final, 'meta.json'))) await rm(tmp, { recursive: true, force: true });
    else await ctx.blobs.publishDir(scopeBlob(key), tmp);
    await progress(100, 'Global insights ready');
  } catch (err) {
    await rm(tmp, { recursive: true, force: true });
    throw err;
  }
}

/** Enqueues the rebuild of the remembered scopes (after a run completes or a job is deleted). */
const ZRefreshPayload = z.object({});

declare module '../../proq/types.ts' {
  interface ProqCommands {
    'globalInsights.build': typeof ZBuildPayload;
    'globalInsights.refresh': typeof ZRefreshPayload;
  }
}

export function globalInsightsCommandTypes(ctx: AppContext): CommandDefOf[] {
  return [
    defineCommandType({
      name: BUILD,
      description: 'Global insights: the job insights over every job of a scope (a merchant counted once)',
      category: 'analysis',
      schema: ZBuildPayload,
      maxAttempts: 3,
      stuckTimeOutInSeconds: 900,
      retry: { baseDelayMs: 2_000, maxDelayMs: 30_000 },
      async handler(payload, hc) {
        await buildScope(ctx, payload.key, payload.jobs, (p, m) => hc.progress(p, m));
        return `global insights ${payload.key}: ${payload.jobs.length} jobs`;
      },
    }),
    defineCommandType({
      name: REFRESH,
      description: 'Global insights: rebuild the scopes of the users who use them (a run completed or a job went)',
      category: 'analysis',
      schema: ZRefreshPayload,
      maxAttempts: 3,
      stuckTimeOutInSeconds: 300,
      async handler(_payload, hc) {
        const scopes = await readScopes(ctx);
        if (!scopes) return 'no scopes';
        const seen = new Set<string>();
        let queued = 0;
        for (const v of Object.values(scopes)) {
          const s = await scopeOf(ctx, v);
          if (seen.has(s.key) || !s.jobs.length || ready(s)) continue;
          seen.add(s.key);
          await hc.enqueue(ctx.db, {
            commandType: BUILD,
            payload: { key: s.key, jobs: s.jobs },
            uniqueKey: `global-insights:${s.key}`,
            category: 'analysis',
            tags: ['global-insights'],
          });
          queued++;
        }
        return `${queued} scope(s) queued`;
      },
    }),
  ];
}
