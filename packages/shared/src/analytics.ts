/**
 * Analytics queries (SPEC §2 /admin/analytics-query, AnalyticsQuery_VIEW): saved read-only SQL over the documented
 * `analytics` views, with named parameters (`:name`), shown as a table and a chart and exportable as CSV.
 * The SQL scanner below is shared: the server binds parameters and refuses writes with it, the editor lists the
 * parameters a query uses.
 */
import { z } from 'zod';
import { ZMutationResult } from './api.ts';

// ---------------------------------------------------------------------------------------------------------------
// The documented views (created by migration 0003_analytics.sql). Keep in step with that file.

export interface TAnalyticsViewColumn {
  name: string;
  type: string;
  description: string;
}
export interface TAnalyticsView {
  name: string;
  description: string;
  columns: TAnalyticsViewColumn[];
}
const col = (name: string, type: string, description: string): TAnalyticsViewColumn => ({ name, type, description });

export const ANALYTICS_VIEWS: TAnalyticsView[] = [
  {
    name: 'v_users',
    description: 'Every user with status, roles and issuers (no credentials).',
    columns: [
      col('id', 'uuid', 'User id'),
      col('username', 'text', 'Unique username'),
      col('display_name', 'text', 'Display name'),
      col('given_name', 'text', 'Given name'),
      col('surname', 'text', 'Surname'),
      col('email', 'text', 'Email address'),
      col('id_provider_name', 'text', 'Identity provider (local, oidc, …)'),
      col('status', 'text', 'active, pending, unapproved or deactivated'),
      col('approved', 'boolean', 'Approved for the application'),
      col('is_deactivated', 'boolean', 'Deactivated'),
      col('pending', 'boolean', 'Invitation not yet accepted'),
      col('eligible', 'boolean', 'Eligible to use the application'),
      col('can_switch_roles', 'boolean', 'May switch roles'),
      col('branding_name', 'text', 'Own branding (null = inherited)'),
      col('roles', 'text[]', 'Role names'),
      col('issuer_names', 'text[]', 'Issuers the user belongs to'),
      col('agreed_terms_version', 'text', 'Terms of service version agreed'),
      col('agreed_privacy_version', 'text', 'Privacy policy version agreed'),
      col('last_activity_at', 'timestamptz', 'Last activity'),
      col('created_at', 'timestamptz', 'Created'),
      col('updated_at', 'timestamptz', 'Last changed'),
    ],
  },
  {
    name: 'v_issuers',
    description: 'Every issuer with settings and counts of users, managers, buyers and jobs.',
    columns: [
      col('id', 'uuid', 'Issuer id'),
      col('name', 'text', 'Name'),
      col('issuer_key', 'text', 'Issuer key'),
      col('scheme', 'text', 'Mastercard, Visa or Unknown'),
      col('language', 'text', 'Language key'),
      col('currency', 'text', 'Currency (3 letters)'),
      col('fallback_country_iso3', 'text', 'Fallback country (3 letters)'),
      col('send_magic_links', 'boolean', 'Sends magic links'),
      col('branding_name', 'text', 'Branding display name'),
      col('capabilities', 'text[]', 'Scored capabilities'),
      col('virtual_lockboxes', 'text[]', 'Virtual lockboxes'),
      col('input_data_options', 'text[]', 'Input data options'),
      col('email_domains', 'text[]', 'Email domains'),
      col('has_supplier_include_list', 'boolean', 'Has a supplier include list'),
      col('has_supplier_exclude_list', 'boolean', 'Has a supplier exclude list'),
      col('users_count', 'integer', 'Members'),
      col('managers_count', 'integer', 'Members with the Manager role'),
      col('buyers_count', 'integer', 'Buyers'),
      col('jobs_count', 'integer', 'Jobs'),
      col('created_at', 'timestamptz', 'Created'),
      col('updated_at', 'timestamptz', 'Last changed'),
    ],
  },
  {
    name: 'v_issuer_members',
    description: 'Issuer memberships: who belongs to which issuer, as Manager or Member.',
    columns: [
      col('issuer_id', 'uuid', 'Issuer id'),
      col('issuer_name', 'text', 'Issuer name'),
      col('user_id', 'uuid', 'User id'),
      col('username', 'text', 'Username'),
      col('member_role', 'text', 'Manager or Member'),
      col('is_domain_user', 'boolean', 'Joined through the issuer’s email domain'),
      col('joined_at', 'timestamptz', 'Membership created'),
    ],
  },
  {
    name: 'v_buyers',
    description: 'Buyers (corporate clients of issuers) with their job counts.',
    columns: [
      col('id', 'uuid', 'Buyer id'),
      col('name', 'text', 'Name'),
      col('country_iso3', 'text', 'Country (3 letters)'),
      col('issuer_id', 'uuid', 'Issuer id'),
      col('issuer_name', 'text', 'Issuer name'),
      col('jobs_count', 'integer', 'Jobs for this buyer'),
      col('created_by_username', 'text', 'Created by'),
      col('created_at', 'timestamptz', 'Created'),
    ],
  },
  {
    name: 'v_jobs',
    description: 'Analysis jobs with owner, issuer, buyer and number of users with access.',
    columns: [
      col('id', 'uuid', 'Job id'),
      col('name', 'text', 'Name'),
      col('type', 'text', 'base, matched-data-only or advanced'),
      col('is_published', 'boolean', 'Published'),
      col('is_hidden', 'boolean', 'Hidden'),
      col('owner_id', 'uuid', 'Owner id'),
      col('owner_username', 'text', 'Owner'),
      col('issuer_id', 'uuid', 'Issuer id'),
      col('issuer_name', 'text', 'Issuer name'),
      col('buyer_id', 'uuid', 'Buyer id'),
      col('buyer_name', 'text', 'Buyer name'),
      col('users_count', 'integer', 'Users with access'),
      col('created_on', 'timestamptz', 'Created'),
      col('updated_at', 'timestamptz', 'Last changed'),
    ],
  },
  {
    name: 'v_job_users',
    description: 'Who can open which job, and why (Owner, IssuerManager, DirectAssignment, MagicLinkUser).',
    columns: [
      col('job_id', 'uuid', 'Job id'),
      col('job_name', 'text', 'Job name'),
      col('user_id', 'uuid', 'User id'),
      col('username', 'text', 'Username'),
      col('connection_type', 'text', 'Owner, IssuerManager, DirectAssignment or MagicLinkUser'),
      col('assigned_at', 'timestamptz', 'Assigned'),
    ],
  },
  {
    name: 'v_sign_ins',
    description: 'Sign-in attempts from the audit log (successful, failed and refused).',
    columns: [
      col('id', 'bigint', 'Audit entry id'),
      col('at', 'timestamptz', 'When'),
      col('user_id', 'uuid', 'User id (null when unknown)'),
      col('username', 'text', 'Username'),
      col('outcome', 'text', 'success, failure or denied'),
      col('method', 'text', 'password, magic-link or oidc'),
      col('reason', 'text', 'Why a sign-in failed or was refused'),
      col('ip', 'text', 'Client address'),
    ],
  },
  {
    name: 'v_active_sessions',
    description: 'Sessions that have not expired (no session ids).',
    columns: [
      col('user_id', 'uuid', 'User id'),
      col('username', 'text', 'Username'),
      col('method', 'text', 'Sign-in method'),
      col('created_at', 'timestamptz', 'Signed in'),
      col('last_seen_at', 'timestamptz', 'Last request'),
      col('expires_at', 'timestamptz', 'Absolute expiry'),
      col('role_switch_active', 'boolean', 'Roles switched in this session'),
    ],
  },
  {
    name: 'v_audit_events',
    description: 'The system audit log: every change and refusal.',
    columns: [
      col('id', 'bigint', 'Audit entry id'),
      col('at', 'timestamptz', 'When'),
      col('user_id', 'uuid', 'Acting user id'),
      col('username', 'text', 'Acting username'),
      col('issuer_id', 'uuid', 'Issuer concerned'),
      col('issuer_name', 'text', 'Issuer name'),
      col('action', 'text', 'Action, e.g. issuer.update'),
      col('target_type', 'text', 'Kind of target'),
      col('target_id', 'text', 'Target id'),
      col('outcome', 'text', 'success, failure or denied'),
      col('details', 'jsonb', 'Details of the change'),
      col('ip', 'text', 'Client address'),
    ],
  },
  {
    name: 'v_emails',
    description: 'Emails sent or queued (addresses and subjects only; no bodies, which may carry sign-in links).',
    columns: [
      col('id', 'uuid', 'Email id'),
      col('to_address', 'text', 'Recipient'),
      col('subject', 'text', 'Subject'),
      col('status', 'text', 'pending, sent, failed or outbox'),
      col('attempts', 'integer', 'Delivery attempts'),
      col('created_at', 'timestamptz', 'Queued'),
      col('sent_at', 'timestamptz', 'Delivered'),
    ],
  },
];
export const ANALYTICS_SCHEMA = 'analytics';

// ---------------------------------------------------------------------------------------------------------------
// SQL scanning: words and :named parameters outside strings, quoted identifiers and comments.

export interface TSqlToken {
  kind: 'word' | 'param' | 'semicolon';
  /** lower-cased word, the parameter name as written, or ";" */
  text: string;
  start: number;
  end: number;
}

/** Scans SQL text; `::` casts, string literals (incl. E'' and $tag$…$tag$), "identifiers" and comments are skipped. */
export function scanSql(sqlText: string): TSqlToken[] {
  const out: TSqlToken[] = [];
  const s = sqlText;
  let i = 0;
  const n = s.length;
  const isWordStart = (c: string) => /[A-Za-z_\u0080-\uffff]/.test(c);
  const isWord = (c: string) => /[A-Za-z0-9_$\u0080-\uffff]/.test(c);
  while (i < n) {
    const c = s[i]!;
    const next = s[i + 1];
    if (c === '-' && next === '-') {
      while (i < n && s[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && next === '*') {
      let depth = 1;
      i += 2;
      while (i < n && depth > 0) {
        if (s[i] === '/' && s[i + 1] === '*') {
          depth++;
          i += 2;
        } else if (s[i] === '*' && s[i + 1] === '/') {
          depth--;
          i += 2;
        } else i++;
      }
      continue;
    }
    if (c === "'" || ((c === 'E' || c === 'e') && next === "'" && !(i > 0 && isWord(s[i - 1]!)))) {
      const backslash = c !== "'";
      i += backslash ? 2 : 1;
      while (i < n) {
        if (backslash && s[i] === '\\') i += 2;
        else if (s[i] === "'" && s[i + 1] === "'") i += 2;
        else if (s[i] === "'") {
          i++;
          break;
        } else i++;
      }
      continue;
    }
    if (c === '"') {
      i++;
      while (i < n) {
        if (s[i] === '"' && s[i + 1] === '"') i += 2;
        else if (s[i] === '"') {
          i++;
          break;
        } else i++;
      }
      continue;
    }
    if (c === '$') {
      const m = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(s.slice(i));
      if (m && !(i > 0 && isWord(s[i - 1]!))) {
        const tag = m[0];
        const close = s.indexOf(tag, i + tag.length);
        i = close === -1 ? n : close + tag.length;
        continue;
      }
      i++;
      continue;
    }
    if (c === ':') {
      if (next === ':') {
        i += 2;
        continue;
      }
      if (next !== undefined && isWordStart(next) && s[i - 1] !== ':') {
        let j = i + 1;
        while (j < n && /[A-Za-z0-9_]/.test(s[j]!)) j++;
        out.push({ kind: 'param', text: s.slice(i + 1, j), start: i, end: j });
        i = j;
        continue;
      }
      i++;
      continue;
    }
    if (c === ';') {
      out.push({ kind: 'semicolon', text: ';', start: i, end: i + 1 });
      i++;
      continue;
    }
    if (isWordStart(c)) {
      let j = i + 1;
      while (j < n && isWord(s[j]!)) j++;
      out.push({ kind: 'word', text: s.slice(i, j).toLowerCase(), start: i, end: j });
      i = j;
      continue;
    }
    i++;
  }
  return out;
}

/** The distinct :parameters a query uses, in order of first use. */
export function sqlParameterNames(sqlText: string): string[] {
  return [
    ...new Set(
      scanSql(sqlText)
        .filter((t) => t.kind === 'param')
        .map((t) => t.text),
    ),
  ];
}

/** Words that change data or the database: a query using any of them (outside strings) is refused. */
export const WRITE_KEYWORDS = [
  'insert',
  'update',
  'delete',
  'merge',
  'truncate',
  'create',
  'drop',
  'alter',
  'grant',
  'revoke',
  'copy',
  'vacuum',
  'reindex',
  'cluster',
  'refresh',
  'lock',
  'call',
  'do',
  'listen',
  'notify',
  'execute',
  'prepare',
  'discard',
  'import',
  'security',
  'set',
  'reset',
  'into',
] as const;
export const READ_ONLY_REFUSAL = 'Only read-only queries are allowed';

// ---------------------------------------------------------------------------------------------------------------
// Contracts

export const ANALYTICS_PARAMETER_TYPES = ['text', 'number', 'integer', 'date', 'timestamp', 'boolean'] as const;
export const ZAnalyticsParameterType = z.enum(ANALYTICS_PARAMETER_TYPES, {
  error: () => `Type must be one of ${ANALYTICS_PARAMETER_TYPES.join(', ')}`,
});
export type TAnalyticsParameterType = z.infer<typeof ZAnalyticsParameterType>;

export const ZAnalyticsParameterValue = z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]);
export type TAnalyticsParameterValue = z.infer<typeof ZAnalyticsParameterValue>;

export const ZAnalyticsParameter = z
  .object({
    name: z
      .string({ error: 'Name is required' })
      .regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, 'Name must start with a letter and contain only letters, digits and _'),
    label: z.string().trim().max(100, 'Label must be at most 100 characters').optional(),
    type: ZAnalyticsParameterType,
    required: z.boolean().default(true),
    defaultValue: ZAnalyticsParameterValue.optional(),
  })
  .strict();
export type TAnalyticsParameter = z.output<typeof ZAnalyticsParameter>;
export type TAnalyticsParameterInput = z.input<typeof ZAnalyticsParameter>;

export const ANALYTICS_CHART_TYPES = ['none', 'bar', 'line', 'pie'] as const;
export const ZAnalyticsChart = z
  .object({
    type: z.enum(ANALYTICS_CHART_TYPES, {
      error: () => `Chart type must be one of ${ANALYTICS_CHART_TYPES.join(', ')}`,
    }),
    xColumn: z.string().max(200).nullable().optional(),
    yColumns: z.array(z.string().max(200)).max(10, 'At most 10 series').default([]),
    stacked: z.boolean().optional(),
  })
  .strict();
export type TAnalyticsChart = z.output<typeof ZAnalyticsChart>;

const ZSql = z
  .string({ error: 'SQL is required' })
  .max(20_000, 'SQL must be at most 20000 characters')
  .refine((v) => v.trim().length > 0, 'SQL is required');

const parameterArray = z
  .array(ZAnalyticsParameter)
  .max(20, 'At most 20 parameters')
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((p, i) => {
      if (seen.has(p.name))
        ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `Parameter ${p.name} is defined twice` });
      seen.add(p.name);
    });
  });
const parameterList = parameterArray.default([]);

export const ZAnalyticsReportInput = z
  .object({
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(200, 'Name must be at most 200 characters'),
    description: z.string().trim().max(2000, 'Description must be at most 2000 characters').default(''),
    sql: ZSql,
    parameters: parameterList,
    chart: ZAnalyticsChart.nullable().optional(),
  })
  .strict();
export type TAnalyticsReportInput = z.input<typeof ZAnalyticsReportInput>;
/** PUT: only the fields sent change (no defaults, so an omitted field is kept). */
export const ZAnalyticsReportUpdate = z
  .object({
    name: ZAnalyticsReportInput.shape.name,
    description: z.string().trim().max(2000, 'Description must be at most 2000 characters'),
    sql: ZSql,
    parameters: parameterArray,
    chart: ZAnalyticsChart.nullable(),
  })
  .partial()
  .strict();
export type TAnalyticsReportUpdate = z.input<typeof ZAnalyticsReportUpdate>;

export const ZAnalyticsReport = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  sql: z.string(),
  parameters: z.array(ZAnalyticsParameter),
  chart: ZAnalyticsChart.nullable(),
  createdBy: z.string().nullable(),
  createdByUsername: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAnalyticsReport = z.infer<typeof ZAnalyticsReport>;
export const ANALYTICS_REPORT_PROPERTIES = [
  'id',
  'name',
  'description',
  'createdByUsername',
  'createdAt',
  'updatedAt',
] as const;

export const ZAnalyticsReportIdParam = z.object({ id: z.uuid('Report id must be an id') });
export const ZAnalyticsReportCreated = ZMutationResult.extend({ id: z.uuid() });

export const ZAnalyticsValues = z.record(z.string(), ZAnalyticsParameterValue).default({});
export type TAnalyticsValues = z.infer<typeof ZAnalyticsValues>;

/** POST /api/v1/analytics/run: an ad-hoc query with its parameter definitions and values. */
export const ZAnalyticsRunRequest = z
  .object({ sql: ZSql, parameters: parameterList, values: ZAnalyticsValues })
  .strict();
export type TAnalyticsRunRequest = z.input<typeof ZAnalyticsRunRequest>;
export const ZAnalyticsReportRunRequest = z.object({ values: ZAnalyticsValues }).strict();

export const ANALYTICS_COLUMN_TYPES = ['number', 'text', 'boolean', 'date', 'json'] as const;
export const ZAnalyticsColumn = z.object({ name: z.string(), type: z.enum(ANALYTICS_COLUMN_TYPES) });
export type TAnalyticsColumn = z.infer<typeof ZAnalyticsColumn>;

export const ZAnalyticsResult = z.object({
  columns: z.array(ZAnalyticsColumn),
  rows: z.array(z.array(z.unknown())),
  rowCount: z.number().int(),
  /** More rows existed than the row limit; only the first rowLimit are returned. */
  truncated: z.boolean(),
  rowLimit: z.number().int(),
  durationMs: z.number(),
});
export type TAnalyticsResult = z.infer<typeof ZAnalyticsResult>;

export const ZAnalyticsCatalog = z.object({
  schema: z.string(),
  views: z.array(
    z.object({
      name: z.string(),
      description: z.string(),
      columns: z.array(z.object({ name: z.string(), type: z.string(), description: z.string() })),
    }),
  ),
  rowLimit: z.number().int(),
  exportRowLimit: z.number().int(),
  timeoutMs: z.number().int(),
});
export type TAnalyticsCatalog = z.infer<typeof ZAnalyticsCatalog>;
