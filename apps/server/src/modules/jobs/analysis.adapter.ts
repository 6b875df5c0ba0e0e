/**
 * The server's one doorway into the analysis engine (packages/analysis): upload inspection, validation, the
 * datapoints each input kind takes, and the ruleset versions in force. Engine errors about the input become
 * user-facing messages naming the file, row and column.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TInputKind, TJobFile, TValidationReport } from '@sextant/shared';
import { AnalysisInputError } from '@sextant/analysis/errors';
import { isLimitError } from '@sextant/analysis/ingest/limits';
import { previewFile } from '@sextant/analysis/ingest/preview';
import { ingestFile, type ColumnMapping } from '@sextant/analysis/ingest/ingest';
import { DATAPOINTS, KIND_DATAPOINTS, KIND_REQUIRED } from '@sextant/analysis/ingest/datapoints';
import { defaultConfidenceRuleset, defaultScoringRuleset } from '@sextant/analysis/score/defaults';
import { AppError } from '../../lib/errors.ts';

const PREVIEW_ROWS = 10;
const REPORTED_ISSUES = 50;

export function datapointsOf(kind: TInputKind): TJobFile['datapoints'] {
  return KIND_DATAPOINTS[kind].map((key) => ({
    key,
    label: DATAPOINTS[key].label,
    required: KIND_REQUIRED[kind].includes(key),
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
}

/** Reads the first rows, detects encoding, delimiter and the column mapping. Unreadable files are a 400. */
export async function inspectUpload(
  file: string,
  _format: 'csv' | 'xlsx',
  kind: TInputKind,
  originalName: string,
): Promise<Inspection> {
  try {
    const p = await previewFile(file, { rows: PREVIEW_ROWS, kind });
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
    };
  } catch (err) {
    throw asUserError(err, originalName);
  }
}

/**
 * Validates every row with the mapping by ingesting into a scratch folder (streamed, bounded memory).
 * Row-level problems are listed; file-level problems come back as `fatal`.
 */
export async function validateUpload(
  file: string,
  _format: 'csv' | 'xlsx',
  kind: TInputKind,
  mapping: Record<string, string | null>,
  hints: { delimiter: string | null },
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
    });
    // Errors first (rows not used), then warnings (values left empty), each by row.
    const ordered = [...report.issues].sort((a, b) =>
      a.severity === b.severity ? a.row - b.row : a.severity === 'error' ? -1 : 1,
    );
    return {
      rowCount: report.rowsRead,
      validRowCount: report.rowsAccepted,
      errorCount: report.rowsRejected,
      warningCount: Math.max(0, report.issueCount - report.rowsRejected),
      issues: ordered
        .slice(0, REPORTED_ISSUES)
        .map((i) => ({ row: i.row, column: i.column, reason: i.reason, severity: i.severity })),
      fatal: report.rowsAccepted === 0 ? 'No row has a supplier name or id; check the column mapping' : null,
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
        fatal: err.message,
      };
    }
    throw err;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
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
  return err;
}

/** Versions of the rulesets in force: the shipped defaults until rulesets are editable in the admin area. */
export function rulesetVersions(): { scoring: string; confidence: string } {
  return { scoring: String(defaultScoringRuleset().version), confidence: String(defaultConfidenceRuleset().version) };
}
