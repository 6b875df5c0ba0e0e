/** Campaign workflows (SPEC §3 campaign routes and counters, §4 stage status; DESIGN §7): zod-free values. */
import type { CAMPAIGN_STAGE_STATUSES } from './enums.ts';

export type TCampaignStageStatus = (typeof CAMPAIGN_STAGE_STATUSES)[number];

/** A supplier's enrolment status in a workflow: Pending → Active → Succeeded | Failed. */
export const ENROLMENT_STATUSES = ['Pending', 'Active', 'Succeeded', 'Failed'] as const;
export type TEnrolmentStatus = (typeof ENROLMENT_STATUSES)[number];

/** Allowed enrolment transitions (the same status is a no-op; a closed outcome is never reopened). */
export const ENROLMENT_TRANSITIONS: Record<TEnrolmentStatus, readonly TEnrolmentStatus[]> = {
  Pending: ['Active', 'Succeeded', 'Failed'],
  Active: ['Succeeded', 'Failed'],
  Succeeded: [],
  Failed: [],
};
export const canMoveEnrolment = (from: TEnrolmentStatus, to: TEnrolmentStatus): boolean =>
  ENROLMENT_TRANSITIONS[from].includes(to);

/** Allowed stage transitions of a campaign (wave). */
export const CAMPAIGN_STAGE_TRANSITIONS: Record<TCampaignStageStatus, readonly TCampaignStageStatus[]> = {
  Pending: ['Active', 'Completed'],
  Active: ['Completed'],
  Completed: [],
};

export const ENROLMENT_EVENT_KINDS = [
  'created',
  'assigned',
  'status',
  'note',
  'email',
  'bounce',
  'missing',
  'contact',
  /** The supplier's contact confirmed or declined through the enrolment link of an outreach email. */
  'link',
] as const;
export type TEnrolmentEventKind = (typeof ENROLMENT_EVENT_KINDS)[number];

export const WORKFLOW_SOURCES = ['useCase', 'filter'] as const;
export type TWorkflowSource = (typeof WORKFLOW_SOURCES)[number];

/** Counter names of a workflow, a campaign, a route and "All Routes" (SPEC §3 Campaign counters). */
export const CAMPAIGN_COUNTER_KEYS = ['total', 'pending', 'active', 'succeeded', 'failed'] as const;
export type TCampaignCounterKey = (typeof CAMPAIGN_COUNTER_KEYS)[number];

export const CAMPAIGN_EMAIL_STATUSES = ['queued', 'sent', 'outbox', 'failed', 'bounced'] as const;
export type TCampaignEmailStatus = (typeof CAMPAIGN_EMAIL_STATUSES)[number];

/** Columns of an outcome file: a supplier id or key, the status, and optionally the date and a note. */
export const OUTCOME_COLUMNS = {
  supplier: ['supplierKey', 'supplierId'],
  status: 'status',
  date: 'date',
  note: 'note',
} as const;
export const OUTCOME_MAX_BYTES = 10 * 1024 * 1024;
export const OUTCOME_MAX_ROWS = 100_000;

/** The merge fields an outreach template may use. */
export const CAMPAIGN_MERGE_FIELDS = [
  'supplierName',
  'supplierKey',
  'buyerName',
  'issuerName',
  'spendBand',
  'campaignName',
  'enrolmentLink',
] as const;

export const DEFAULT_OUTREACH_SUBJECT = '{{buyerName}} now pays suppliers by card — {{supplierName}}';
export const DEFAULT_OUTREACH_BODY =
  'Dear {{supplierName}} team,\n\n{{buyerName}} is moving supplier payments to card with {{issuerName}}. Your annual business with {{buyerName}} is {{spendBand}}; being paid by card means faster settlement and no chasing of invoices.\n\nEnrol in a few minutes here: {{enrolmentLink}}\n\nKind regards,\nThe {{issuerName}} enablement team';

/** Spend band of a supplier for outreach ("under 10k", "10k–100k", …) in the job's currency. */
export function spendBand(spend: number, currency: string): string {
  const c = currency || '';
  if (spend < 10_000) return `under 10k ${c}`.trim();
  if (spend < 100_000) return `10k–100k ${c}`.trim();
  if (spend < 1_000_000) return `100k–1M ${c}`.trim();
  return `over 1M ${c}`.trim();
}
