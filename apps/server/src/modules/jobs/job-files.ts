/**
 * A job's files: uploads (stored under DATA_DIR, checked by content, inspected and validated by the analysis
 * engine), their layout (header row, worksheet) and column mapping, and removal.
 */
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { jobFiles } from '@sextant/db';
import {
  JOB_TYPE_INPUT_KINDS,
  type TFileLayout,
  type TInputKind,
  type TJobFile,
  type TJobType,
  type TLayoutChange,
  type TValidationReport,
} from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { AppError, conflict, fieldError, notFound } from '../../lib/errors.ts';
import { addJobLog, deleteJobFile, fileOfJob, insertJobFile, issuerInputOptions, updateJobFile } from './jobs.repo.ts';
import { uploadKey } from './job-access.ts';
import { editableJob } from './job-runs.ts';
import { assertJobChangeable } from '../authorization/index.ts';
import { datapointsOf, inspectUpload, validateUpload, type Inspection } from './analysis.adapter.ts';

/**
 * The header row and worksheet of a file are kept with its validation report (jsonb `validation.layout`), so the
 * pipeline reads the file as the user saw it in the mapping step.
 */
export function layoutOf(f: { validation: { layout?: TFileLayout } | null }): TFileLayout | null {
  return f.validation?.layout ?? null;
}

/** The hints ingest needs to read a file as validated: delimiter, header row, worksheet. */
export function readHints(f: { delimiter: string | null; validation: { layout?: TFileLayout } | null }): {
  delimiter: string | null;
  headerRow?: number;
  sheet?: string;
} {
  const layout = layoutOf(f);
  return {
    delimiter: f.delimiter,
    ...(layout ? { headerRow: layout.headerRow } : {}),
    ...(layout?.sheet ? { sheet: layout.sheet } : {}),
  };
}

/**
 * Spend per job type (docs/ARCHITECTURE.md, "Files without spend"): a matched-data-only job needs supplier names
 * only; a base (Summary Upload) job needs the suppliers' spend, so a supplier file without a spend column is
 * refused with a message naming the missing column; an advanced job takes a supplier file without spend when a
 * document file brings the amounts (checked when the run starts).
 */
export function spendProblem(jobType: TJobType, dataKind: TInputKind, mapping: Record<string, string | null>) {
  if (jobType !== 'base' || dataKind !== 'suppliers' || mapping.amount) return null;
  return 'A Summary Upload job needs each supplier’s spend, and no column was recognised as Amount; choose it in the column mapping, or use a Matched Data Only Upload job to match supplier names without spend';
}

export function fileView(f: typeof jobFiles.$inferSelect, datapoints: TJobFile['datapoints']): TJobFile {
  let validation: TValidationReport | null = null;
  if (f.validation) {
    const { layout: _layout, ...report } = f.validation;
    validation = report;
  }
  return {
    id: f.id,
    dataKind: f.dataKind,
    originalName: f.originalName,
    sizeBytes: f.sizeBytes,
    format: f.format,
    encoding: f.encoding,
    delimiter: f.delimiter,
    headers: f.headers,
    mapping: f.mapping,
    datapoints,
    preview: f.preview,
    validation,
    layout: layoutOf(f),
    status: f.status,
    createdAt: f.createdAt.toISOString(),
  };
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/** Decides the format from the content, whatever the file is called. */
export async function sniffFormat(file: string, originalName: string): Promise<'csv' | 'xlsx'> {
  const fh = await open(file, 'r');
  try {
    const { size } = await fh.stat();
    if (size === 0) throw fieldError('file', `"${originalName}" is empty`);
    const head = Buffer.alloc(Math.min(size, 8192));
    await fh.read(head, 0, head.length, 0);
    if (head.subarray(0, 4).equals(ZIP_MAGIC)) return 'xlsx';
    if (head.subarray(0, 4).equals(OLE_MAGIC)) {
      throw new AppError(
        415,
        'ValidationError',
        `"${originalName}" is an Excel 97–2003 (.xls) file; save it as .xlsx or .csv and upload again`,
        [{ path: 'file', message: 'unsupported format' }],
      );
    }
    // Text files have no NUL bytes, except UTF-16, which starts with a byte-order mark.
    const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
    if (!utf16 && head.includes(0)) {
      throw new AppError(
        415,
        'ValidationError',
        `"${originalName}" is not a CSV or XLSX file (its content is binary)`,
        [{ path: 'file', message: 'unsupported format' }],
      );
    }
    return 'csv';
  } finally {
    await fh.close();
  }
}

export async function uploadFile(
  ctx: AppContext,
  auth: AuthContext,
  jobId: string,
  dataKind: TInputKind,
  req: FastifyRequest,
): Promise<TJobFile> {
  const row = await editableJob(ctx, auth, jobId);
  assertJobChangeable(auth, row.job, 'Only the owner or a job editor can upload files');
  const iss = await issuerInputOptions(ctx.db, row.job.issuerId);
  if (!iss?.options.includes('CsvFileUpload'))
    throw conflict(
      `${iss?.name ?? 'The job’s issuer'} does not take file uploads (input data option CsvFileUpload is off); use the issuer's other input options`,
      'file',
    );
  return storeUpload(ctx, { jobId, jobType: row.job.type, dataKind, userId: auth.user.id }, req);
}

/**
 * Streams the request's one multipart file into the job's uploads folder and registers it (checked by content,
 * inspected, validated). The caller has decided who may upload into the job (a job editor, or an upload link).
 */
export async function storeUpload(
  ctx: AppContext,
  target: { jobId: string; jobType: TJobType; dataKind: TInputKind; userId: string },
  req: FastifyRequest,
): Promise<TJobFile> {
  const { jobId, dataKind } = target;
  if (!JOB_TYPE_INPUT_KINDS[target.jobType].includes(dataKind)) {
    throw fieldError('dataKind', `A ${target.jobType} job does not take ${dataKind} files`);
  }
  const limitBytes = ctx.config.UPLOAD_MAX_MB * 1024 * 1024;
  const part = await req.file({ limits: { fileSize: limitBytes, files: 1 } });
  if (!part) throw fieldError('file', 'Choose a file to upload');
  const originalName = path.basename(part.filename || 'upload');
  const fileId = crypto.randomUUID();
  const key = uploadKey(jobId, fileId);
  try {
    // whole or not at all (an upload cut by a crash is never used); `stored` is a local copy for the checks
    const stored = await ctx.blobs.put(key, part.file);
    if (part.file.truncated) {
      throw new AppError(
        413,
        'ValidationError',
        `"${originalName}" is larger than the ${ctx.config.UPLOAD_MAX_MB} MB limit`,
        [{ path: 'file', message: 'too large' }],
      );
    }
    return await registerStoredFile(ctx, {
      jobId,
      fileId,
      dataKind,
      key,
      stored,
      originalName,
      userId: target.userId,
      jobType: target.jobType,
    });
  } catch (err) {
    await ctx.blobs.delete(key).catch(() => undefined);
    // drain what is left of the request so the client gets the answer instead of a reset connection
    part.file.resume();
    throw err;
  }
}

/**
 * Checks, inspects and validates a file already in the blob store under `key` (`stored`: a local copy of it), and
 * records it.
 */
export async function registerStoredFile(
  ctx: AppContext,
  f: {
    jobId: string;
    fileId: string;
    dataKind: TInputKind;
    key: string;
    stored: string;
    originalName: string;
    userId: string;
    jobType?: TJobType;
  },
): Promise<TJobFile> {
  const { jobId, fileId, dataKind, stored, originalName } = f;
  const format = await sniffFormat(stored, originalName);
  const inspected = await inspectUpload(stored, format, dataKind, originalName);
  const validation = await validateInspected(
    stored,
    format,
    dataKind,
    inspected,
    f.jobType ?? 'advanced',
    originalName,
  );
  const size = (await stat(stored)).size;
  const saved = await ctx.db.transaction(async (tx) => {
    const out = await insertJobFile(tx, {
      id: fileId,
      jobArtifactId: jobId,
      dataKind,
      originalName,
      storedPath: f.key,
      sizeBytes: size,
      format,
      encoding: inspected.encoding,
      delimiter: inspected.delimiter,
      headers: inspected.headers,
      mapping: inspected.mapping,
      preview: inspected.preview,
      validation: { ...validation, layout: inspected.layout },
      status: validation.fatal ? 'invalid' : 'validated',
      uploadedBy: f.userId,
    });
    await addJobLog(tx, {
      jobId,
      message: `Uploaded ${originalName} (${dataKind}, ${size} bytes): ${validation.fatal ?? `${validation.validRowCount} of ${validation.rowCount} rows valid`}`,
      level: validation.fatal ? 'warn' : 'info',
    });
    return out;
  });
  return fileView(saved, datapointsOf(dataKind, f.jobType));
}

/** Validates every row of an inspected file with its detected mapping, header row and worksheet. */
async function validateInspected(
  stored: string,
  format: 'csv' | 'xlsx',
  dataKind: TInputKind,
  inspected: Inspection,
  jobType: TJobType,
  originalName: string,
): Promise<TValidationReport> {
  if (inspected.fatal)
    return { rowCount: 0, validRowCount: 0, errorCount: 0, warningCount: 0, issues: [], fatal: inspected.fatal };
  const validation = await validateUpload(
    stored,
    format,
    dataKind,
    inspected.mapping,
    {
      delimiter: inspected.delimiter,
      headerRow: inspected.layout.headerRow,
      ...(inspected.layout.sheet ? { sheet: inspected.layout.sheet } : {}),
    },
    originalName,
  );
  return { ...validation, fatal: validation.fatal ?? spendProblem(jobType, dataKind, inspected.mapping) };
}

/** A file of a job the caller may change (owner or job editor, job not locked): 404 for another job's file. */
async function editableFile(ctx: AppContext, auth: AuthContext, jobId: string, fileId: string, what: string) {
  const row = await editableJob(ctx, auth, jobId);
  assertJobChangeable(auth, row.job, `Only the owner or a job editor can change ${what}`);
  const file = await fileOfJob(ctx.db, jobId, fileId);
  if (!file) throw notFound('File');
  return { row, file };
}

/**
 * Reads a file again with another header row or worksheet (the mapping step's choice): headers, preview and
 * mapping are detected anew from that row, and every row is validated again.
 */
export async function updateLayout(
  ctx: AppContext,
  auth: AuthContext,
  jobId: string,
  fileId: string,
  change: TLayoutChange,
): Promise<TJobFile> {
  const { row, file } = await editableFile(ctx, auth, jobId, fileId, 'the file');
  const before = layoutOf(file);
  if (change.sheet !== undefined && before && !before.sheets.includes(change.sheet))
    throw fieldError(
      'sheet',
      before.sheets.length
        ? `"${change.sheet}" is not a worksheet of ${file.originalName} (worksheets: ${before.sheets.join(', ')})`
        : `${file.originalName} is not a workbook; it has no worksheets`,
    );
  const stored = await ctx.blobs.localFile(file.storedPath);
  const format = file.format as 'csv' | 'xlsx';
  const kind = file.dataKind;
  // A new worksheet starts from its own detected header unless a row is given as well.
  const sheetChanged = change.sheet !== undefined && change.sheet !== before?.sheet;
  const headerRow = change.headerRow ?? (sheetChanged ? undefined : before?.headerRow);
  const sheet = change.sheet ?? before?.sheet ?? undefined;
  let inspected: Inspection;
  try {
    inspected = await inspectUpload(stored, format, kind, file.originalName, { headerRow, sheet });
  } catch (err) {
    if (err instanceof AppError && change.headerRow !== undefined)
      throw fieldError('headerRow', err.message.replace(/^"[^"]*"\s*(\([^)]*\))?:\s*/, ''));
    throw err;
  }
  const validation = await validateInspected(stored, format, kind, inspected, row.job.type, file.originalName);
  const saved = await ctx.db.transaction(async (tx) => {
    const out = await updateJobFile(tx, fileId, {
      headers: inspected.headers,
      mapping: inspected.mapping,
      preview: inspected.preview,
      validation: { ...validation, layout: inspected.layout },
      status: validation.fatal ? 'invalid' : 'validated',
    });
    await addJobLog(tx, {
      jobId,
      message: `${file.originalName} read from row ${inspected.layout.headerRow}${inspected.layout.sheet ? ` of worksheet "${inspected.layout.sheet}"` : ''}: ${validation.fatal ?? `${validation.validRowCount} of ${validation.rowCount} rows valid`}`,
    });
    return out;
  });
  return fileView(saved, datapointsOf(kind, row.job.type));
}

export async function updateMapping(
  ctx: AppContext,
  auth: AuthContext,
  jobId: string,
  fileId: string,
  mapping: Record<string, string | null>,
): Promise<TJobFile> {
  const { row, file } = await editableFile(ctx, auth, jobId, fileId, 'the mapping');
  for (const [datapoint, header] of Object.entries(mapping)) {
    if (header !== null && !file.headers.includes(header))
      throw fieldError(`mapping.${datapoint}`, `"${header}" is not a column of ${file.originalName}`);
  }
  const datapoints = datapointsOf(file.dataKind, row.job.type);
  const unknown = Object.keys(mapping).filter((k) => !datapoints.some((d) => d.key === k));
  if (unknown.length)
    throw fieldError(`mapping.${unknown[0]}`, `"${unknown[0]}" is not a datapoint of ${file.dataKind} files`);
  const stored = await ctx.blobs.localFile(file.storedPath);
  const checked = await validateUpload(
    stored,
    file.format as 'csv' | 'xlsx',
    file.dataKind,
    mapping,
    readHints(file),
    file.originalName,
  );
  const validation = {
    ...checked,
    fatal: checked.fatal ?? spendProblem(row.job.type, file.dataKind, mapping),
  };
  const layout = layoutOf(file);
  const saved = await ctx.db.transaction(async (tx) => {
    const out = await updateJobFile(tx, fileId, {
      mapping,
      validation: layout ? { ...validation, layout } : validation,
      status: validation.fatal ? 'invalid' : 'validated',
    });
    await addJobLog(tx, {
      jobId,
      message: `Column mapping of ${file.originalName} changed: ${validation.fatal ?? `${validation.validRowCount} of ${validation.rowCount} rows valid`}`,
    });
    return out;
  });
  return fileView(saved, datapoints);
}

export async function deleteFile(ctx: AppContext, auth: AuthContext, jobId: string, fileId: string): Promise<void> {
  const row = await editableJob(ctx, auth, jobId);
  assertJobChangeable(auth, row.job, 'Only the owner or a job editor can remove files');
  const file = await ctx.db.transaction(async (tx) => {
    const removed = await deleteJobFile(tx, jobId, fileId);
    if (removed) await addJobLog(tx, { jobId, message: `Removed ${removed.originalName}` });
    return removed;
  });
  if (!file) throw notFound('File');
  await ctx.blobs.delete(file.storedPath);
}

/** Removes a file the product itself added (a Merge import replaced by the next one): row, log line and stored blob. */
export async function removeJobFile(ctx: AppContext, jobId: string, fileId: string): Promise<void> {
  const file = await ctx.db.transaction(async (tx) => {
    const removed = await deleteJobFile(tx, jobId, fileId);
    if (removed) await addJobLog(tx, { jobId, message: `Removed ${removed.originalName} (replaced by a new import)` });
    return removed;
  });
  if (file) await ctx.blobs.delete(file.storedPath);
}
