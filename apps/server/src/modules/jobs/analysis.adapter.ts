/**
 * The server's one doorway into the analysis engine (packages/analysis): upload inspection, validation, the
 * datapoints each input kind takes. Engine errors about the input become
 * user-facing messages naming the file, row and column.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TFileLayout, TInputKind, TJobFile, TJobType, TValidationReport } from '@sextant/shared';
import {
  AnalysisInputError,
  type ColumnMapping,
  DATAPOINTS,
  ingestFile,
  isLimitError,
  KIND_DATAPOINTS,
  KIND_REQUIRED,
  previewFile,
} from '@sextant/analysis';
import { AppError } from '../../lib/errors.ts';

const PREVIEW_ROWS = 10;
const REPORTED_ISSUES = 50;

/** The datapoints of a kind; a Summary Upload (base) job needs the suppliers' spend too (see spendProblem). */
export function datapointsOf(kind: TInputKind, jobType?: TJobType): TJobFile['datapoints'] {
  return KIND_DATAPOINTS[kind].map((key) => ({
    key,
    label: DATAPOINTS[key].label,
    required: KIND_REQUIRED[kind].includes(key) || (jobType === 'base' && kind === 'suppliers' && key === 'amount'),
  }));
}

export interface Inspection {
  format: 'csv' | 'xlsx';
  encoding: string | null;
  delimiter: string | null;
  headers: string[];
  preview: string[][];
  mapping: Record<string, string | null>;
  datapoints: TJobFile['datapoints'];
  /** A problem that stops the import (no supplier name column…), shown on the page for the user to fix. */
  fatal: string | null;
  layout: TFileLayout;
}

/** The header row and worksheet the user chose (absent: detected). */
export interface LayoutChoice {
  headerRow?: number | undefined;
  sheet?: string | undefined;
}

/** Reads the first rows, detects encoding, delimiter and the column mapping. Unreadable files are a 400. */
export async function inspectUpload(
  file: string,
  _format: 'csv' | 'xlsx',
  kind: TInputKind,
  originalName: string,
  choice: LayoutChoice = {},
): Promise<Inspection> {
  try {
    const p = await previewFile(file, {
      rows: PREVIEW_ROWS,
      kind,
      ...(choice.headerRow !== undefined ? { headerRow: choice.headerRow } : {}),
      ...(choice.sheet !== undefined ? { sheet: choice.sheet } : {}),
    });
    const datapoints = datapointsOf(kind);
    const mapping: Record<string, string | null> = Object.fromEntries(
      datapoints.map((d) => [d.key, p.detected.mapping[d.key as keyof typeof p.detected.mapping] ?? null]),
    );
    const missing = p.detected.missingRequired.map((k) => DATAPOINTS[k].label);
    return {
      format: p.format,
      encoding: p.encoding,
      delimiter: p.delimiter,
      headers: p.headers,
      preview: p.rows,
      mapping,
      datapoints,
      fatal: missing.length
        ? `No column was recognised as ${missing.join(' or ')}; choose it in the column mapping`
        : null,
      layout: {
        headerRow: p.headerRow,
        detectedHeaderRow: p.detectedHeaderRow,
        sheets: p.sheets,
        sheet: p.sheet,
        top: p.top.map((r) => ({ row: r.row, cells: r.cells.slice(0, 40).map((c) => c.slice(0, 200)) })),
        previewRows: p.rowNumbers,
      },
    };
  } catch (err) {
    throw asUserError(err, originalName);
  }
}

/** Where in the file an input error is ("row 3, column \"Amount\""), without the stored file's id. */
const placeOf = (err: AnalysisInputError) =>
  [err.row !== undefined ? `row ${err.row}` : null, err.column ? `column "${err.column}"` : null]
    .filter(Boolean)
    .join(', ');

/**
 * Validates every row with the mapping by ingesting into a scratch folder (streamed, bounded memory).
 * Row-level problems are listed; file-level problems come back as `fatal`.
 */
export async function validateUpload(
  file: string,
  _format: 'csv' | 'xlsx',
  kind: TInputKind,
  mapping: Record<string, string | null>,
  hints: { delimiter: string | null } & LayoutChoice,
  originalName = path.basename(file),
): Promise<TValidationReport> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'sextant-validate-'));
  try {
    const report = await ingestFile({
      file,
      kind,
      workDir: scratch,
      mapping: mapping as ColumnMapping,
      ...(hints.delimiter ? { delimiter: hints.delimiter } : {}),
      ...(hints.headerRow !== undefined ? { headerRow: hints.headerRow } : {}),
      ...(hints.sheet !== undefined ? { sheet: hints.sheet } : {}),
    });
    const notUsed = report.rowsRejected - report.rowsTotals;
    // Errors first (rows not used), then warnings (values left empty), each by row.
    const ordered = [...report.issues].sort((a, b) =>
      a.severity === b.severity ? a.row - b.row : a.severity === 'error' ? -1 : 1,
    );
    return {
      rowCount: report.rowsRead,
      validRowCount: report.rowsAccepted,
      errorCount: report.rowsRejected,
      warningCount: Math.max(0, report.issueCount - notUsed - report.rowsTotals),
      totalsRows: report.rowsTotals,
      amountTotals: report.amountTotals,
      issues: ordered.slice(0, REPORTED_ISSUES).map((i) => ({
        row: i.row,
        column: i.column,
        value: i.value === null ? null : i.value.slice(0, 200),
        reason: i.reason,
        severity: i.severity,
      })),
      fatal:
        report.rowsRead === 0
          ? 'The file has a header but no data rows'
          : report.rowsAccepted === 0
            ? 'No row has a supplier name or id; check the column mapping'
            : null,
    };
  } catch (err) {
    // A file past a limit (a workbook that inflates or fills gigabytes…) is refused outright, not stored as invalid.
    if (isLimitError(err)) throw asUserError(err, originalName);
    if (err instanceof AnalysisInputError) {
      return {
        rowCount: 0,
        validRowCount: 0,
        errorCount: 0,
        warningCount: 0,
        issues: err.row
          ? [{ row: err.row, column: err.column ?? null, reason: err.reason, severity: 'error' as const }]
          : [],
        // The engine's message names the stored file (an id); the user knows the file by the name they uploaded,
        // which every message around this one already carries: say where in the file, then why.
        fatal: placeOf(err) ? `${placeOf(err)}: ${err.reason}` : err.reason,
      };
    }
    // Anything else the engine raised is a file it could not read: a file-level problem for the user, never a
    // 500 with the engine's own words.
    return {
      rowCount: 0,
      validRowCount: 0,
      errorCount: 0,
      warningCount: 0,
      issues: [],
      fatal: `The file could not be read as a table: ${engineReason(err)}`,
    };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** A user-facing reason for an engine failure on a file (the engine's own text is not shown). */
export function engineReason(err: unknown): string {
  const m = err instanceof Error ? err.message : String(err);
  if (/sniff|dialect|delimiter/i.test(m))
    return 'its rows could not be split into columns (check that every row has as many fields as the header, and the quotes)';
  if (/unicode|utf-?8|encoding/i.test(m)) return 'its text encoding could not be read; save it as UTF-8 CSV';
  if (/out of memory|memory limit/i.test(m)) return 'it needs more memory than is available; split the file';
  if (/zip|xlsx|workbook|sheet/i.test(m)) return 'the workbook is damaged or not a valid XLSX file';
  return 'its content is not a CSV or XLSX table the analysis can read';
}

function asUserError(err: unknown, originalName: string): unknown {
  if (err instanceof AnalysisInputError) {
    const where = [err.row !== undefined ? `row ${err.row}` : null, err.column ? `column "${err.column}"` : null]
      .filter(Boolean)
      .join(', ');
    return new AppError(
      isLimitError(err) ? 413 : 400,
      'ValidationError',
      `"${originalName}"${where ? ` (${where})` : ''}: ${err.reason}`,
      [{ path: 'file', message: err.reason }],
    );
  }
  if (err instanceof AppError) return err;
  const reason = engineReason(err);
  return new AppError(400, 'ValidationError', `"${originalName}" could not be read as a table: ${reason}`, [
    { path: 'file', message: reason },
  ]);
}
