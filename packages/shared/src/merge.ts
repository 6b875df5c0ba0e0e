/**
 * Merge.dev accounting connections of a job (issuer input data options MergeLink and MergeMagicLink): the job's
 * connection state, the link token for Merge Link, the public-token exchange and the magic link sent to a client.
 * Merge's account token is never part of any response.
 */
import { z } from 'zod';
import { MERGE_CONNECTION_STATUSES, MERGE_CONNECTION_VIAS } from './values/merge.ts';
import { ZIssuerInputDataOption } from './enums.ts';
export * from './values/merge.ts';

/** Whether an input option can be used on a job: on, off (issuer setting) or not configured (server). */
export const ZMergeOptionState = z.enum(['on', 'off', 'notConfigured']);
export type TMergeOptionState = z.infer<typeof ZMergeOptionState>;

export const ZMergeConnection = z.object({
  id: z.uuid(),
  via: z.enum(MERGE_CONNECTION_VIAS),
  status: z.enum(MERGE_CONNECTION_STATUSES),
  endUserEmail: z.string(),
  integration: z.string().nullable(),
  linkExpiresAt: z.string().nullable(),
  lastImportAt: z.string().nullable(),
  /** The last import's outcome, or why it failed (naming the Merge records at fault). */
  lastMessage: z.string().nullable(),
  fileIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TMergeConnection = z.infer<typeof ZMergeConnection>;

export const ZJobInputOptions = z.object({
  issuerName: z.string(),
  csvFileUpload: z.boolean(),
  sendUploadLink: z.boolean(),
  mergeLink: ZMergeOptionState,
  mergeMagicLink: ZMergeOptionState,
  connection: ZMergeConnection.nullable(),
});
export type TJobInputOptions = z.infer<typeof ZJobInputOptions>;

export const ZMergeLinkToken = z.object({
  /** Opens Merge Link in the browser (valid 30 minutes). */
  linkToken: z.string(),
  connection: ZMergeConnection,
});
export type TMergeLinkToken = z.infer<typeof ZMergeLinkToken>;

export const ZMergePublicToken = z.object({
  publicToken: z.string({ error: 'The public token from Merge Link is required' }).trim().min(8).max(500),
});

export const ZMergeMagicLinkCreate = z.object({
  jobId: z.uuid('Job must be a job id'),
  email: z.string({ error: 'Email is required' }).trim().toLowerCase().email('Email must be an email address').max(200),
  /** The client's organisation as Merge shows it; default: the job's buyer. */
  organizationName: z.string().trim().min(1).max(200).optional(),
});
export type TMergeMagicLinkCreate = z.input<typeof ZMergeMagicLinkCreate>;

export const ZMergeMagicLinkCreated = z.object({
  /** Merge's hosted URL (shown once; valid 7 days). */
  url: z.string(),
  connection: ZMergeConnection,
});
export type TMergeMagicLinkCreated = z.infer<typeof ZMergeMagicLinkCreated>;

/** An input data option as the issuer form offers it: whether this server can carry it out. */
export const ZInputDataOptionItem = z.object({
  option: ZIssuerInputDataOption,
  /** false: the option can be stored but does nothing until the server is configured (Merge: MERGE_API_KEY). */
  configured: z.boolean(),
});
