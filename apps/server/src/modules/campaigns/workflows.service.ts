/**
 * Campaign workflows (DESIGN §7): a workflow of a job is created from a use case or a suppliers-table selection
 * (the results module's own filter, `selectSuppliers`), holds campaigns (waves) with a route, an outreach template,
 * a schedule and a stage status, and one enrolment per selected supplier with a dated history.
 *
 * Rules: a supplier is in at most one open campaign of a workflow (one enrolment per workflow and supplier, moved
 * between waves only out of a closed wave); enrolment status moves Pending → Active → Succeeded | Failed and never
 * back (409); every change and its audit row are one transaction; a later run of the job keeps enrolments (by
 * supplierKey) and flags the suppliers it no longer has. Tenant scope: the job must be visible (else 404) and the
 * workflow must belong to it (else 404).
 */
import type { FastifyRequest } from 'fastify';
import {
  CAMPAIGN_ROUTE_LABELS,
  CAMPAIGN_ROUTES,
  CAMPAIGN_ROUTES_AGGREGATE_LABEL,
  offeredKinds,
  pagedResult,
  SCORE_KIND_LABELS,
  type TFilterItem,
  type TScoreKind,
  type TCampaign,
  type TCampaignCounters,
  type TSupplierSelection,
  type TWorkflowDetail,
  type TWorkflowListQuery,
  type TWorkflowPage,
  type TWorkflowSources,
  type TWorkflowSummary,
} from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { jobVisibilityOf } from '../authorization/index.ts';
import { visibleJob } from '../authorization/index.ts';
import { openResults, openResultsForPipeline } from '../../lib/duckdb/index.ts';
import { seesSupplierScores, selectSuppliers, useCaseRow } from '../results/index.ts';
import { useCaseList } from '../results/index.ts';
import { issuerOfferOf } from '../jobs/index.ts';
import * as workflowsRepo from './workflows.repo.ts';
import * as wavesRepo from './waves.repo.ts';
import * as enrolmentsRepo from './enrolments.repo.ts';
import { waveConversions } from './conversion.ts';
import { actorOf, iso, auditWorkflow, openWorkflow, reconcileWorkflow } from './workflow-access.ts';

function toSummary(
  r: workflowsRepo.WorkflowSummaryRow,
  stats: { counters: TCampaignCounters; missing: number; campaignCount: number } | undefined,
): TWorkflowSummary {
  const w = r.workflow;
  return {
    id: w.id,
    jobId: w.jobId,
    jobName: r.jobName,
    issuerId: r.issuerId,
    issuerName: r.issuerName ?? null,
    name: w.name,
    sourceKind: w.sourceKind,
    useCaseId: w.useCaseId,
    useCaseName: w.useCaseName,
    ownerName: r.ownerName ?? null,
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
    campaignCount: stats?.campaignCount ?? 0,
    counters: stats?.counters ?? { ...workflowsRepo.ZERO },
    missing: stats?.missing ?? 0,
  };
}

export async function listWorkflows(
  ctx: AppContext,
  auth: AuthContext,
  q: TWorkflowListQuery,
  jobId?: string,
): Promise<TWorkflowPage> {
  if (jobId) await visibleJob(ctx, auth, jobId);
  const visibility = await jobVisibilityOf(ctx, auth);
  const page = await workflowsRepo.pageWorkflows(
    ctx.db,
    { visibility, jobId: jobId ?? q.jobId, issuerId: q.issuerId, search: q.search, state: q.state },
    q.pageNumber,
    q.pageSize,
  );
  const stats = await workflowsRepo.workflowStats(
    ctx.db,
    page.rows.map((r) => r.workflow.id),
  );
  return {
    ...pagedResult(
      page.rows.map((r) => toSummary(r, stats.get(r.workflow.id))),
      page.total,
      q.pageNumber,
      q.pageSize,
    ),
    counters: page.counters,
  };
}

export async function workflowSources(ctx: AppContext, auth: AuthContext, jobId: string): Promise<TWorkflowSources> {
  const res = await openResults(ctx, auth, jobId);
  const [list, offer] = await Promise.all([useCaseList(res), issuerOfferOf(ctx.db, res.issuerId)]);
  return {
    routes: offeredKinds(offer).offered.filter((k) => k !== 'Optima'),
    currency: list.currency,
    totalSuppliers: list.totalSuppliers,
    useCases: list.useCases.map((u) => ({
      useCaseId: u.useCaseId,
      name: u.name,
      supplierCount: u.supplierCount,
      spend: u.spend,
    })),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Workflow

const addCounters = (a: TCampaignCounters, b: TCampaignCounters): TCampaignCounters => ({
  total: a.total + b.total,
  pending: a.pending + b.pending,
  active: a.active + b.active,
  succeeded: a.succeeded + b.succeeded,
  failed: a.failed + b.failed,
});

export async function workflowDetail(
  ctx: AppContext,
  auth: AuthContext,
  jobId: string,
  id: string,
): Promise<TWorkflowDetail> {
  const { wf } = await openWorkflow(ctx, auth, jobId, id);
  const res = await reconcileWorkflow(ctx, wf.workflow);
  return detailOf(ctx, wf, res?.results.summary.currency);
}

type Breakdown = Awaited<ReturnType<typeof wavesRepo.workflowBreakdown>>;
type EmailCounts = Awaited<ReturnType<typeof wavesRepo.emailCountsOf>>;
type WaveRow = Awaited<ReturnType<typeof wavesRepo.campaignsOf>>[number];

/** The workflow's counters, spend and missing suppliers over every (campaign, status) row. */
function workflowTotals(breakdown: Breakdown) {
  let all = { ...workflowsRepo.ZERO };
  let spend = 0;
  let succeededSpend = 0;
  let missing = 0;
  for (const b of breakdown) {
    all = addCounters(all, workflowsRepo.counters(b));
    spend += Number(b.spend);
    succeededSpend += Number(b.succeededSpend);
    missing += Number(b.missing);
  }
  return { all, spend, succeededSpend, missing };
}

/** One wave as the API shows it: its counters, its emails by status, its outreach command's progress. */
function toCampaign(
  c: WaveRow,
  counters: TCampaignCounters,
  emails: EmailCounts,
  cmd: Awaited<ReturnType<AppContext['proq']['get']>> | undefined,
): TCampaign {
  const mail = { queued: 0, sent: 0, failed: 0, bounced: 0 };
  for (const m of emails.filter((x) => x.campaignId === c.id)) {
    const s = m.status;
    if (s === 'outbox' || s === 'sent') mail.sent += Number(m.n);
    else mail[s] += Number(m.n);
  }
  return {
    id: c.id,
    workflowId: c.workflowId,
    name: c.name,
    route: c.route,
    stageStatus: c.stageStatus,
    templateSubject: c.templateSubject,
    templateBody: c.templateBody,
    scheduledStart: iso(c.scheduledStart),
    createdAt: c.createdAt.toISOString(),
    counters,
    emails: mail,
    outreach: cmd
      ? {
          commandId: cmd.id,
          state: cmd.state,
          progressPercent: cmd.progressPercent,
          progressMessage: cmd.progressMessage,
        }
      : null,
  };
}

/** The currency of the job's results ('' while the job has none). */
async function currencyOf(ctx: AppContext, jobId: string, known: string | undefined): Promise<string> {
  if (known !== undefined) return known;
  try {
    return (await openResultsForPipeline(ctx, jobId)).summary.currency;
  } catch {
    return ''; // the job has no results right now: amounts without a currency
  }
}

export async function detailOf(
  ctx: AppContext,
  wf: workflowsRepo.WorkflowSummaryRow,
  knownCurrency?: string,
): Promise<TWorkflowDetail> {
  const [waves, breakdown, emails] = await Promise.all([
    wavesRepo.campaignsOf(ctx.db, wf.workflow.id),
    wavesRepo.workflowBreakdown(ctx.db, wf.workflow.id),
    wavesRepo.emailCountsOf(ctx.db, wf.workflow.id),
  ]);
  const byCampaign = new Map(breakdown.map((b) => [b.campaignId, b]));
  const commands = new Map(
    await Promise.all(
      waves
        .filter((c) => c.outreachCommandId)
        .map(async (c) => [c.id, await ctx.proq.get(c.outreachCommandId!)] as const),
    ),
  );
  const { all, spend, succeededSpend, missing } = workflowTotals(breakdown);
  const routeCounters = new Map<string, TCampaignCounters>();
  const campaignsOut: TCampaign[] = waves.map((c) => {
    const counters = workflowsRepo.counters(byCampaign.get(c.id));
    routeCounters.set(c.route, addCounters(routeCounters.get(c.route) ?? { ...workflowsRepo.ZERO }, counters));
    return toCampaign(c, counters, emails, commands.get(c.id));
  });
  const currency = await currencyOf(ctx, wf.workflow.jobId, knownCurrency);
  const stats = { counters: all, missing, campaignCount: waves.length };
  const conversion = await waveConversions(
    ctx,
    { ...wf.workflow, issuerId: wf.issuerId },
    campaignsOut,
    emails.map((m) => `${m.campaignId}:${m.status}:${m.n}`).join(','),
  ).catch((err: unknown) => {
    ctx.log.warn({ err, workflowId: wf.workflow.id }, 'campaign conversion: predictions per wave not available');
    return null;
  });
  return {
    ...toSummary(wf, stats),
    filter: wf.workflow.filter ?? null,
    campaigns: conversion ? campaignsOut.map((c) => ({ ...c, conversion: conversion.get(c.id) })) : campaignsOut,
    routes: [
      { route: 'All' as const, label: CAMPAIGN_ROUTES_AGGREGATE_LABEL, counters: all },
      ...CAMPAIGN_ROUTES.filter((r) => routeCounters.has(r)).map((r) => ({
        route: r,
        label: CAMPAIGN_ROUTE_LABELS[r],
        counters: routeCounters.get(r)!,
      })),
    ],
    unassigned: workflowsRepo.counters(byCampaign.get(null)).total,
    currency,
    totalSpend: Math.round(spend * 100) / 100,
    succeededSpend: Math.round(succeededSpend * 100) / 100,
  };
}

/**
 * A selection by best route ("best route = X") may name only a route the job's issuer offers now (its capabilities
 * and virtual lockbox programmes, DESIGN §8): a run computed before the issuer withdrew a product still carries it,
 * but no campaign may be started for it.
 */
async function assertRoutesOffered(ctx: AppContext, issuerId: string, filters: TFilterItem[]): Promise<void> {
  const routes = filters
    .filter((f) => f.propertyName === 'bestRoute' && f.itemComparisonOperator === 'Equal')
    .map((f) => String(f.itemValue ?? ''));
  if (!routes.length) return;
  const offer = await issuerOfferOf(ctx.db, issuerId);
  const { offered, notOffered } = offeredKinds(offer);
  for (const route of routes) {
    if ((offered as string[]).includes(route)) continue;
    const why = notOffered.find((n) => n.kind === route);
    const label = SCORE_KIND_LABELS[route as TScoreKind] ?? route;
    throw fieldError(
      'filter',
      why
        ? `${offer.issuerName} does not offer ${label} (${why.setting === 'issuerVirtualLockboxes' ? 'it supports no virtual lockbox programme' : `capability ${route} is off`}), so no campaign can select suppliers whose best route it is`
        : `"${route}" is not a payment route`,
    );
  }
}

export async function createWorkflow(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  jobId: string,
  body: { name: string; useCaseId?: string | undefined; filter?: TSupplierSelection | undefined },
): Promise<TWorkflowDetail> {
  const res = await openResults(ctx, auth, jobId);
  let useCaseName: string | null = null;
  if (body.useCaseId) {
    try {
      useCaseName = (await useCaseRow(res, body.useCaseId)).name;
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 404)
        throw fieldError('useCaseId', `"${body.useCaseId}" is not a use case of this job`);
      throw err;
    }
  }
  const selection = body.filter ?? { filters: [] };
  await assertRoutesOffered(ctx, res.issuerId, selection.filters);
  const { suppliers } = await selectSuppliers(
    ctx,
    res,
    {
      filters: selection.filters,
      search: selection.search,
      slicer: selection.slicer,
      slicerValue: selection.slicerValue,
    },
    // A selection may filter by score levels only for a caller who sees them (SuppliersScore_VIEW).
    {
      ...(body.useCaseId ? { useCaseId: body.useCaseId } : {}),
      ...(seesSupplierScores(auth) ? {} : { withoutScores: true }),
    },
  );
  if (!suppliers.length)
    throw fieldError(body.useCaseId ? 'useCaseId' : 'filter', 'The selection has no suppliers: nothing to enrol');
  const actor = actorOf(auth);
  const id = await ctx.db.transaction(async (tx) => {
    const wf = await workflowsRepo.insertWorkflow(tx, {
      jobId,
      name: body.name,
      sourceKind: body.useCaseId ? 'useCase' : 'filter',
      useCaseId: body.useCaseId ?? null,
      useCaseName,
      filter: body.filter ?? null,
      ownerId: auth.user.id,
      runId: res.runId,
    });
    await enrolmentsRepo.insertEnrolments(
      tx,
      wf.id,
      suppliers.map((s) => ({ ...s, contactEmail: null })),
    );
    await enrolmentsRepo.insertCreatedEvents(tx, wf.id, actor.id, actor.name);
    await auditWorkflow(tx, req, 'create', wf, {
      name: body.name,
      useCaseId: body.useCaseId ?? null,
      suppliers: suppliers.length,
    });
    return wf.id;
  });
  return detailOf(ctx, (await workflowsRepo.findWorkflow(ctx.db, jobId, id))!);
}

export async function renameWorkflow(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  jobId: string,
  id: string,
  name: string,
): Promise<TWorkflowDetail> {
  const { wf } = await openWorkflow(ctx, auth, jobId, id);
  await ctx.db.transaction(async (tx) => {
    await workflowsRepo.updateWorkflow(tx, id, { name });
    await auditWorkflow(tx, req, 'update', wf.workflow, { from: wf.workflow.name, to: name });
  });
  return detailOf(ctx, (await workflowsRepo.findWorkflow(ctx.db, jobId, id))!);
}

export async function removeWorkflow(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  jobId: string,
  id: string,
) {
  const { wf } = await openWorkflow(ctx, auth, jobId, id);
  await ctx.db.transaction(async (tx) => {
    await workflowsRepo.deleteWorkflow(tx, id);
    await auditWorkflow(tx, req, 'delete', wf.workflow, { name: wf.workflow.name });
  });
}
