/** Campaign workflows (SPEC §3 campaign routes and counters, §4 stage status; DESIGN §7): API contracts. */
import { z } from 'zod';
import { CAMPAIGN_ROUTES, CAMPAIGN_STAGE_STATUSES } from './values/enums.ts';
import {
  CAMPAIGN_EMAIL_STATUSES,
  ENROL_DECISIONS,
  ENROLMENT_EVENT_KINDS,
  ENROLMENT_STATUSES,
  WORKFLOW_SOURCES,
  ENROL_TOKEN_HEADER,
} from './values/campaigns.ts';
import { ZFilterItem, MAX_PAGE_SIZE, zPagedResult } from './paging.ts';
import { ZScoreKind, ZSlicer } from './enums.ts';

export * from './values/campaigns.ts';

export const ZEnrolmentStatus = z.enum(ENROLMENT_STATUSES);
export const ZCampaignStageStatus = z.enum(CAMPAIGN_STAGE_STATUSES);
const ZRoute = z.enum(CAMPAIGN_ROUTES);

export const ZCampaignCounters = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  active: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
});
export type TCampaignCounters = z.infer<typeof ZCampaignCounters>;

const id = (what: string) => z.uuid(`${what} must be an id`);
export const ZJobWorkflowsParams = z.object({ jobId: id('Job id') });
export const ZWorkflowParams = z.object({ jobId: id('Job id'), id: id('Workflow id') });
export const ZCampaignParams = ZWorkflowParams.extend({ campaignId: id('Campaign id') });
export const ZWorkflowSupplierParams = ZWorkflowParams.extend({ supplierKey: z.string().min(1).max(200) });
export const ZCampaignEmailParams = ZWorkflowSupplierParams.extend({ emailId: id('Email id') });

/** The suppliers-table selection a workflow can be created from (the Suppliers tab's filters, search, slicer). */
export const ZSupplierSelection = z.object({
  filters: z.array(ZFilterItem).max(50).default([]),
  search: z.string().max(200).optional(),
  slicer: ZSlicer.optional(),
  slicerValue: z.string().max(50).optional(),
});
export type TSupplierSelection = z.infer<typeof ZSupplierSelection>;

export const ZEmailCounts = z.object({
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  bounced: z.number().int(),
});

export const ZCampaign = z.object({
  id: z.string(),
  workflowId: z.string(),
  name: z.string(),
  route: ZRoute,
  stageStatus: ZCampaignStageStatus,
  templateSubject: z.string(),
  templateBody: z.string(),
  scheduledStart: z.string().nullable(),
  createdAt: z.string(),
  counters: ZCampaignCounters,
  emails: ZEmailCounts,
  /**
   * Achieved vs predicted conversion of the wave (%, one decimal): achieved = succeeded / (succeeded + failed)
   * (null before any outcome); predicted = the mean predicted conversion of its suppliers (null: no suppliers).
   */
  conversion: z
    .object({
      achievedPct: z.number().nullable(),
      predictedPct: z.number().nullable(),
      decided: z.number().int(),
      source: z.enum(['learned', 'prior']),
    })
    .optional(),
  /** The latest outreach command of the wave, with its progress. */
  outreach: z
    .object({
      commandId: z.number().int(),
      state: z.string(),
      progressPercent: z.number().nullable(),
      progressMessage: z.string().nullable(),
    })
    .nullable(),
});
export type TCampaign = z.infer<typeof ZCampaign>;

export const ZWorkflowSummary = z.object({
  id: z.string(),
  jobId: z.string(),
  jobName: z.string(),
  issuerId: z.string(),
  issuerName: z.string().nullable(),
  name: z.string(),
  sourceKind: z.enum(WORKFLOW_SOURCES),
  useCaseId: z.string().nullable(),
  useCaseName: z.string().nullable(),
  ownerName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  campaignCount: z.number().int(),
  counters: ZCampaignCounters,
  /** Suppliers a later run of the job no longer has. */
  missing: z.number().int(),
});
export type TWorkflowSummary = z.infer<typeof ZWorkflowSummary>;

export const ZRouteCounters = z.object({
  /** A campaign route, or "All" for every supplier of the workflow. */
  route: z.union([ZRoute, z.literal('All')]),
  label: z.string(),
  counters: ZCampaignCounters,
});

export const ZWorkflowDetail = ZWorkflowSummary.extend({
  filter: ZSupplierSelection.nullable(),
  campaigns: z.array(ZCampaign),
  routes: z.array(ZRouteCounters),
  unassigned: z.number().int(),
  currency: z.string(),
  totalSpend: z.number(),
  succeededSpend: z.number(),
});
export type TWorkflowDetail = z.infer<typeof ZWorkflowDetail>;

export const ZWorkflowPage = zPagedResult(ZWorkflowSummary).extend({ counters: ZCampaignCounters });
export type TWorkflowPage = z.infer<typeof ZWorkflowPage>;

export const ZWorkflowListQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
  search: z.string().max(200).optional(),
  jobId: z.uuid('jobId must be an id').optional(),
  issuerId: z.uuid('issuerId must be an id').optional(),
  /** open: some supplier not yet Succeeded/Failed; closed: every supplier has an outcome. */
  state: z.enum(['open', 'closed']).optional(),
});
export type TWorkflowListQuery = z.output<typeof ZWorkflowListQuery>;

export const ZWorkflowCreate = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(200),
    useCaseId: z.string().min(1).max(100).optional(),
    filter: ZSupplierSelection.optional(),
  })
  .refine((b) => (b.useCaseId === undefined) !== (b.filter === undefined), {
    message: 'Give either useCaseId or filter (the suppliers-table selection), not both',
    path: ['useCaseId'],
  });
export type TWorkflowCreate = z.input<typeof ZWorkflowCreate>;

export const ZWorkflowUpdate = z.object({ name: z.string().trim().min(1, 'Name is required').max(200) });

export const ZCampaignCreate = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  route: ZRoute,
  templateSubject: z.string().max(500).optional(),
  templateBody: z.string().max(20_000).optional(),
  scheduledStart: z.iso.datetime({ offset: true }).nullish(),
  /**
   * The suppliers to put in this wave; without it, the `count` best not yet in a wave by expected value (predicted
   * conversion × route value; docs/CAMPAIGN-LEARNING.md).
   */
  supplierKeys: z.array(z.string().min(1).max(200)).max(100_000).optional(),
  count: z.number().int().min(1).max(100_000).optional(),
});
export type TCampaignCreate = z.input<typeof ZCampaignCreate>;

export const ZCampaignUpdate = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  stageStatus: ZCampaignStageStatus.optional(),
  templateSubject: z.string().max(500).optional(),
  templateBody: z.string().max(20_000).optional(),
  scheduledStart: z.iso.datetime({ offset: true }).nullish(),
});
export type TCampaignUpdate = z.input<typeof ZCampaignUpdate>;

export const WORKFLOW_SUPPLIER_FIELDS = [
  'supplierName',
  'supplierKey',
  'supplierId',
  'country',
  'spend',
  'status',
  'campaignName',
  'route',
  'contactEmail',
  'missing',
  'updatedAt',
] as const;

const ZFiltersJson = z
  .string()
  .max(20_000)
  .transform((s, ctx) => {
    try {
      return JSON.parse(s) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of filter items' });
      return z.NEVER;
    }
  })
  .pipe(z.array(ZFilterItem).max(50));

export const ZWorkflowSuppliersQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
  orderBy: z
    .string()
    .regex(/^[A-Za-z]+(:(asc|desc))?$/, 'must be "property" or "property:asc|desc"')
    .optional(),
  filters: ZFiltersJson.optional(),
  search: z.string().max(200).optional(),
  status: ZEnrolmentStatus.optional(),
  campaignId: z.union([z.uuid(), z.literal('none')]).optional(),
  /**
   * Seek paging: the `nextCursor` of the previous page. The page then starts right after that row through the
   * sort's index (deep pages cost what the first does); pageNumber only labels the page.
   */
  after: z.string().max(600).optional(),
});
export type TWorkflowSuppliersQuery = z.output<typeof ZWorkflowSuppliersQuery>;

export const ZWorkflowSupplier = z.object({
  supplierKey: z.string(),
  supplierId: z.string().nullable(),
  supplierName: z.string(),
  country: z.string().nullable(),
  spend: z.number(),
  status: ZEnrolmentStatus,
  campaignId: z.string().nullable(),
  campaignName: z.string().nullable(),
  route: ZRoute.nullable(),
  contactEmail: z.string().nullable(),
  missing: z.boolean(),
  updatedAt: z.string(),
  /**
   * Probability (0–1) that the supplier converts in its wave (not in a wave: in the next one): learnt from the
   * issuer's recorded outcomes, or the business case's assumed conversion of its Optima level while too few are
   * recorded (`prediction.source` of the page; docs/CAMPAIGN-LEARNING.md).
   */
  predictedConversion: z.number().min(0).max(1),
  /** The best route's value − cost, a year (job currency), and predictedConversion × that value. */
  routeValue: z.number(),
  expectedValue: z.number(),
});
export type TWorkflowSupplier = z.infer<typeof ZWorkflowSupplier>;

/** What the predicted conversions rest on: the model learnt from recorded outcomes, or the prior. */
export const ZConversionPrediction = z.object({
  source: z.enum(['learned', 'prior']),
  /** Outcomes (Succeeded + Failed) recorded in the issuer's campaigns, and how many succeeded. */
  outcomes: z.number().int(),
  succeeded: z.number().int(),
  /** Outcomes needed before the model replaces the prior. */
  minOutcomes: z.number().int(),
  /** Why the prior is used (null when learned). */
  reason: z.string().nullable(),
  /** Brier score of the model's out-of-fold predictions of the recorded outcomes (null: prior). */
  brier: z.number().nullable(),
});
export type TConversionPrediction = z.infer<typeof ZConversionPrediction>;

export const ZWorkflowSupplierPage = zPagedResult(ZWorkflowSupplier).extend({
  /** Pass as `after` for the next page (seek paging; null on the last page or for sorts without a seek index). */
  nextCursor: z.string().nullable(),
  prediction: ZConversionPrediction,
});
export type TWorkflowSupplierPage = z.infer<typeof ZWorkflowSupplierPage>;

export const ZEnrolmentEvent = z.object({
  id: z.string(),
  kind: z.enum(ENROLMENT_EVENT_KINDS),
  fromStatus: ZEnrolmentStatus.nullable(),
  toStatus: ZEnrolmentStatus.nullable(),
  campaignName: z.string().nullable(),
  note: z.string().nullable(),
  occurredAt: z.string(),
  userName: z.string().nullable(),
});
export const ZCampaignEmail = z.object({
  id: z.string(),
  campaignId: z.string(),
  campaignName: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  status: z.enum(CAMPAIGN_EMAIL_STATUSES),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  bouncedAt: z.string().nullable(),
});
export type TCampaignEmail = z.infer<typeof ZCampaignEmail>;

export const ZWorkflowSupplierDetail = z.object({
  workflow: z.object({ id: z.string(), name: z.string(), jobId: z.string() }),
  supplier: ZWorkflowSupplier,
  history: z.array(ZEnrolmentEvent),
  emails: z.array(ZCampaignEmail),
});
export type TWorkflowSupplierDetail = z.infer<typeof ZWorkflowSupplierDetail>;

export const ZWorkflowSupplierPatch = z
  .object({
    status: ZEnrolmentStatus.optional(),
    note: z.string().trim().min(1).max(2000).optional(),
    contactEmail: z.email('contactEmail must be an email address').max(320).nullish(),
    /** Move the supplier to this wave of the workflow (null: out of any wave). */
    campaignId: z.uuid().nullish(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to change', path: ['status'] });
export type TWorkflowSupplierPatch = z.input<typeof ZWorkflowSupplierPatch>;

export const ZWorkflowBulkStatus = z.object({
  supplierKeys: z.array(z.string().min(1).max(200)).min(1, 'Select at least one supplier').max(100_000),
  status: ZEnrolmentStatus,
  note: z.string().trim().min(1).max(2000).optional(),
});
export type TWorkflowBulkStatus = z.input<typeof ZWorkflowBulkStatus>;
export const ZWorkflowBulkResult = z.object({ updated: z.number().int(), unchanged: z.number().int() });

export const ZOutcomeUploadResult = z.object({
  rows: z.number().int(),
  applied: z.number().int(),
  unchanged: z.number().int(),
  message: z.string(),
});
export type TOutcomeUploadResult = z.infer<typeof ZOutcomeUploadResult>;

export const ZOutreachPreviewBody = z.object({
  templateSubject: z.string().max(500).optional(),
  templateBody: z.string().max(20_000).optional(),
  supplierKey: z.string().min(1).max(200).optional(),
});
export const ZOutreachPreview = z.object({
  to: z.string().nullable(),
  supplierKey: z.string().nullable(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  from: z.string().nullable(),
  /** Merge fields the template uses that are not known. */
  unknownFields: z.array(z.string()),
  recipients: z.number().int(),
  withoutEmail: z.number().int(),
  alreadySent: z.number().int(),
});
export type TOutreachPreview = z.infer<typeof ZOutreachPreview>;
export const ZOutreachSendResult = z.object({ commandId: z.number().int(), recipients: z.number().int() });
export type TOutreachSendResult = z.infer<typeof ZOutreachSendResult>;
export const ZBounceBody = z.object({ reason: z.string().trim().min(1).max(1000).optional() });

export const ZWorkflowSources = z.object({
  currency: z.string(),
  totalSuppliers: z.number().int(),
  useCases: z.array(
    z.object({ useCaseId: z.string(), name: z.string(), supplierCount: z.number().int(), spend: z.number() }),
  ),
  /** The best routes a selection may name ("best route = X"): the routes the job's issuer offers now. */
  routes: z.array(ZScoreKind),
});
export type TWorkflowSources = z.infer<typeof ZWorkflowSources>;

/** A supplier's campaigns on the supplier page. */
export const ZSupplierCampaign = z.object({
  id: z.string(),
  name: z.string(),
  status: ZEnrolmentStatus,
  campaignName: z.string().nullable(),
  route: ZRoute.nullable(),
  updatedAt: z.string(),
});

// ---------------------------------------------------------------------------------------------------------------
// The public enrolment page (/enrol): reached from the outreach email's signed, expiring per-enrolment link.

export const ZEnrolToken = z.string().trim().min(20, 'The enrolment link is incomplete').max(1000);
/**
 * The landing's query: the workflow named by the link, when the link carries one (it must be the token's own). The
 * token itself is never in a URL (proxy and access logs keep URLs): it travels in the X-Enrolment-Token header.
 */
export const ZEnrolQuery = z.object({
  workflow: z.uuid('workflow must be a workflow id').optional(),
});
export const ZEnrolHeaders = z.object({ [ENROL_TOKEN_HEADER]: ZEnrolToken });
export const ZEnrolLanding = z.object({
  brandName: z.string(),
  brandingKey: z.string().nullable(),
  theme: z.string().nullable(),
  language: z.string(),
  issuerName: z.string(),
  buyerName: z.string(),
  supplierName: z.string(),
  campaignName: z.string().nullable(),
  status: ZEnrolmentStatus,
  contactEmail: z.string().nullable(),
  expiresAt: z.string(),
  /**
   * The supplier's own case on its best route (packages/shared supplier-routes.ts), from the job's latest run: net
   * benefit a year in `currency` and days paid sooner; null when the run has neither. `feeTable`: the acceptance fee
   * table the run priced it with (the issuer's own, or the defaults).
   */
  supplierCase: z
    .object({
      currency: z.string(),
      netBenefit: z.number().nullable(),
      daysSooner: z.number().nullable(),
      feeTable: z.enum(['issuer', 'defaults']),
    })
    .nullable(),
});
export type TEnrolLanding = z.infer<typeof ZEnrolLanding>;
export const ZEnrolDecision = z.object({
  token: ZEnrolToken,
  workflow: z.uuid('workflow must be a workflow id').optional(),
  decision: z.enum(ENROL_DECISIONS),
  contactName: z.string().trim().min(1, 'Your name is required').max(200, 'Your name is too long (200 characters)'),
  contactEmail: z.email('Enter a valid email address').max(320),
  phone: z
    .string()
    .trim()
    .max(40, 'The phone number is too long')
    .regex(/^[+0-9 ()./-]*$/, 'A phone number has digits, spaces and + ( ) . / - only')
    .optional(),
  note: z.string().trim().max(2000, 'The note is too long (2,000 characters)').optional(),
});
export type TEnrolDecision = z.input<typeof ZEnrolDecision>;
export const ZEnrolResult = z.object({ status: ZEnrolmentStatus, message: z.string() });
export type TEnrolResult = z.infer<typeof ZEnrolResult>;

// ---------------------------------------------------------------------------------------------------------------
// Bounces read from mail: delivery status notifications (RFC 3464) matched to the outreach email they report on.

export const BOUNCE_MAX_BYTES = 2 * 1024 * 1024;
export const BOUNCE_MAX_FILES = 200;
export const ZBounceReport = z.object({
  results: z.array(
    z.object({
      file: z.string(),
      recipient: z.string().nullable(),
      outcome: z.enum(['recorded', 'alreadyRecorded', 'notABounce', 'unmatched', 'invalid']),
      supplierName: z.string().nullable(),
      reason: z.string(),
    }),
  ),
  recorded: z.number().int(),
});
export type TBounceReport = z.infer<typeof ZBounceReport>;
