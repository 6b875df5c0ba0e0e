/**
 * Analytics queries (SPEC §2 /admin/analytics-query): saved reports and ad-hoc runs of read-only SQL over the
 * documented analytics views. The views hold every issuer's data, so only internal staff (users without issuer
 * memberships) may use them; a tenant user holding AnalyticsQuery_VIEW is refused. Report changes, runs and
 * exports are audited (refused writes as "denied").
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ANALYTICS_SCHEMA,
  ANALYTICS_VIEWS,
  ZAnalyticsChart,
  ZAnalyticsParameter,
  sqlParameterNames,
  type TAnalyticsCatalog,
  type TAnalyticsParameter,
  type TAnalyticsReport,
  type TAnalyticsResult,
  type TAnalyticsValues,
  type TPagedResult,
  type TPagingRequestParsed,
  type ZAnalyticsReportInput,
  type ZAnalyticsReportUpdate,
} from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { writeAudit } from '../../lib/audit.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { assertReadOnly, prepareQuery } from './analytics.sql.ts';
import { analyticsLimits, runReadOnly } from './analytics.runner.ts';
import { deleteReport, findReport, insertReport, pageReports, updateReport, type ReportRow } from './analytics.repo.ts';

type ReportInput = z.output<typeof ZAnalyticsReportInput>;
type ReportUpdate = z.output<typeof ZAnalyticsReportUpdate>;

export function assertInternal(auth: AuthContext): void {
  if (!auth.user.isInternal)
    throw forbidden('Analytics queries read the data of every issuer; only internal staff may use them');
}

const SQL_AUDIT_MAX = 4000;
const clip = (s: string) => (s.length > SQL_AUDIT_MAX ? `${s.slice(0, SQL_AUDIT_MAX)}…` : s);

function toReport(r: ReportRow): TAnalyticsReport {
  const params = ZAnalyticsParameter.array().safeParse(r.report.parameters);
  const chart = r.report.chart ? ZAnalyticsChart.safeParse(r.report.chart) : null;
  return {
    id: r.report.id,
    name: r.report.name,
    description: r.report.description,
    sql: r.report.sql,
    parameters: params.success ? params.data : [],
    chart: chart?.success ? chart.data : null,
    createdBy: r.report.createdBy,
    createdByUsername: r.createdByUsername,
    createdAt: new Date(r.report.createdAt).toISOString(),
    updatedAt: new Date(r.report.updatedAt).toISOString(),
  };
}

export function catalog(ctx: AppContext): TAnalyticsCatalog {
  const l = analyticsLimits(ctx.config);
  return {
    schema: ANALYTICS_SCHEMA,
    views: ANALYTICS_VIEWS,
    rowLimit: l.rowLimit,
    exportRowLimit: l.exportRowLimit,
    timeoutMs: l.timeoutMs,
  };
}

/** A saved query must be read-only and define every parameter it uses (checked on save, not only on run). */
function validateDefinition(sqlText: string, parameters: readonly TAnalyticsParameter[]): void {
  assertReadOnly(sqlText);
  const defined = new Set(parameters.map((p) => p.name));
  const missing = sqlParameterNames(sqlText).filter((n) => !defined.has(n));
  if (missing.length) {
    const message = `The query uses ${missing.map((n) => `:${n}`).join(', ')} but no parameter of that name is defined`;
    throw badRequest(message, [{ path: 'body.parameters', message }]);
  }
}

export async function listReports(
  ctx: AppContext,
  auth: AuthContext,
  request: TPagingRequestParsed,
): Promise<TPagedResult<TAnalyticsReport>> {
  assertInternal(auth);
  return pageReports(ctx.db, request, toReport);
}

export async function getReport(ctx: AppContext, auth: AuthContext, id: string): Promise<TAnalyticsReport> {
  assertInternal(auth);
  const row = await findReport(ctx.db, id);
  if (!row) throw notFound('Report');
  return toReport(row);
}

export async function createReport(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  body: ReportInput,
): Promise<string> {
  assertInternal(auth);
  validateDefinition(body.sql, body.parameters);
  return ctx.db.transaction(async (tx) => {
    const id = await insertReport(tx, {
      name: body.name,
      description: body.description,
      sql: body.sql,
      parameters: body.parameters,
      chart: body.chart ?? null,
      createdBy: auth.user.id,
    });
    await writeAudit(
      tx,
      {
        action: 'analytics.report.create',
        targetType: 'analytics-report',
        targetId: id,
        details: { name: body.name, sql: clip(body.sql) },
      },
      req,
    );
    return id;
  });
}

export async function changeReport(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  id: string,
  body: ReportUpdate,
): Promise<void> {
  const current = await getReport(ctx, auth, id);
  validateDefinition(body.sql ?? current.sql, body.parameters ?? current.parameters);
  const values: Record<string, unknown> = {};
  const changed: string[] = [];
  for (const key of ['name', 'description', 'sql', 'parameters', 'chart'] as const) {
    if (body[key] === undefined) continue;
    if (JSON.stringify(body[key]) === JSON.stringify(current[key])) continue;
    values[key] = body[key] ?? null;
    changed.push(key);
  }
  if (!changed.length) return;
  await ctx.db.transaction(async (tx) => {
    await updateReport(tx, id, values);
    await writeAudit(
      tx,
      {
        action: 'analytics.report.update',
        targetType: 'analytics-report',
        targetId: id,
        details: { changed, ...(body.sql !== undefined && changed.includes('sql') ? { sql: clip(body.sql) } : {}) },
      },
      req,
    );
  });
}

export async function removeReport(ctx: AppContext, req: FastifyRequest, auth: AuthContext, id: string): Promise<void> {
  const current = await getReport(ctx, auth, id);
  await ctx.db.transaction(async (tx) => {
    await deleteReport(tx, id);
    await writeAudit(
      tx,
      {
        action: 'analytics.report.delete',
        targetType: 'analytics-report',
        targetId: id,
        details: { name: current.name },
      },
      req,
    );
  });
}

interface RunSpec {
  sql: string;
  parameters: readonly TAnalyticsParameter[];
  values: TAnalyticsValues;
  reportId?: string;
  purpose: 'run' | 'export';
  userId: string;
}

async function execute(ctx: AppContext, req: FastifyRequest, spec: RunSpec): Promise<TAnalyticsResult> {
  const limits = analyticsLimits(ctx.config);
  const rowLimit = spec.purpose === 'export' ? limits.exportRowLimit : limits.rowLimit;
  const action = spec.reportId ? `analytics.report.${spec.purpose}` : `analytics.query.${spec.purpose}`;
  const target = spec.reportId
    ? { targetType: 'analytics-report', targetId: spec.reportId }
    : { targetType: 'analytics-query', targetId: null };
  const detail = spec.reportId ? {} : { sql: clip(spec.sql) };
  try {
    const prepared = prepareQuery(spec.sql, spec.parameters, spec.values, rowLimit);
    const out = await runReadOnly(ctx, spec.userId, prepared, limits);
    const truncated = out.rows.length > rowLimit;
    const rows = truncated ? out.rows.slice(0, rowLimit) : out.rows;
    await writeAudit(
      ctx.db,
      { action, ...target, details: { ...detail, rowCount: rows.length, durationMs: out.durationMs } },
      req,
    );
    return { columns: out.columns, rows, rowCount: rows.length, truncated, rowLimit, durationMs: out.durationMs };
  } catch (err) {
    if (err instanceof AppError) {
      const refusedWrite =
        /^Only read-only queries are allowed|^Only the documented analytics views|^The function \S+ is not available/.test(
          err.message,
        );
      await writeAudit(
        ctx.db,
        {
          action,
          ...target,
          outcome: refusedWrite ? 'denied' : 'failure',
          details: { ...detail, error: err.message.slice(0, 500) },
        },
        req,
      );
    }
    throw err;
  }
}

export async function runAdHoc(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  body: { sql: string; parameters: TAnalyticsParameter[]; values: TAnalyticsValues },
  purpose: 'run' | 'export' = 'run',
): Promise<TAnalyticsResult> {
  assertInternal(auth);
  return execute(ctx, req, { ...body, purpose, userId: auth.user.id });
}

export async function runReport(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  id: string,
  values: TAnalyticsValues,
  purpose: 'run' | 'export' = 'run',
): Promise<{ report: TAnalyticsReport; result: TAnalyticsResult }> {
  const report = await getReport(ctx, auth, id);
  const result = await execute(ctx, req, {
    sql: report.sql,
    parameters: report.parameters,
    values,
    reportId: id,
    purpose,
    userId: auth.user.id,
  });
  return { report, result };
}
