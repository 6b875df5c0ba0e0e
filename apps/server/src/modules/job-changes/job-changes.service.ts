/**
 * What changed since the previous run of a job: computed once per completed re-run (the jobChanges.compute command,
 * job-changes.commands.ts, or on the first request for a run completed before it existed) and kept with the run's
 * results as `<run>/changes/changes.parquet` (one row per supplier that changed) and `changes.json` (both runs and
 * the totals). The Details tab, the download and GET /api/v1/jobs/{jobId}/changes read them.
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { PassThrough, type Readable } from 'node:stream';
import {
  ERROR_CODES,
  RUN_CHANGE_KIND_LABELS,
  ZRunChangeTotals,
  type TRunChangeSupplier,
  type TRunChangeTotals,
  type TRunChanges,
  type TRunChangesQuery,
} from '@sextant/shared';
import { withDb } from '@sextant/analysis';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { tempPathFor } from '../../lib/durable-fs.ts';
import { lit, queryRows, type JobResults } from '../../lib/duckdb/index.ts';
import { csvBody, csvSafe } from '../jobs/index.ts';
import { changeTotalsSql, runChangesSql, withoutScoreChangesSql, type RunTable } from './job-changes-sql.ts';
import { previousCompletedRun, runWithJob } from './job-changes.repo.ts';

/** changes.json: the two runs and the totals. */
export interface StoredChanges {
  runId: string;
  runNumber: number;
  previousRunId: string;
  previousRunNumber: number;
  computedAt: string;
  scoringRulesetVersions: { before: string | null; after: string | null };
  confidenceRulesetVersions: { before: string | null; after: string | null };
  totals: TRunChangeTotals;
}

const changesKey = (resultPath: string) => `${resultPath}/changes`;

export type ComputeOutcome =
  { kind: 'computed'; stored: StoredChanges } | { kind: 'firstRun'; runNumber: number } | { kind: 'gone' };

/** Per-process: one computation per run at a time (a request and the command may ask together). */
const inFlight = new Map<string, Promise<ComputeOutcome>>();

/** Computes and stores the changes of a completed run against the job's completed run before it. */
export function computeRunChanges(ctx: AppContext, runId: string): Promise<ComputeOutcome> {
  let p = inFlight.get(runId);
  if (!p) {
    p = compute(ctx, runId).finally(() => inFlight.delete(runId));
    inFlight.set(runId, p);
  }
  return p;
}

async function compute(ctx: AppContext, runId: string): Promise<ComputeOutcome> {
  const rc = await runWithJob(ctx.db, runId);
  if (!rc) return { kind: 'gone' };
  const { run, job } = rc;
  if (run.status !== 'Completed') throw new Error(`Run ${run.runNumber} is ${run.status}, not Completed`);
  const prev = await previousCompletedRun(ctx.db, job.id, run.runNumber);
  if (!prev) return { kind: 'firstRun', runNumber: run.runNumber };
  const supplierFile = async (resultPath: string, runNumber: number) => {
    const file = path.join(await ctx.blobs.localDir(`${resultPath}/results`), 'suppliers.parquet');
    if (!existsSync(file))
      throw new AppError(
        409,
        ERROR_CODES.conflict,
        `Run ${runNumber} has no supplier results to compare (its results were removed)`,
      );
    return file;
  };
  const before = await supplierFile(prev.resultPath, prev.runNumber);
  const after = await supplierFile(run.resultPath, run.runNumber);
  const key = changesKey(run.resultPath);
  const out = tempPathFor(ctx.blobs.scratchDir(key));
  await mkdir(out, { recursive: true });
  try {
    const stored = await withDb({ threads: 1, memoryLimit: '512MB', tempDir: path.join(out, '.tmp') }, async (db) => {
      const columnsOf = async (file: string): Promise<RunTable> => {
        const table = `read_parquet(${lit(file)})`;
        const cols = await db.all<{ column_name: string }>(`DESCRIBE SELECT * FROM ${table}`);
        return { table, columns: new Set(cols.map((c) => c.column_name)) };
      };
      const file = path.join(out, 'changes.parquet');
      await db.run(
        `COPY (${runChangesSql(await columnsOf(before), await columnsOf(after))} ORDER BY coalesce(spendAfter, spendBefore) DESC NULLS LAST, supplierKey) TO ${lit(file)} (FORMAT parquet, COMPRESSION zstd)`,
      );
      const totals = ZRunChangeTotals.parse(await db.one(changeTotalsSql(`read_parquet(${lit(file)})`)));
      return {
        runId: run.id,
        runNumber: run.runNumber,
        previousRunId: prev.id,
        previousRunNumber: prev.runNumber,
        computedAt: new Date().toISOString(),
        scoringRulesetVersions: { before: prev.scoringRulesetVersion, after: run.scoringRulesetVersion },
        confidenceRulesetVersions: { before: prev.confidenceRulesetVersion, after: run.confidenceRulesetVersion },
        totals,
      } satisfies StoredChanges;
    });
    await rm(path.join(out, '.tmp'), { recursive: true, force: true });
    await writeFile(path.join(out, 'changes.json'), JSON.stringify(stored, null, 2));
    await ctx.blobs.publishDir(key, out);
    return { kind: 'computed', stored };
  } catch (err) {
    await rm(out, { recursive: true, force: true });
    throw err;
  }
}

/** One line for the job log and the notification: the totals in words. */
export function changesSentence(s: StoredChanges): string {
  const t = s.totals;
  if (t.suppliersChanged === 0) return `Run ${s.runNumber} against run ${s.previousRunNumber}: nothing changed`;
  const parts = (
    [
      ['supplierAdded', 'new'],
      ['supplierRemoved', 'gone'],
      ['matchGained', 'new matches'],
      ['matchLost', 'lost matches'],
      ['merchantChanged', 'matched to another merchant'],
      ['confidenceChanged', `confidence moves (${t.confidenceUp} up, ${t.confidenceDown} down)`],
      ['capabilityChanged', 'card capability changes'],
      ['scoreLevelChanged', 'with score level changes'],
      ['acceptanceChanged', 'acceptance prediction changes'],
    ] as const
  )
    .filter(([k]) => (t[k] ?? 0) > 0)
    .map(([k, words]) => `${t[k]} ${words}`);
  return `Run ${s.runNumber} against run ${s.previousRunNumber}: ${t.suppliersChanged} supplier${t.suppliersChanged === 1 ? '' : 's'} changed — ${parts.join(', ')}`;
}

/** The stored changes of the job's latest completed run (computed now when missing). 404 for a first run. */
async function storedChangesOf(ctx: AppContext, res: JobResults): Promise<{ stored: StoredChanges; file: string }> {
  const key = changesKey(res.key);
  if (!(await ctx.blobs.stat(`${key}/changes.json`))) {
    const outcome = await computeRunChanges(ctx, res.runId);
    if (outcome.kind === 'firstRun')
      throw new AppError(
        404,
        ERROR_CODES.notFound,
        `Run ${outcome.runNumber} is this job's first completed run: there is no previous run to compare with. Changes are shown after a re-run.`,
      );
    if (outcome.kind === 'gone') throw new AppError(404, ERROR_CODES.notFound, 'Run was not found');
  }
  const dir = await ctx.blobs.localDir(key);
  const stored = JSON.parse(await readFile(path.join(dir, 'changes.json'), 'utf8')) as StoredChanges;
  return { stored, file: path.join(dir, 'changes.parquet') };
}

/**
 * Whether the caller sees score-level changes (SuppliersScore_VIEW, as for the scores in the supplier lists and the
 * supplier page): without it every score-level change, and a supplier whose only change was one, is left out of the
 * list, the totals and the download.
 */
interface ChangesViewer {
  withScores: boolean;
}

/** The changes file as the viewer may read it. */
const changesTable = (file: string, viewer: ChangesViewer) =>
  viewer.withScores ? `read_parquet(${lit(file)})` : withoutScoreChangesSql(`read_parquet(${lit(file)})`);

function where(file: string, q: TRunChangesQuery, viewer: ChangesViewer): { sql: string; params: string[] } {
  const conds: string[] = [];
  const params: string[] = [];
  if (q.kind) {
    params.push(q.kind);
    conds.push(`list_contains(kinds, $${params.length})`);
  }
  if (q.search?.trim()) {
    params.push(`%${q.search.trim().toLowerCase()}%`);
    conds.push(`(lower(supplierName) LIKE $${params.length} OR lower(supplierKey) LIKE $${params.length})`);
  }
  return {
    sql: `FROM ${changesTable(file, viewer)} ${conds.length ? `WHERE ${conds.join(' AND ')}` : ''}`,
    params,
  };
}

/** The stored totals, or for a viewer without scores the totals of what they see, without the score fields. */
async function totalsFor(file: string, stored: StoredChanges, viewer: ChangesViewer): Promise<TRunChangeTotals> {
  if (viewer.withScores) return stored.totals;
  const [row] = await queryRows<Record<string, unknown>>(changeTotalsSql(changesTable(file, viewer)));
  const { scoreLevelChanged: _level, scoreLevels: _levels, ...seen } = ZRunChangeTotals.parse(row);
  return seen;
}

/** The totals and one page of the suppliers that changed. */
export async function runChanges(
  ctx: AppContext,
  res: JobResults,
  q: TRunChangesQuery,
  viewer: ChangesViewer,
): Promise<TRunChanges> {
  const { stored, file } = await storedChangesOf(ctx, res);
  const w = where(file, q, viewer);
  const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(`SELECT count(*)::INTEGER AS n ${w.sql}`, w.params);
  const collection = await queryRows<TRunChangeSupplier>(
    `SELECT supplierKey, supplierName, spendBefore, spendAfter, kinds, changes ${w.sql}
     ORDER BY coalesce(spendAfter, spendBefore) DESC NULLS LAST, supplierKey
     LIMIT ${q.pageSize} OFFSET ${(q.pageNumber - 1) * q.pageSize}`,
    w.params,
  );
  const totalPages = Math.max(1, Math.ceil(n / q.pageSize));
  return {
    runId: stored.runId,
    runNumber: stored.runNumber,
    previousRunId: stored.previousRunId,
    previousRunNumber: stored.previousRunNumber,
    computedAt: stored.computedAt,
    scoringRulesetVersions: stored.scoringRulesetVersions,
    confidenceRulesetVersions: stored.confidenceRulesetVersions,
    totals: await totalsFor(file, stored, viewer),
    suppliers: {
      collection,
      currentPage: q.pageNumber,
      pageSize: q.pageSize,
      totalCount: n,
      totalPages,
      hasNextPage: q.pageNumber < totalPages,
      hasPreviousPage: q.pageNumber > 1,
    },
  };
}

export const CHANGE_EXPORT_HEADERS = [
  'Supplier key',
  'Supplier',
  'Spend before',
  'Spend after',
  'Change',
  'What',
  'Before',
  'After',
  'Reason',
];

/** Every change of the (filtered) suppliers as CSV or XLSX, one row per change. */
export async function runChangesExport(
  ctx: AppContext,
  res: JobResults,
  q: TRunChangesQuery,
  format: 'csv' | 'xlsx',
  viewer: ChangesViewer,
): Promise<{ filename: string; contentType: string; body: Readable }> {
  const { stored, file } = await storedChangesOf(ctx, res);
  const w = where(file, q, viewer);
  const rows = await queryRows<{
    supplierKey: string;
    supplierName: string | null;
    spendBefore: number | null;
    spendAfter: number | null;
    kind: keyof typeof RUN_CHANGE_KIND_LABELS;
    field: string;
    before: string | null;
    after: string | null;
    reason: string | null;
  }>(
    `SELECT supplierKey, supplierName, spendBefore, spendAfter, c.kind, c.field, c."before", c."after", c.reason
     FROM (SELECT supplierKey, supplierName, spendBefore, spendAfter, unnest(changes) AS c ${w.sql})
     ORDER BY coalesce(spendAfter, spendBefore) DESC NULLS LAST, supplierKey`,
    w.params,
  );
  const cells = rows.map((r) => [
    r.supplierKey,
    r.supplierName,
    r.spendBefore,
    r.spendAfter,
    RUN_CHANGE_KIND_LABELS[r.kind] ?? r.kind,
    r.field,
    r.before,
    r.after,
    r.reason,
  ]);
  const base = `${res.jobName.replace(/[^\w.-]+/g, '_').slice(0, 80)}-changes-run-${stored.previousRunNumber}-to-${stored.runNumber}`;
  if (format === 'csv') {
    async function* gen() {
      yield* cells;
    }
    return {
      filename: `${base}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: csvBody(gen(), CHANGE_EXPORT_HEADERS),
    };
  }
  const { default: ExcelJS } = await import('exceljs');
  const pass = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: pass, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Changes');
  sheet.columns = CHANGE_EXPORT_HEADERS.map((h, i) => ({ header: h, key: String(i), width: i === 8 ? 60 : 18 }));
  sheet.getRow(1).font = { bold: true };
  void (async () => {
    try {
      for (const c of cells) sheet.addRow(c.map((v) => (typeof v === 'string' ? csvSafe(v) : v))).commit();
      sheet.commit();
      await workbook.commit();
    } catch (err) {
      pass.destroy(err as Error);
    }
  })();
  return {
    filename: `${base}.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body: pass,
  };
}
