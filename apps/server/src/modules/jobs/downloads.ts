/**
 * Data downloads of a job's results: the columns and headers of the issuer's stored datapoint profile,
 * as CSV or XLSX, streamed from the result Parquet in chunks (a 500k-supplier job never sits in memory), with
 * text cells that start with = + - @ tab or CR prefixed by an apostrophe in CSV so spreadsheets show them as text
 * (XLSX cells are typed as strings, never formulas).
 */
import { PassThrough, Readable, pipeline } from 'node:stream';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { stringify } from 'csv-stringify';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { columnsSql, lit } from '../../lib/duckdb/index.ts';
import { downloadSql } from './downloads-sql.ts';
import { visibleJob } from '../authorization/index.ts';
import { runViews } from './job-runs.ts';
import { runById } from './jobs.repo.ts';
import { profileForDownload } from '../datapoint-profiles/index.ts';

export const DOWNLOAD_KINDS = ['analysis-data', 'matched-data-only', 'onboarding'] as const;
export type TDownloadKind = (typeof DOWNLOAD_KINDS)[number];

/** Each download's sheet name in XLSX (the issuer's datapoint profile of that kind gives the columns and headers). */
const SHEET_NAMES: Record<TDownloadKind, string> = {
  'analysis-data': 'Analysis data',
  'matched-data-only': 'Matched data',
  onboarding: 'Onboarding data',
};

const FORMULA_START = /^[=+\-@\t\r]/;
/** Neutralises spreadsheet formulas in CSV text cells without losing the value. */
export const csvSafe = (v: string) => (FORMULA_START.test(v) ? `'${v}` : v);

function cell(v: unknown): string | number | boolean | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  if (Array.isArray(v)) return v.map((x) => String(x)).join(';');
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return String(v);
}

/**
 * Rows as a CSV response body (formula-safe cells). Joined with `pipeline`, not `pipe`: a read that fails ends the
 * body with its error instead of leaving the response open without a byte, and a client that goes away stops the
 * read (the rows' generator returns, and its `finally` closes the database connection).
 */
export function csvBody(rows: AsyncIterable<readonly unknown[]>, headers: string[]): Readable {
  const out = stringify({
    header: true,
    columns: headers,
    cast: { string: csvSafe, boolean: (b) => (b ? 'true' : 'false') },
  });
  return pipeline(Readable.from(rows), out, () => undefined);
}

export interface DownloadStream {
  filename: string;
  contentType: string;
  body: Readable;
}

export async function openDownload(
  ctx: AppContext,
  auth: AuthContext,
  jobId: string,
  kind: TDownloadKind,
  format: 'csv' | 'xlsx',
): Promise<DownloadStream> {
  const row = await visibleJob(ctx, auth, jobId);
  const runs = await runViews(ctx, jobId);
  const result = runs.find((r) => r.status === 'Completed');
  if (!result) throw new AppError(409, 'Conflict', 'This job has no results yet; run the analysis first');
  const run = await runById(ctx.db, result.id);
  const parquet = path.join(await ctx.blobs.localDir(`${run!.resultPath}/results`), 'suppliers.parquet');
  if (!existsSync(parquet)) throw notFound('Result file');
  const profiles = row.issuerDatapointProfiles;
  const profileId =
    kind === 'analysis-data'
      ? profiles.analysis
      : kind === 'matched-data-only'
        ? profiles.matchedDataOnly
        : profiles.onboarding;
  const profile = await profileForDownload(ctx.db, profileId, kind);

  // loaded on first use: both take a while to load, and a start needs neither
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const instance = await DuckDBInstance.create(':memory:', { memory_limit: '256MB', threads: '1' });
  const conn = await instance.connect();
  const close = () => {
    conn.closeSync();
    instance.closeSync();
  };
  try {
    const described = await conn.runAndReadAll(columnsSql(`read_parquet(${lit(parquet)})`));
    const available = new Set(described.getRowObjectsJS().map((r) => String(r.column_name)));
    const columns = profile.columns.filter((c) => available.has(c.datapoint));
    const sql = downloadSql(
      parquet,
      columns.map((c) => c.datapoint),
      available,
    );
    const streamed = await conn.stream(sql);
    const headers = columns.map((c) => c.header);
    async function* rows(): AsyncGenerator<(string | number | boolean | null)[]> {
      try {
        for await (const chunk of streamed.yieldRowsJs()) for (const r of chunk) yield r.map(cell);
      } finally {
        close();
      }
    }
    const base = `${row.job.name.replace(/[^\w.-]+/g, '_').slice(0, 80)}-${kind}`;
    if (format === 'csv') {
      return { filename: `${base}.csv`, contentType: 'text/csv; charset=utf-8', body: csvBody(rows(), headers) };
    }
    const { default: ExcelJS } = await import('exceljs');
    const pass = new PassThrough();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: pass, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(SHEET_NAMES[kind]);
    sheet.columns = headers.map((h) => ({ header: h, key: h, width: Math.min(40, Math.max(12, h.length + 2)) }));
    sheet.getRow(1).font = { bold: true };
    void (async () => {
      try {
        for await (const r of rows()) sheet.addRow(r).commit();
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
  } catch (err) {
    close();
    throw err;
  }
}
