import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  TCampaignEmailStatus,
  TCampaignRoute,
  TCampaignStageStatus,
  TEnrolmentEventKind,
  TEnrolmentStatus,
  TSupplierSelection,
  TWorkflowSource,
} from '@sextant/shared/values';
import { jobArtifacts } from './jobs.ts';
import { users } from './users.ts';
import { emailOutbox } from './system.ts';

/**
 * Campaign workflows (DESIGN §7): a workflow of a job holds campaigns (waves); each selected supplier has one
 * enrolment per workflow (so a supplier is in at most one open campaign of it), with a dated history of events.
 * Supplier name and spend are copied from the run the workflow was built from, so counters and pages never need
 * the results files; `missing` flags suppliers a later run no longer has.
 */
export const campaignWorkflows = pgTable(
  'campaign_workflows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobArtifacts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sourceKind: text('source_kind').$type<TWorkflowSource>().notNull(),
    useCaseId: text('use_case_id'),
    useCaseName: text('use_case_name'),
    /** The suppliers-table query the selection was made with (filters, search, slicer). */
    filter: jsonb('filter').$type<TSupplierSelection>(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** The run whose suppliers the enrolments were last checked against. */
    runId: uuid('run_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('campaign_workflows_job_idx').on(t.jobId)],
);

export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => campaignWorkflows.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    route: text('route').$type<TCampaignRoute>().notNull(),
    stageStatus: text('stage_status').$type<TCampaignStageStatus>().notNull().default('Pending'),
    templateSubject: text('template_subject').notNull().default(''),
    templateBody: text('template_body').notNull().default(''),
    scheduledStart: timestamp('scheduled_start', { withTimezone: true }),
    /** The latest outreach ProQ command of the wave. */
    outreachCommandId: integer('outreach_command_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('campaigns_workflow_idx').on(t.workflowId)],
);

export const campaignEnrolments = pgTable(
  'campaign_enrolments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => campaignWorkflows.id, { onDelete: 'cascade' }),
    /** The wave the supplier is in (null: selected, not in a wave yet). */
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    supplierKey: text('supplier_key').notNull(),
    supplierId: text('supplier_id'),
    supplierName: text('supplier_name').notNull(),
    country: text('country'),
    spend: doublePrecision('spend').notNull().default(0),
    status: text('status').$type<TEnrolmentStatus>().notNull().default('Pending'),
    contactEmail: text('contact_email'),
    missing: boolean('missing').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('campaign_enrolments_workflow_supplier_idx').on(t.workflowId, t.supplierKey),
    index('campaign_enrolments_workflow_status_idx').on(t.workflowId, t.status, t.campaignId),
    // Sort indexes of the supplier table: ties break on supplier_key in the sort's direction, so one index serves
    // both directions and seek paging ((column, supplier_key) < (last row's)).
    index('campaign_enrolments_workflow_spend_key_idx').on(t.workflowId, t.spend, t.supplierKey),
    index('campaign_enrolments_workflow_name_idx').on(t.workflowId, t.supplierName, t.supplierKey),
    index('campaign_enrolments_workflow_status_name_idx').on(t.workflowId, t.status, t.supplierName, t.supplierKey),
    index('campaign_enrolments_campaign_idx').on(t.campaignId, t.status),
    index('campaign_enrolments_supplier_idx').on(t.supplierKey),
  ],
);

export const campaignEnrolmentEvents = pgTable(
  'campaign_enrolment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enrolmentId: uuid('enrolment_id')
      .notNull()
      .references(() => campaignEnrolments.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TEnrolmentEventKind>().notNull(),
    fromStatus: text('from_status').$type<TEnrolmentStatus>(),
    toStatus: text('to_status').$type<TEnrolmentStatus>(),
    campaignId: uuid('campaign_id'),
    note: text('note'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name'),
  },
  (t) => [index('campaign_enrolment_events_enrolment_idx').on(t.enrolmentId, t.occurredAt)],
);

export const campaignEmails = pgTable(
  'campaign_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enrolmentId: uuid('enrolment_id')
      .notNull()
      .references(() => campaignEnrolments.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    outboxId: uuid('outbox_id').references(() => emailOutbox.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    status: text('status').$type<TCampaignEmailStatus>().notNull().default('queued'),
    /**
     * SHA-256 (hex) of the random nonce carried by this email's enrolment link: a link is honoured only when the
     * send record it names exists and its nonce hashes to this (no link without a sent email).
     */
    linkNonceHash: text('link_nonce_hash'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    bouncedAt: timestamp('bounced_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('campaign_emails_campaign_enrolment_idx').on(t.campaignId, t.enrolmentId),
    index('campaign_emails_enrolment_idx').on(t.enrolmentId),
  ],
);
