/**
 * Endpoint comparison, the regression tool for rule and engine changes: what two runs of a job answer (summary,
 * chart views, suppliers) and what the API answers for two users, listed field by field (lib/json-diff).
 *
 * Users are compared by calling the API in-process as each of them, through a session that lives only for the
 * comparison (a random token that never leaves the server, removed right after) — so the answers are exactly what
 * each user would get, permission checks included. Only the read-only endpoints of USER_ENDPOINTS are called.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  MAX_LISTED_DIFFERENCES,
  type TComparableRun,
  type TComparisonJob,
  type TComparisonSection,
  type TComparisonUser,
  type TDiffSection,
  type TJobComparison,
  type TUserComparison,
} from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { SESSION_COOKIE } from '../../plugins/access.ts';
import { conflict, fieldError, notFound } from '../../lib/errors.ts';
import { newToken, sha256 } from '../../lib/crypto.ts';
import { writeAudit } from '../../lib/audit.ts';
import { diffJson, type DiffOptions } from '../../lib/json-diff.ts';
import { jobVisibilityOf, tenantScopeOf } from '../authorization/index.ts';
import { queryRows } from '../../lib/duckdb/index.ts';
import { comparedSuppliersSql, comparedViewsSql } from './endpoint-comparison-sql.ts';
import { comparableJobs, deleteSession, insertSession, runsOfJobs, usersInScope } from './endpoint-comparison.repo.ts';

/** Suppliers compared per run (by supplier key order); a larger job is compared on its first ones. */
export const MAX_COMPARED_SUPPLIERS = 50_000;

type RunRow = Awaited<ReturnType<typeof runsOfJobs>>[number];
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const runView = (r: RunRow): TComparableRun => ({
  id: r.id,
  runNumber: r.runNumber,
  status: r.status,
  createdAt: iso(r.createdAt)!,
  completedAt: iso(r.completedAt),
  scoringRulesetVersion: r.scoringRulesetVersion,
  confidenceRulesetVersion: r.confidenceRulesetVersion,
});

export async function listComparisonJobs(
  ctx: AppContext,
  auth: AuthContext,
  jobId?: string,
): Promise<TComparisonJob[]> {
  const jobs = await comparableJobs(ctx.db, await jobVisibilityOf(ctx, auth), jobId);
  const runs = await runsOfJobs(
    ctx.db,
    jobs.map((j) => j.id),
  );
  return jobs.map((j) => ({
    ...j,
    type: j.type,
    runs: runs.filter((r) => r.jobArtifactId === j.id).map(runView),
  }));
}

const section = (name: string, a: unknown, b: unknown, options: DiffOptions = {}): TDiffSection => {
  const r = diffJson(a, b, { ...options, limit: MAX_LISTED_DIFFERENCES });
  return { name, totalDifferences: r.total, differences: r.differences, truncated: r.total > r.differences.length };
};

async function runAnswers(ctx: AppContext, run: RunRow) {
  const dir = await ctx.blobs.localDir(`${run.resultPath}/results`);
  const summaryFile = path.join(dir, 'summary.json');
  const summary = run.summary ?? (existsSync(summaryFile) ? JSON.parse(await readFile(summaryFile, 'utf8')) : null);
  const parquet = (name: string) => path.join(dir, name);
  const views = existsSync(parquet('views.parquet'))
    ? await queryRows<Record<string, unknown>>(comparedViewsSql(parquet('views.parquet')))
    : [];
  const suppliers = existsSync(parquet('suppliers.parquet'))
    ? await queryRows<Record<string, unknown>>(
        comparedSuppliersSql(parquet('suppliers.parquet'), MAX_COMPARED_SUPPLIERS),
      )
    : [];
  return { summary, views, suppliers };
}

const viewKey = (e: unknown) => {
  const r = e as Record<string, unknown>;
  return [r.view, r.slicer, r.slicerValue, r.category].map((x) => String(x ?? '')).join(' | ');
};

export async function compareRuns(
  ctx: AppContext,
  auth: AuthContext,
  jobId: string,
  baseRunId: string,
  compareRunId: string,
): Promise<TJobComparison> {
  const [job] = await listComparisonJobs(ctx, auth, jobId);
  if (!job) throw notFound('Job');
  const rows = await runsOfJobs(ctx.db, [jobId]);
  const pick = (id: string, field: string) => {
    const r = rows.find((x) => x.id === id);
    if (!r) throw fieldError(field, 'This run does not belong to the job');
    if (r.status !== 'Completed') throw conflict(`Run ${r.runNumber} has no results (${r.status})`, field);
    return r;
  };
  const base = pick(baseRunId, 'baseRunId');
  const other = pick(compareRunId, 'compareRunId');
  const [a, b] = await Promise.all([runAnswers(ctx, base), runAnswers(ctx, other)]);
  // Rows are compared by their key, so an added row is one difference and not a shifted tail.
  const sections: (TDiffSection & { name: TComparisonSection })[] = [
    { ...section('summary', a.summary, b.summary), name: 'summary' },
    { ...section('views', a.views, b.views, { keyOf: (p, e) => (p === '$' ? viewKey(e) : null) }), name: 'views' },
    {
      ...section('suppliers', a.suppliers, b.suppliers, {
        keyOf: (p, e) => (p === '$' ? String((e as { supplierKey?: unknown }).supplierKey ?? '') : null),
      }),
      name: 'suppliers',
    },
  ];
  return { job, base: runView(base), compare: runView(other), sections };
}

// ---------- users ----------

export async function comparisonUsers(ctx: AppContext, auth: AuthContext): Promise<TComparisonUser[]> {
  return usersInScope(ctx.db, (await tenantScopeOf(ctx, auth)).readIssuerIds);
}

/** Read-only endpoints answered per user. */
export const USER_ENDPOINTS: { method: 'GET' | 'POST'; url: string; body?: object }[] = [
  { method: 'GET', url: '/api/v1/users/user-permissions' },
  { method: 'GET', url: '/api/v1/authorization/user-roles' },
  { method: 'GET', url: '/api/v1/jobs/creation-options' },
  { method: 'POST', url: '/api/v1/authorization/auth-mapped-job-artifacts', body: { pageNumber: 1, pageSize: 100 } },
  { method: 'POST', url: '/api/v1/issuers/get', body: { pageNumber: 1, pageSize: 100 } },
  { method: 'GET', url: '/api/v1/proq/proq-commands-info' },
];

/** Elements of lists are matched by their identity field (id, role or key) when they have one. */
const byId = (_p: string, e: unknown) => {
  if (!e || typeof e !== 'object') return null;
  const o = e as Record<string, unknown>;
  const k = o.id ?? o.role ?? o.key ?? o.issuerId;
  return k === undefined || k === null ? null : String(k);
};

export async function compareUsers(
  app: FastifyInstance,
  auth: AuthContext,
  userA: string,
  userB: string,
  req: FastifyRequest,
): Promise<TUserComparison> {
  const ctx = app.ctx;
  const scope = (await tenantScopeOf(ctx, auth)).readIssuerIds;
  const [a] = await usersInScope(ctx.db, scope, userA);
  if (!a) throw notFound('User');
  const [b] = await usersInScope(ctx.db, scope, userB);
  if (!b) throw notFound('User');
  const answers = async (userId: string) => {
    const token = newToken();
    const id = sha256(token);
    await insertSession(ctx.db, id, userId, new Date(Date.now() + 60_000));
    try {
      const out = [];
      for (const e of USER_ENDPOINTS) {
        const res = await app.inject({
          method: e.method,
          url: e.url,
          headers: { cookie: `${SESSION_COOKIE}=${token}` },
          ...(e.body ? { payload: e.body } : {}),
        });
        let body: unknown = res.body;
        try {
          body = res.json();
        } catch {
          // not JSON: compared as text
        }
        out.push({ status: res.statusCode, body });
      }
      return out;
    } finally {
      await deleteSession(ctx.db, id);
    }
  };
  const ra = await answers(a.id);
  const rb = await answers(b.id);
  await writeAudit(
    ctx.db,
    {
      action: 'endpoint-comparison.users',
      targetType: 'user',
      targetId: a.id,
      details: { userA: a.username, userB: b.username },
    },
    req,
  );
  return {
    userA: a,
    userB: b,
    endpoints: USER_ENDPOINTS.map((e, i) => ({
      ...section(e.url, ra[i]!.body, rb[i]!.body, { keyOf: byId }),
      method: e.method,
      statusA: ra[i]!.status,
      statusB: rb[i]!.status,
    })),
  };
}
