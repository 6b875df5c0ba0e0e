/**
 * Jobs: creation (issuer, buyer — created inline when allowed — and a unique name per buyer), uploads (stored
 * under DATA_DIR, checked by content, inspected and validated by the analysis engine), runs of the pipeline
 * (one ProQ command per step, chained by prerequisites, in one batch) and what the caller may do with the job.
 */
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { buyers, issuers, jobArtifacts, jobFiles, jobRuns, proqCommands, type DbOrTx } from '@sextant/db';
import {
  JOB_TYPE_INPUT_KINDS,
  PIPELINE_STEPS,
  PIPELINE_STEP_LABELS,
  type TCreateJob,
  type TFileLayout,
  type TLayoutChange,
  type TInputKind,
  type TJobAbilities,
  type TJobDetails,
  type TJobFile,
  type TJobRun,
  type TJobType,
  type TRunStatus,
  type TValidationReport,
  type TJobCreationOption,
} from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { AppError, badRequest, conflict, fieldError, forbidden, notFound } from '../../lib/errors.ts';
import { writeAudit } from '../../lib/audit.ts';
import { jobVisibilityOf, tenantScopeOf, inScope } from '../authorization/authorization.service.ts';
import { addJobLog, filesOf, findVisibleJob, jobNameTaken, nextRunNumber, runsOf, type JobRow } from './jobs.repo.ts';
import { datapointsOf, inspectUpload, validateUpload, type Inspection } from './analysis.adapter.ts';
import { activeRulesetVersions } from '../rulesets/rulesets.service.ts';

/** Blob-store keys (lib/blob-store.ts) of a job's files: its folder, an upload, a run's folder. */
export const jobKey = (jobId: string) => `jobs/${jobId}`;
export const uploadKey = (jobId: string, fileId: string) => `${jobKey(jobId)}/uploads/${fileId}`;
export const runKey = (jobId: string, runNumber: number) => `${jobKey(jobId)}/runs/${runNumber}`;

/** The job when the caller may see it; 404 otherwise (other tenants' jobs do not exist for them). */
export async function visibleJob(ctx: AppContext, auth: AuthContext, jobId: string): Promise<NonNullable<JobRow>> {
  const row = await findVisibleJob(ctx.db, jobId, await jobVisibilityOf(ctx, auth));
  if (!row) throw notFound('Job');
  return row;
}

/**
 * The job with its status as of its latest run (a run that failed since the last look is recorded first), for
 * the checks of actions that change files or start runs.
 */
export async function editableJob(ctx: AppContext, auth: AuthContext, jobId: string): Promise<NonNullable<JobRow>> {
  const row = await visibleJob(ctx, auth, jobId);
  const [latest] = await runViews(ctx, jobId);
  return latest ? { ...row, job: { ...row.job, status: jobStatusFromRun(latest.status) } } : row;
}

export function abilitiesOf(auth: AuthContext, job: NonNullable<JobRow>['job']): TJobAbilities {
  const isOwner = job.ownerId === auth.user.id;
  const editor = isOwner || auth.permissions.has('Job_Update');
  return {
    canUpload: editor && job.status !== 'Processing',
    canRun: editor && job.status !== 'Processing',
    canRename: isOwner || auth.permissions.has('JobName_UPDATE'),
    canChangeOwner: auth.permissions.has('JobOwner_UPDATE'),
    canPublish: auth.permissions.has('AnalysisPublish'),
    canDelete: auth.permissions.has('Job_Delete'),
    canAssignUsers: auth.permissions.has('UserAssignment_EDIT'),
    canViewLogs: auth.permissions.has('JobLogs_VIEW'),
  };
}

export async function createJob(
  ctx: AppContext,
  auth: AuthContext,
  input: TCreateJob,
  req: FastifyRequest,
): Promise<string> {
  const scope = await tenantScopeOf(ctx, auth);
  const [issuer] = await ctx.db.select().from(issuers).where(eq(issuers.id, input.issuerId));
  if (!issuer || !inScope(scope.readIssuerIds, issuer.id))
    throw fieldError('issuerId', 'Choose an issuer you work with');
  if (!input.buyerId && !input.newBuyerName) throw fieldError('buyerId', 'Choose a buyer or name a new one');
  if (input.buyerId && input.newBuyerName)
    throw fieldError('newBuyerName', 'Either choose a buyer or name a new one, not both');
  if (input.newBuyerName && !auth.permissions.has('BuyerCreate') && !auth.permissions.has('BuyerManagement_CRUD')) {
    throw forbidden('You cannot create buyers; choose an existing one');
  }
  const jobId = await ctx.db.transaction(async (tx) => {
    let buyerId = input.buyerId ?? null;
    if (buyerId) {
      const [buyer] = await tx
        .select()
        .from(buyers)
        .where(and(eq(buyers.id, buyerId), eq(buyers.issuerId, issuer.id)));
      if (!buyer) throw fieldError('buyerId', 'This buyer does not belong to the chosen issuer');
    } else {
      const [created] = await tx
        .insert(buyers)
        .values({
          issuerId: issuer.id,
          name: input.newBuyerName!,
          countryIso3: issuer.fallbackCountryIso3,
          createdBy: auth.user.id,
        })
        .returning();
      buyerId = created!.id;
      await writeAudit(
        tx,
        {
          action: 'buyer.create',
          targetType: 'buyer',
          targetId: buyerId,
          issuerId: issuer.id,
          details: { name: input.newBuyerName },
        },
        req,
      );
    }
    if (await jobNameTaken(tx, input.name, issuer.id, buyerId)) {
      throw conflict(`A job named "${input.name}" already exists for this buyer`, 'name');
    }
    const [job] = await tx
      .insert(jobArtifacts)
      .values({ name: input.name, type: input.type, issuerId: issuer.id, buyerId, ownerId: auth.user.id })
      .returning();
    await addJobLog(tx, { jobId: job!.id, message: `Job created by ${auth.user.displayName} (${input.type})` });
    await writeAudit(
      tx,
      {
        action: 'job.create',
        targetType: 'job',
        targetId: job!.id,
        issuerId: issuer.id,
        details: { name: input.name, type: input.type },
      },
      req,
    );
    return job!.id;
  });
  return jobId;
}

/**
 * The header row and worksheet of a file are kept with its validation report (jsonb `validation.layout`), so the
 * pipeline reads the file as the user saw it in the mapping step.
 */
export function layoutOf(f: { validation: unknown }): TFileLayout | null {
  return (f.validation as { layout?: TFileLayout } | null)?.layout ?? null;
}

/** The hints ingest needs to read a file as validated: delimiter, header row, worksheet. */
export function readHints(f: { delimiter: string | null; validation: unknown }): {
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

function fileView(f: typeof jobFiles.$inferSelect, datapoints: TJobFile['datapoints']): TJobFile {
  const stored = f.validation as (TValidationReport & { layout?: TFileLayout }) | null;
  const { layout: _layout, ...validation } = stored ?? ({} as TValidationReport & { layout?: TFileLayout });
  return {
    id: f.id,
    dataKind: f.dataKind as TInputKind,
    originalName: f.originalName,
    sizeBytes: f.sizeBytes,
    format: f.format as 'csv' | 'xlsx',
    encoding: f.encoding,
    delimiter: f.delimiter,
    headers: f.headers,
    mapping: f.mapping,
    datapoints,
    preview: f.preview,
    validation: stored ? validation : null,
    layout: layoutOf(f),
    status: f.status as TJobFile['status'],
    createdAt: f.createdAt.toISOString(),
  };
}

export async function jobDetails(ctx: AppContext, auth: AuthContext, jobId: string): Promise<TJobDetails> {
  const row = await visibleJob(ctx, auth, jobId);
  const [files, runs] = await Promise.all([filesOf(ctx.db, jobId), runViews(ctx, jobId)]);
  const resultRun = runs.find((r) => r.status === 'Completed');
  const status = runs[0] ? jobStatusFromRun(runs[0].status) : row.job.status;
  return {
    id: row.job.id,
    name: row.job.name,
    type: row.job.type as TJobType,
    status: status as TJobDetails['status'],
    issuerId: row.job.issuerId,
    issuerName: row.issuerName,
    buyerId: row.job.buyerId,
    buyerName: row.buyerName,
    owner: row.owner,
    isPublished: row.job.isPublished,
    createdOn: row.job.createdOn.toISOString(),
    files: files.map((f) => fileView(f, datapointsOf(f.dataKind as TInputKind, row.job.type as TJobType))),
    runs,
    resultRunId: resultRun?.id ?? null,
    abilities: abilitiesOf(auth, { ...row.job, status }),
  };
}

function jobStatusFromRun(s: TRunStatus): string {
  return s === 'Completed' ? 'Ready' : s === 'Failed' || s === 'Canceled' ? 'Failed' : 'Processing';
}

/** Runs with their steps' live state from ProQ; a run whose command failed is recorded as Failed. */
export async function runViews(ctx: AppContext, jobId: string): Promise<TJobRun[]> {
  const rows = await runsOf(ctx.db, jobId);
  if (!rows.length) return [];
  const batchIds = rows.map((r) => r.run.batchId);
  const commands = await ctx.db.select().from(proqCommands).where(inArray(proqCommands.batchId, batchIds));
  const out: TJobRun[] = [];
  for (const { run, createdBy } of rows) {
    const mine = commands.filter((c) => c.batchId === run.batchId);
    const steps = PIPELINE_STEPS.map((step) => {
      const c = mine.find((m) => m.commandType === `job.${step}`);
      return {
        step,
        label: PIPELINE_STEP_LABELS[step],
        commandId: c?.id ?? null,
        state: c?.state ?? 'Blocked',
        progressPercent: c?.state === 'Completed' ? 100 : (c?.progressPercent ?? null),
        progressMessage: c?.progressMessage ?? null,
        startedAt: c?.startedDate?.toISOString() ?? null,
        completedAt: c?.completedDate?.toISOString() ?? null,
        error: c && (c.state === 'Error' || c.state === 'Canceled') ? (c.message ?? c.state) : null,
      };
    });
    let status = run.status as TRunStatus;
    let error = run.error;
    const failed = steps.find((s) => s.state === 'Error' || s.state === 'Canceled');
    if ((status === 'Queued' || status === 'Running') && failed) {
      status = failed.state === 'Canceled' ? 'Canceled' : 'Failed';
      error = `${failed.label}: ${failed.error}`;
      await ctx.db.update(jobRuns).set({ status, error, completedAt: new Date() }).where(eq(jobRuns.id, run.id));
      if (run.id === rows[0]!.run.id)
        await ctx.db.update(jobArtifacts).set({ status: 'Failed' }).where(eq(jobArtifacts.id, jobId));
      await addJobLog(ctx.db, {
        jobId,
        runId: run.id,
        level: 'error',
        message: `Run ${run.runNumber} failed at "${failed.label}": ${failed.error}`,
      });
    } else if (status === 'Failed' && !failed && steps.some((s) => s.state !== 'Completed')) {
      status = 'Running'; // a failed step was retried
      error = null;
      await ctx.db.update(jobRuns).set({ status, error: null, completedAt: null }).where(eq(jobRuns.id, run.id));
    }
    out.push({
      id: run.id,
      runNumber: run.runNumber,
      status,
      createdAt: run.createdAt.toISOString(),
      startedAt: run.startedAt?.toISOString() ?? null,
      completedAt: run.completedAt?.toISOString() ?? null,
      createdBy,
      scoringRulesetVersion: run.scoringRulesetVersion,
      confidenceRulesetVersion: run.confidenceRulesetVersion,
      scoreLevels: scoreLevelsOf(run.summary),
      error,
      steps,
    });
  }
  return out;
}

/** Suppliers per score kind and level, from a completed run's summary (null before completion or unscored). */
function scoreLevelsOf(summary: unknown): Record<string, Record<string, number>> | null {
  const scores = (summary as { scores?: Record<string, Record<string, { suppliers: number }>> | null } | null)?.scores;
  if (!scores) return null;
  return Object.fromEntries(
    Object.entries(scores).map(([kind, levels]) => [
      kind,
      Object.fromEntries(Object.entries(levels).map(([level, v]) => [level, Number(v.suppliers)])),
    ]),
  );
}

// ---------- uploads ----------

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
  const abilities = abilitiesOf(auth, row.job);
  if (!abilities.canUpload)
    throw forbidden(
      row.job.status === 'Processing'
        ? 'The job is processing; wait until it finishes to change its files'
        : 'Only the owner or a job editor can upload files',
    );
  return storeUpload(ctx, { jobId, jobType: row.job.type as TJobType, dataKind, userId: auth.user.id }, req);
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
  const [saved] = await ctx.db.transaction(async (tx) => {
    const out = await tx
      .insert(jobFiles)
      .values({
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
      })
      .returning();
    await addJobLog(tx, {
      jobId,
      message: `Uploaded ${originalName} (${dataKind}, ${size} bytes): ${validation.fatal ?? `${validation.validRowCount} of ${validation.rowCount} rows valid`}`,
      level: validation.fatal ? 'warn' : 'info',
    });
    return out;
  });
  return fileView(saved!, datapointsOf(dataKind, f.jobType));
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
  if (!abilitiesOf(auth, row.job).canUpload) throw forbidden(`Only the owner or a job editor can change ${what}`);
  const [file] = await ctx.db
    .select()
    .from(jobFiles)
    .where(and(eq(jobFiles.id, fileId), eq(jobFiles.jobArtifactId, jobId)));
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
  const kind = file.dataKind as TInputKind;
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
  const validation = await validateInspected(
    stored,
    format,
    kind,
    inspected,
    row.job.type as TJobType,
    file.originalName,
  );
  const [saved] = await ctx.db
    .update(jobFiles)
    .set({
      headers: inspected.headers,
      mapping: inspected.mapping,
      preview: inspected.preview,
      validation: { ...validation, layout: inspected.layout },
      status: validation.fatal ? 'invalid' : 'validated',
      updatedAt: new Date(),
    })
    .where(eq(jobFiles.id, fileId))
    .returning();
  await addJobLog(ctx.db, {
    jobId,
    message: `${file.originalName} read from row ${inspected.layout.headerRow}${inspected.layout.sheet ? ` of worksheet "${inspected.layout.sheet}"` : ''}: ${validation.fatal ?? `${validation.validRowCount} of ${validation.rowCount} rows valid`}`,
  });
  return fileView(saved!, datapointsOf(kind, row.job.type as TJobType));
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
  const datapoints = datapointsOf(file.dataKind as TInputKind, row.job.type as TJobType);
  const unknown = Object.keys(mapping).filter((k) => !datapoints.some((d) => d.key === k));
  if (unknown.length)
    throw fieldError(`mapping.${unknown[0]}`, `"${unknown[0]}" is not a datapoint of ${file.dataKind} files`);
  const stored = await ctx.blobs.localFile(file.storedPath);
  const checked = await validateUpload(
    stored,
    file.format as 'csv' | 'xlsx',
    file.dataKind as TInputKind,
    mapping,
    readHints(file),
    file.originalName,
  );
  const validation = {
    ...checked,
    fatal: checked.fatal ?? spendProblem(row.job.type as TJobType, file.dataKind as TInputKind, mapping),
  };
  const layout = layoutOf(file);
  const [saved] = await ctx.db
    .update(jobFiles)
    .set({
      mapping,
      validation: layout ? { ...validation, layout } : validation,
      status: validation.fatal ? 'invalid' : 'validated',
      updatedAt: new Date(),
    })
    .where(eq(jobFiles.id, fileId))
    .returning();
  await addJobLog(ctx.db, {
    jobId,
    message: `Column mapping of ${file.originalName} changed: ${validation.fatal ?? `${validation.validRowCount} of ${validation.rowCount} rows valid`}`,
  });
  return fileView(saved!, datapoints);
}

export async function deleteFile(ctx: AppContext, auth: AuthContext, jobId: string, fileId: string): Promise<void> {
  const row = await editableJob(ctx, auth, jobId);
  if (!abilitiesOf(auth, row.job).canUpload) throw forbidden('Only the owner or a job editor can remove files');
  const [file] = await ctx.db
    .delete(jobFiles)
    .where(and(eq(jobFiles.id, fileId), eq(jobFiles.jobArtifactId, jobId)))
    .returning();
  if (!file) throw notFound('File');
  await ctx.blobs.delete(file.storedPath);
  await addJobLog(ctx.db, { jobId, message: `Removed ${file.originalName}` });
}

// ---------- runs ----------

export async function startRun(
  ctx: AppContext,
  auth: AuthContext,
  jobId: string,
  req: FastifyRequest,
): Promise<TJobRun> {
  const row = await editableJob(ctx, auth, jobId);
  const abilities = abilitiesOf(auth, row.job);
  if (!abilities.canRun)
    throw forbidden(
      row.job.status === 'Processing'
        ? 'The job is already processing'
        : 'Only the owner or a job editor can run the analysis',
    );
  const files = await filesOf(ctx.db, jobId);
  if (!files.length)
    throw badRequest('Upload at least one file before running the analysis', [{ path: 'files', message: 'no files' }]);
  const invalid = files.find((f) => f.status !== 'validated');
  if (invalid) {
    const why = (invalid.validation as TValidationReport | null)?.fatal ?? 'it could not be read';
    throw badRequest(`Fix ${invalid.originalName} first: ${why}`, [{ path: `files.${invalid.id}`, message: why }]);
  }
  if (row.job.type === 'advanced' && !files.some((f) => f.mapping.amount)) {
    const why =
      'No file has a column mapped to Amount; a Consultant Upload job needs the spend from at least one file (a Matched Data Only Upload job matches names without spend)';
    throw badRequest(why, [{ path: 'files', message: why }]);
  }
  const runId = await ctx.db.transaction(async (tx) => {
    const id = await queueRun(ctx, tx, row.job, { id: auth.user.id, displayName: auth.user.displayName });
    await writeAudit(tx, { action: 'job.run', targetType: 'job', targetId: jobId, issuerId: row.job.issuerId }, req);
    return id;
  });
  const runs = await runViews(ctx, jobId);
  return runs.find((r) => r.id === runId)!;
}

/** Records a new run and enqueues its pipeline: one command per step, each waiting for the previous one. */
export async function queueRun(
  ctx: AppContext,
  tx: DbOrTx,
  job: { id: string; type: string },
  by: { id: string; displayName: string },
): Promise<string> {
  const versions = await activeRulesetVersions(tx);
  const scored = job.type !== 'matched-data-only';
  const runNumber = await nextRunNumber(tx, job.id);
  const [run] = await tx
    .insert(jobRuns)
    .values({
      jobArtifactId: job.id,
      runNumber,
      batchId: `job-run:${job.id}:${runNumber}`,
      resultPath: runKey(job.id, runNumber),
      scoringRulesetVersion: scored ? versions.scoring : null,
      confidenceRulesetVersion: scored ? versions.confidence : null,
      createdBy: by.id,
    })
    .returning();
  let prerequisite: number | null = null;
  for (const step of PIPELINE_STEPS) {
    const cmd = await ctx.proq.enqueue(tx, {
      commandType: `job.${step}`,
      payload: { runId: run!.id },
      batchId: run!.batchId,
      prerequisite,
      jobId: job.id,
      correlationId: run!.id,
      targetEntityId: job.id,
      category: 'analysis',
      tags: ['job', step],
    });
    prerequisite = cmd.id;
  }
  // The acceptance model's monitoring, once the whole run has completed (ml-prediction module).
  if (scored)
    await ctx.proq.enqueue(tx, {
      commandType: 'ml.monitor',
      payload: { runId: run!.id },
      prerequisiteBatchId: run!.batchId,
      jobId: job.id,
      correlationId: run!.id,
      targetEntityId: job.id,
      category: 'analysis',
      tags: ['job', 'ml-monitor'],
      uniqueKey: `ml.monitor:${run!.id}`,
    });
  await tx.update(jobArtifacts).set({ status: 'Processing', updatedAt: new Date() }).where(eq(jobArtifacts.id, job.id));
  await addJobLog(tx, { jobId: job.id, runId: run!.id, message: `Run ${runNumber} queued by ${by.displayName}` });
  return run!.id;
}

/** Retries the failed step of a run (its later steps are reopened by ProQ). */
export async function retryRun(
  ctx: AppContext,
  auth: AuthContext,
  jobId: string,
  runId: string,
  req: FastifyRequest,
): Promise<TJobRun> {
  const row = await visibleJob(ctx, auth, jobId);
  const isEditor = row.job.ownerId === auth.user.id || auth.permissions.has('Job_Update');
  if (!isEditor) throw forbidden('Only the owner or a job editor can retry the analysis');
  const runs = await runViews(ctx, jobId);
  const run = runs.find((r) => r.id === runId);
  if (!run) throw notFound('Run');
  const failed = run.steps.find((s) => s.state === 'Error' || s.state === 'Canceled');
  if (!failed?.commandId) throw badRequest('This run has no failed step to retry');
  await ctx.proq.retry(failed.commandId);
  await ctx.db.update(jobRuns).set({ status: 'Running', error: null, completedAt: null }).where(eq(jobRuns.id, runId));
  await ctx.db.update(jobArtifacts).set({ status: 'Processing' }).where(eq(jobArtifacts.id, jobId));
  await addJobLog(ctx.db, {
    jobId,
    runId,
    message: `Step "${failed.label}" of run ${run.runNumber} retried by ${auth.user.displayName}`,
  });
  await writeAudit(
    ctx.db,
    {
      action: 'job.run.retry',
      targetType: 'job',
      targetId: jobId,
      issuerId: row.job.issuerId,
      details: { runNumber: run.runNumber, step: failed.step },
    },
    req,
  );
  return (await runViews(ctx, jobId)).find((r) => r.id === runId)!;
}

// ---------- creation options, rename, publish, delete ----------

export type CreationOption = TJobCreationOption;

/** Issuers the caller may create jobs for, with their buyers. */
export async function creationOptions(ctx: AppContext, auth: AuthContext): Promise<CreationOption[]> {
  const scope = await tenantScopeOf(ctx, auth);
  const issuerRows = await ctx.db
    .select()
    .from(issuers)
    .where(
      scope.readIssuerIds === null
        ? undefined
        : inArray(
            issuers.id,
            scope.readIssuerIds.length ? scope.readIssuerIds : ['00000000-0000-0000-0000-000000000000'],
          ),
    )
    .orderBy(issuers.name);
  const buyerRows = issuerRows.length
    ? await ctx.db
        .select()
        .from(buyers)
        .where(
          inArray(
            buyers.issuerId,
            issuerRows.map((i) => i.id),
          ),
        )
        .orderBy(buyers.name)
    : [];
  const canCreateBuyer = auth.permissions.has('BuyerCreate') || auth.permissions.has('BuyerManagement_CRUD');
  return issuerRows.map((i) => ({
    issuerId: i.id,
    issuerName: i.name,
    currency: i.currency,
    canCreateBuyer,
    buyers: buyerRows.filter((b) => b.issuerId === i.id).map((b) => ({ id: b.id, name: b.name })),
  }));
}

export async function renameJob(
  ctx: AppContext,
  auth: AuthContext,
  jobId: string,
  name: string,
  req: FastifyRequest,
): Promise<void> {
  const row = await visibleJob(ctx, auth, jobId);
  if (!abilitiesOf(auth, row.job).canRename)
    throw forbidden('Only the owner or a user who may rename jobs can rename this job');
  if (await jobNameTaken(ctx.db, name, row.job.issuerId, row.job.buyerId, jobId))
    throw conflict(`A job named "${name}" already exists for this buyer`, 'name');
  await ctx.db.update(jobArtifacts).set({ name, updatedAt: new Date() }).where(eq(jobArtifacts.id, jobId));
  await addJobLog(ctx.db, {
    jobId,
    message: `Renamed from "${row.job.name}" to "${name}" by ${auth.user.displayName}`,
  });
  await writeAudit(
    ctx.db,
    {
      action: 'job.rename',
      targetType: 'job',
      targetId: jobId,
      issuerId: row.job.issuerId,
      details: { from: row.job.name, to: name },
    },
    req,
  );
}

export async function setPublished(
  ctx: AppContext,
  auth: AuthContext,
  jobId: string,
  isPublished: boolean,
  req: FastifyRequest,
): Promise<void> {
  const row = await visibleJob(ctx, auth, jobId);
  await ctx.db.update(jobArtifacts).set({ isPublished, updatedAt: new Date() }).where(eq(jobArtifacts.id, jobId));
  await addJobLog(ctx.db, {
    jobId,
    message: `${isPublished ? 'Published' : 'Unpublished'} by ${auth.user.displayName}`,
  });
  await writeAudit(
    ctx.db,
    {
      action: isPublished ? 'job.publish' : 'job.unpublish',
      targetType: 'job',
      targetId: jobId,
      issuerId: row.job.issuerId,
    },
    req,
  );
}

/** Deletes a job, its files and results; its queued commands are canceled first. */
export async function deleteJob(ctx: AppContext, auth: AuthContext, jobId: string, req: FastifyRequest): Promise<void> {
  const row = await visibleJob(ctx, auth, jobId);
  const open = await ctx.db
    .select({ id: proqCommands.id })
    .from(proqCommands)
    .where(and(eq(proqCommands.jobId, jobId), inArray(proqCommands.state, ['Blocked', 'Pending', 'InProgress'])));
  for (const c of open) await ctx.proq.cancel(c.id, 'Job deleted').catch(() => undefined);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(jobArtifacts).where(eq(jobArtifacts.id, jobId));
    await writeAudit(
      tx,
      {
        action: 'job.delete',
        targetType: 'job',
        targetId: jobId,
        issuerId: row.job.issuerId,
        details: { name: row.job.name },
      },
      req,
    );
  });
  await ctx.blobs.deletePrefix(jobKey(jobId));
  // Derived caches of its results (loaded lazily: the results module imports this one).
  await (await import('../results/suppliers.service.ts')).dropSupplierCaches(ctx, jobId);
  await (await import('../global-insights/global-insights.service.ts')).enqueueGlobalRefresh(ctx);
}
