/** System audit log contracts (SPEC §2 /admin/system-logs, SystemLogs_VIEW). */
import { z } from 'zod';

export const AUDIT_OUTCOMES = ['success', 'failure', 'denied'] as const;
export const ZAuditOutcome = z.enum(AUDIT_OUTCOMES);
export type TAuditOutcome = z.infer<typeof ZAuditOutcome>;

/** Default retention of audit entries in days (SPEC §9 "log retention default 365 days"; AUDIT_RETENTION_DAYS). */
export const DEFAULT_AUDIT_RETENTION_DAYS = 365;

/** One audit entry: who did what to which target, when, from where, with which outcome and details. */
export const ZAuditLogEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  userId: z.string().nullable(),
  username: z.string().nullable(),
  issuerId: z.string().nullable(),
  issuerName: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  outcome: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
});
export type TAuditLogEntry = z.infer<typeof ZAuditLogEntry>;

/**
 * Properties of POST /api/v1/system-audit-logs/get filters and ordering. A date range is two filter items on
 * `at` (GreaterThanOrEqual and LessThanOrEqual).
 */
export const AUDIT_LOG_PROPERTIES = [
  'id',
  'at',
  'userId',
  'username',
  'issuerId',
  'issuerName',
  'action',
  'targetType',
  'targetId',
  'outcome',
  'ip',
] as const;
export type TAuditLogProperty = (typeof AUDIT_LOG_PROPERTIES)[number];

export const ZAuditLogIdParam = z.object({
  id: z.coerce
    .number({ error: 'Audit entry id must be a number' })
    .int('Audit entry id must be a whole number')
    .positive('Audit entry id must be positive'),
});

/** Values offered by the filter controls, and the retention in force. */
export const ZAuditLogFacets = z.object({
  actions: z.array(z.string()),
  targetTypes: z.array(z.string()),
  outcomes: z.array(z.string()),
  retentionDays: z.number().int(),
  oldestAt: z.string().nullable(),
});
export type TAuditLogFacets = z.infer<typeof ZAuditLogFacets>;
