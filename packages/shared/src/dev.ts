/** Dev area contracts (/api/v1/dev/*): debug logging, CSV anonymiser, reset all jobs, database anonymiser, outbox. */
import { z } from 'zod';
import { ANONYMIZE_KINDS, DEBUG_LOG_LEVELS, DEBUG_LOGGING_MAX_MINUTES } from './values/tools.ts';

export const ZDebugLoggingState = z.object({
  level: z.string(),
  baseLevel: z.string(),
  /** When the raised level reverts to baseLevel (null: not raised). */
  revertsAt: z.string().nullable(),
});
export type TDebugLoggingState = z.infer<typeof ZDebugLoggingState>;
export const ZDebugLoggingRequest = z.object({
  level: z.enum(DEBUG_LOG_LEVELS),
  minutes: z.number().int().min(1).max(DEBUG_LOGGING_MAX_MINUTES),
});
export type TDebugLoggingRequest = z.infer<typeof ZDebugLoggingRequest>;

export const ZAnonymizeColumn = z.object({
  column: z.string(),
  kind: z.enum(ANONYMIZE_KINDS),
  sample: z.array(z.string()),
});
export type TAnonymizeColumn = z.infer<typeof ZAnonymizeColumn>;
export const ZAnonymizePreview = z.object({
  fileName: z.string(),
  rows: z.number().int(),
  delimiter: z.string(),
  columns: z.array(ZAnonymizeColumn),
});
export type TAnonymizePreview = z.infer<typeof ZAnonymizePreview>;
/** Column kinds chosen by the user: JSON in the multipart field "columns" ({"Supplier Name": "company", …}). */
export const ZAnonymizeChoice = z.record(z.string(), z.enum(ANONYMIZE_KINDS));

export const ZDevResetResult = z.object({
  success: z.boolean(),
  statusCode: z.number().int(),
  message: z.string(),
  jobs: z.number().int(),
  commandId: z.string().nullable(),
});
export type TDevResetResult = z.infer<typeof ZDevResetResult>;
export const ZDevDangerConfirm = z.object({
  confirm: z
    .literal('RESET', { error: 'type RESET to confirm' })
    .or(z.literal('ANONYMIZE', { error: 'type ANONYMIZE to confirm' })),
});
export const ZDatabaseAnonymizeResult = z.object({
  success: z.boolean(),
  statusCode: z.number().int(),
  message: z.string(),
  users: z.number().int(),
  issuers: z.number().int(),
  buyers: z.number().int(),
  emails: z.number().int(),
});
export type TDatabaseAnonymizeResult = z.infer<typeof ZDatabaseAnonymizeResult>;

export const ZOutboxMessage = z.object({
  id: z.string(),
  toAddress: z.string(),
  fromAddress: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  status: z.string(),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;

/** GET /dev/outbox: the latest emails, optionally only those to one address. */
export const ZOutboxQuery = z.object({
  to: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(20),
});
