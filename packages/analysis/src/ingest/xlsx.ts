/**
 * XLSX → UTF-8 CSV (one worksheet) and XLSX → first rows, for ingest and preview. A workbook is untrusted input
 * (DESIGN §6): it is read off the calling thread, in a worker with a capped heap and a wall clock
 * (xlsx-worker.mjs → xlsx-convert.ts), which also counts the bytes the zip really inflates, caps rows, columns and
 * the bytes written, and never writes blank fill ahead of content. A hostile workbook ends in an AnalysisInputError
 * (XLSX_TOO_LARGE, XLSX_INVALID, XLSX_TIMEOUT, TOO_MANY_COLUMNS, TOO_MANY_ROWS, LINE_TOO_LONG, UNKNOWN_SHEET) within
 * seconds and bounded memory; the caller's thread keeps serving.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { AnalysisInputError } from '../errors.ts';
import type { InputErrorCode } from '../errors.ts';
import {
  DEFAULT_XLSX_MAX_BYTES,
  XLSX_CONVERT_TIMEOUT_MS,
  XLSX_MAX_CONCURRENT,
  XLSX_PREVIEW_TIMEOUT_MS,
  XLSX_WORKER_HEAP_MB,
  formatMb,
} from './limits.ts';
import type { ConvertJob, ConvertResult } from './xlsx-convert.ts';
import { readCentralDirectory } from './zip.ts';
import type { InputKind } from './datapoints.ts';

export { DEFAULT_XLSX_MAX_BYTES };

/**
 * Sum of uncompressed sizes declared in the zip central directory (a quick refusal of honest bombs; the bytes
 * really inflated are counted in the worker). Throws XLSX_INVALID when the file is not a zip.
 */
export function declaredUncompressedSize(file: string): number {
  return readCentralDirectory(file, { file: path.basename(file) }).reduce((n, e) => n + e.size, 0);
}

// At most XLSX_MAX_CONCURRENT workers at once; the others wait their turn.
let running = 0;
const waiting: (() => void)[] = [];
async function slot(): Promise<() => void> {
  if (running >= XLSX_MAX_CONCURRENT) await new Promise<void>((r) => waiting.push(r));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

type Reply =
  | { ok: true; result: ConvertResult }
  | { ok: false; error: { code?: InputErrorCode; reason?: string; row?: number; column?: string; message?: string } };

/** Runs one conversion in a worker with a capped heap and a wall clock. */
async function inWorker(job: ConvertJob, timeoutMs: number, heapMb = XLSX_WORKER_HEAP_MB): Promise<ConvertResult> {
  const where = { file: job.label };
  const release = await slot();
  try {
    return await new Promise<ConvertResult>((resolve, reject) => {
      const worker = new Worker(new URL('./xlsx-worker.mjs', import.meta.url), {
        workerData: job,
        resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: Math.min(32, heapMb / 4) },
      });
      let settled = false;
      const settle = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        fn();
        void worker.terminate();
      };
      const timer = setTimeout(
        () =>
          settle(() =>
            reject(
              new AnalysisInputError(
                'XLSX_TIMEOUT',
                `reading the workbook took longer than ${Math.round(timeoutMs / 1000)} s; save the worksheet as CSV and upload that instead`,
                where,
              ),
            ),
          ),
        timeoutMs,
      );
      worker.on('message', (m: Reply) =>
        settle(() => {
          if (m.ok) resolve(m.result);
          else if (m.error.code)
            reject(
              new AnalysisInputError(m.error.code, m.error.reason ?? 'the workbook cannot be read', {
                ...where,
                ...(m.error.row !== undefined ? { row: m.error.row } : {}),
                ...(m.error.column ? { column: m.error.column } : {}),
              }),
            );
          else
            reject(new AnalysisInputError('XLSX_INVALID', `could not read the workbook (${m.error.message})`, where));
        }),
      );
      worker.on('error', (e: Error & { code?: string }) =>
        settle(() =>
          reject(
            e.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? new AnalysisInputError(
                  'XLSX_TOO_LARGE',
                  `reading the workbook needs more than ${heapMb} MB of memory; save the worksheet as CSV and upload that instead`,
                  where,
                )
              : new AnalysisInputError('XLSX_INVALID', `could not read the workbook (${e.message})`, where),
          ),
        ),
      );
      worker.on('exit', (code) =>
        settle(() =>
          reject(
            new AnalysisInputError('XLSX_INVALID', `could not read the workbook (reader exited with ${code})`, where),
          ),
        ),
      );
    });
  } finally {
    release();
  }
}

function refuseDeclared(file: string, maxBytes: number, label: string): void {
  const declared = declaredUncompressedSize(file);
  if (declared > maxBytes)
    throw new AnalysisInputError(
      'XLSX_TOO_LARGE',
      `the workbook inflates to ${formatMb(declared)}, over the ${formatMb(maxBytes)} limit; save the worksheet as CSV and upload that instead`,
      { file: label },
    );
}

export interface XlsxToCsvOptions {
  /** limit of bytes inflated from the zip and of CSV bytes written (default 1 GiB) */
  maxBytes?: number;
  /** worksheet by name or 0-based index; default: the one whose first rows best hold a table of `kind` */
  sheet?: string | number;
  /** the input kind of the table (to choose the worksheet) */
  kind?: InputKind;
  /** wall clock of the conversion (default XLSX_CONVERT_TIMEOUT_MS) */
  timeoutMs?: number;
  /** heap of the worker (default XLSX_WORKER_HEAP_MB) */
  heapMb?: number;
}

/**
 * Writes one worksheet of `file` to `out` as UTF-8 CSV, keeping spreadsheet row numbering (line N = row N; empty
 * rows between rows with content are written as empty lines, trailing ones are not). `sheets` lists every worksheet
 * in tab order; `sheet` is the one written. The third argument may also be the byte limit alone (older callers).
 */
export async function xlsxToCsv(
  file: string,
  out: string,
  opts: XlsxToCsvOptions | number = {},
): Promise<{ rows: number; sheets: string[]; sheet: string }> {
  const o = typeof opts === 'number' ? { maxBytes: opts } : opts;
  const maxBytes = o.maxBytes ?? DEFAULT_XLSX_MAX_BYTES;
  const label = path.basename(file);
  refuseDeclared(file, maxBytes, label);
  const scratch = mkdtempSync(path.join(path.dirname(out), '.xlsx-'));
  try {
    const r = await inWorker(
      {
        mode: 'csv',
        file: path.resolve(file),
        label,
        out: path.resolve(out),
        scratch,
        maxBytes,
        ...(o.sheet !== undefined ? { sheet: o.sheet } : {}),
        ...(o.kind ? { kind: o.kind } : {}),
      },
      o.timeoutMs ?? XLSX_CONVERT_TIMEOUT_MS,
      o.heapMb,
    );
    return { rows: r.rows, sheets: r.sheets, sheet: r.sheet };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * The first `rows` rows with content of one worksheet (same choice of worksheet as xlsxToCsv), as dense arrays of
 * cell text without trailing empty cells, with their spreadsheet row numbers.
 */
export async function readXlsxRows(
  file: string,
  opts: { rows: number; sheet?: string | number; maxBytes?: number; timeoutMs?: number; heapMb?: number },
): Promise<{ rows: string[][]; rowNumbers: number[]; sheets: string[]; sheet: string }> {
  const label = path.basename(file);
  refuseDeclared(file, opts.maxBytes ?? DEFAULT_XLSX_MAX_BYTES, label);
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'sx-xlsx-'));
  try {
    const r = await inWorker(
      {
        mode: 'rows',
        file: path.resolve(file),
        label,
        scratch,
        maxBytes: opts.maxBytes ?? DEFAULT_XLSX_MAX_BYTES,
        maxRows: opts.rows,
        ...(opts.sheet !== undefined ? { sheet: opts.sheet } : {}),
      },
      opts.timeoutMs ?? XLSX_PREVIEW_TIMEOUT_MS,
      opts.heapMb,
    );
    return { rows: r.data ?? [], rowNumbers: r.rowNumbers ?? [], sheets: r.sheets, sheet: r.sheet };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
