/** Job creation, files, runs and logs (SPEC §2 Jobs, DESIGN §4 Job and Pipeline). */
import { z } from 'zod';
import { ZJobType } from './enums.ts';

import { INPUT_KINDS, PIPELINE_STEPS } from './values/jobs.ts';
export * from './values/jobs.ts';

export const ZInputKind = z.enum(INPUT_KINDS);

export const JOB_STATUSES = ['Draft', 'Processing', 'Ready', 'Failed'] as const;
export type TJobStatus = (typeof JOB_STATUSES)[number];
export const RUN_STATUSES = ['Queued', 'Running', 'Completed', 'Failed', 'Canceled'] as const;
export type TRunStatus = (typeof RUN_STATUSES)[number];

export const DEFAULT_UPLOAD_LIMIT_MB = 500;

export const ZCreateJob = z.object({
  name: z.string().trim().min(1, 'Enter a job name').max(200, 'Use at most 200 characters'),
  type: ZJobType,
  issuerId: z.uuid('Choose an issuer'),
  buyerId: z.uuid('Choose a buyer').optional(),
  /** Create this buyer for the issuer instead of choosing one (BuyerCreate). */
  newBuyerName: z.string().trim().min(2, 'Enter the buyer name').max(200).optional(),
});
export type TCreateJob = z.infer<typeof ZCreateJob>;

export const ZValidationIssue = z.object({
  row: z.number().int().nullable(),
  column: z.string().nullable(),
  /** the value as the file has it (null where the problem is not one value, e.g. an empty row) */
  value: z.string().nullable().optional(),
  reason: z.string(),
  /** error: the row is not used; warning: the row is used, this value is left empty. */
  severity: z.enum(['error', 'warning']),
});
export type TValidationIssue = z.infer<typeof ZValidationIssue>;
export const ZValidationReport = z.object({
  rowCount: z.number().int(),
  validRowCount: z.number().int(),
  /** Rows not used (each listed as an error issue). */
  errorCount: z.number().int(),
  /** Values left empty in used rows. */
  warningCount: z.number().int(),
  /** The first issues (the full list is downloadable). */
  issues: z.array(ZValidationIssue),
  /** File-level problems that stop the import (no supplier name column, empty file…). */
  fatal: z.string().nullable(),
  /** Totals and subtotals rows left out (counted in errorCount's rows not used, listed as warnings). */
  totalsRows: z.number().int().optional(),
  /**
   * Spend of the valid rows per currency (currency null: no currency column or an unknown code, read as the job
   * currency), for the user to check against their own system before running; empty without an amount column.
   */
  amountTotals: z
    .array(z.object({ currency: z.string().nullable(), amount: z.number(), rows: z.number().int() }))
    .optional(),
});
export type TValidationReport = z.infer<typeof ZValidationReport>;

/**
 * Where the table starts: the header row found below title lines (or the one the user chose) and, for a
 * workbook, its worksheets and the one read. `top` is the first rows of the file for choosing another header.
 */
export const ZFileLayout = z.object({
  headerRow: z.number().int(),
  detectedHeaderRow: z.number().int(),
  sheets: z.array(z.string()),
  sheet: z.string().nullable(),
  top: z.array(z.object({ row: z.number().int(), cells: z.array(z.string()) })),
  /** the row number of each preview row, as the validation report counts rows */
  previewRows: z.array(z.number().int()).optional(),
});
export type TFileLayout = z.infer<typeof ZFileLayout>;
export const ZLayoutChange = z.object({
  headerRow: z.number().int().min(1, 'Choose a row of the file').optional(),
  sheet: z.string().min(1).optional(),
});
export type TLayoutChange = z.infer<typeof ZLayoutChange>;

export const ZColumnMapping = z.record(z.string(), z.string().nullable());
export type TColumnMapping = z.infer<typeof ZColumnMapping>;

export const ZJobFile = z.object({
  id: z.uuid(),
  dataKind: ZInputKind,
  originalName: z.string(),
  sizeBytes: z.number().int(),
  format: z.enum(['csv', 'xlsx']),
  encoding: z.string().nullable(),
  delimiter: z.string().nullable(),
  headers: z.array(z.string()),
  /** datapoint → source header (null: not mapped). */
  mapping: ZColumnMapping,
  /** datapoints the engine understands for this kind, with whether each is required. */
  datapoints: z.array(z.object({ key: z.string(), label: z.string(), required: z.boolean() })),
  preview: z.array(z.array(z.string())),
  validation: ZValidationReport.nullable(),
  /** header row and worksheet (null for files uploaded before header detection) */
  layout: ZFileLayout.nullable(),
  status: z.enum(['uploaded', 'validated', 'invalid']),
  createdAt: z.string(),
});
export type TJobFile = z.infer<typeof ZJobFile>;

export const ZRunStep = z.object({
  step: z.enum(PIPELINE_STEPS),
  label: z.string(),
  commandId: z.number().int().nullable(),
  state: z.string(),
  progressPercent: z.number().nullable(),
  progressMessage: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type TRunStep = z.infer<typeof ZRunStep>;

export const ZJobRun = z.object({
  id: z.uuid(),
  runNumber: z.number().int(),
  status: z.enum(RUN_STATUSES),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  createdBy: z.string().nullable(),
  scoringRulesetVersion: z.string().nullable(),
  confidenceRulesetVersion: z.string().nullable(),
  /** suppliers per score kind and level of a completed, scored run (so a re-run's changes show) */
  scoreLevels: z.record(z.string(), z.record(z.string(), z.number())).nullable(),
  error: z.string().nullable(),
  steps: z.array(ZRunStep),
});
export type TJobRun = z.infer<typeof ZJobRun>;

export const ZJobAbilities = z.object({
  canUpload: z.boolean(),
  canRun: z.boolean(),
  canRename: z.boolean(),
  canChangeOwner: z.boolean(),
  canPublish: z.boolean(),
  canDelete: z.boolean(),
  canAssignUsers: z.boolean(),
  canViewLogs: z.boolean(),
});
export type TJobAbilities = z.infer<typeof ZJobAbilities>;

export const ZJobDetails = z.object({
  id: z.uuid(),
  name: z.string(),
  type: ZJobType,
  status: z.enum(JOB_STATUSES),
  issuerId: z.uuid(),
  issuerName: z.string(),
  buyerId: z.uuid().nullable(),
  buyerName: z.string().nullable(),
  owner: z.object({ id: z.uuid(), username: z.string(), displayName: z.string() }),
  isPublished: z.boolean(),
  createdOn: z.string(),
  files: z.array(ZJobFile),
  /** Latest run first. */
  runs: z.array(ZJobRun),
  /** The run whose results are shown (the latest completed one). */
  resultRunId: z.uuid().nullable(),
  abilities: ZJobAbilities,
});
export type TJobDetails = z.infer<typeof ZJobDetails>;

/** An issuer the caller may create jobs for, with its buyers (GET /api/v1/jobs/creation-options). */
export const ZJobCreationOption = z.object({
  issuerId: z.uuid(),
  issuerName: z.string(),
  currency: z.string().nullable(),
  canCreateBuyer: z.boolean(),
  buyers: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type TJobCreationOption = z.infer<typeof ZJobCreationOption>;

/** The job id of the /api/v1/jobs/{jobId}/… routes. */
export const ZJobParams = z.object({ jobId: z.uuid('Job id must be an id') });
export const ZJobFileParams = ZJobParams.extend({ fileId: z.uuid('File id must be an id') });
export const ZJobRunParams = ZJobParams.extend({ runId: z.uuid('Run id must be an id') });

/** GET /jobs/{jobId}/logs: newest first, `beforeId` pages back. */
export const ZJobLogQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  beforeId: z.coerce.number().int().optional(),
});

/** GET /jobs/{jobId}/downloads/…: the file format of a streamed download. */
export const ZJobDownloadQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });

/** GET /jobs/{jobId}/reports/{analysisReportType}/pdf: the report's own path below the report page, if any. */
export const ZReportPdfParams = ZJobParams.extend({ analysisReportType: z.string() });
export const ZReportPdfQuery = z.object({
  params: z
    .string()
    .regex(/^[\w-]+(\/[\w-]+)*$/, 'params must be path segments of letters, digits, "_" and "-" separated by "/"')
    .max(500, 'params must be at most 500 characters')
    .optional(),
});
/** PATCH /api/v1/jobs/{jobId}: a new name. */
export const ZJobRename = z.object({ name: ZCreateJob.shape.name });
/** POST /api/v1/jobs/{jobId}/publish. */
export const ZJobPublish = z.object({ isPublished: z.boolean() });
/** POST /api/v1/jobs/{jobId}/files: the kind of data the uploaded file holds. */
export const ZJobFileUploadQuery = z.object({ dataKind: ZInputKind });
/** PUT /api/v1/jobs/{jobId}/files/{fileId}/mapping. */
export const ZJobMappingUpdate = z.object({ mapping: ZColumnMapping });

export const ZJobLog = z.object({
  id: z.number().int(),
  at: z.string(),
  level: z.enum(['info', 'warn', 'error']),
  message: z.string(),
  runId: z.uuid().nullable(),
});
export type TJobLog = z.infer<typeof ZJobLog>;
