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
import type { DbOrTx } from '@sextant/db';
import {
  CAMPAIGN_ROUTE_LABELS,
  CAMPAIGN_ROUTES,
  CAMPAIGN_ROUTES_AGGREGATE_LABEL,
  CAMPAIGN_STAGE_TRANSITIONS,
  defaultOutreach,
  ENROLMENT_STATUSES,
  canMoveEnrolment,
  pagedResult,
  type TCampaign,
  type TCampaignCounters,
  type TCampaignCreate,
  type TCampaignUpdate,
  type TEnrolmentStatus,
  type TSupplierSelection,
  type TWorkflowDetail,
  type TWorkflowListQuery,
  type TWorkflowPage,
  type TWorkflowSources,
  type TWorkflowSummary,
  type TWorkflowSupplier,
  type TWorkflowSupplierDetail,
  type TWorkflowSupplierPage,
  type TWorkflowSuppliersQuery,
} from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { writeAudit } from '../../lib/audit.ts';
import { AppError, badRequest, conflict, fieldError, notFound } from '../../lib/errors.ts';
import { jobVisibilityOf } from '../authorization/index.ts';
import { visibleJob } from '../authorization/index.ts';
import { openResults, openResultsForPipeline, type JobResults } from '../../lib/duckdb/index.ts';
import { selectSuppliers, useCaseRow } from '../results/index.ts';
import { useCaseList } from '../results/index.ts';
import * as workflowsRepo from './workflows.repo.ts';
import * as wavesRepo from './waves.repo.ts';
import * as enrolmentsRepo from './enrolments.repo.ts';
import * as suppliersRepo from './suppliers.repo.ts';
import * as emailsRepo from './emails.repo.ts';

export type Actor = { id: string | null; name: string };
export const actorOf = (auth: AuthContext): Actor => ({
  id: auth.user.id,
  name: auth.user.displayName || auth.user.username,
});

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

const audit = (
  db: DbOrTx,
  req: FastifyRequest | undefined,
  action: string,
  wf: { id: string; jobId: string },
  details: Record<string, unknown> = {},
) =>
  writeAudit(
    db,
    {
      action: `campaignWorkflow.${action}`,
      targetType: 'campaignWorkflow',
      targetId: wf.id,
      details: { jobId: wf.jobId, ...details },
    },
    req,
  );

// ---------------------------------------------------------------------------------------------------------------
// Access

export async function openWorkflow(ctx: AppContext, auth: AuthContext, jobId: string, id: string) {
  const job = await visibleJob(ctx, auth, jobId);
  const wf = await workflowsRepo.findWorkflow(ctx.db, jobId, id);
  if (!wf) throw notFound('Campaign workflow');
  return { job, wf };
}

/**
 * Keeps enrolments in step with the job's latest run: suppliers the run no longer has are flagged missing (with a
 * history event), returning ones lose the flag. Runs once per run and workflow; no results yet → nothing to do.
 */
export async function reconcileWorkflow(
  ctx: AppContext,
  wf: workflowsRepo.WorkflowRow,
  res?: JobResults,
): Promise<{ results: JobResults; vanished: number } | null> {
  let results = res;
  if (!results) {
    try {
      results = await openResultsForPipeline(ctx, wf.jobId);
    } catch {
      return null;
    }
  }
  if (wf.runId === results.runId) return { results, vanished: 0 };
  const { suppliers } = await selectSuppliers(ctx, results, {});
  const present = new Set(suppliers.map((s) => s.supplierKey));
  const enrolments = await enrolmentsRepo.allEnrolmentKeys(ctx.db, wf.id);
  const vanished = enrolments.filter((r) => !r.missing && !present.has(r.supplierKey)).map((r) => r.id);
  const back = enrolments.filter((r) => r.missing && present.has(r.supplierKey)).map((r) => r.id);
  await ctx.db.transaction(async (tx) => {
    await enrolmentsRepo.setMissing(tx, vanished, true);
    await enrolmentsRepo.setMissing(tx, back, false);
    await enrolmentsRepo.insertEvents(tx, [
      ...vanished.map((enrolmentId) => ({
        enrolmentId,
        kind: 'missing' as const,
        note: `Run ${results.runNumber} of the job no longer has this supplier`,
        userName: 'System',
      })),
      ...back.map((enrolmentId) => ({
        enrolmentId,
        kind: 'missing' as const,
        note: `Run ${results.runNumber} of the job has this supplier again`,
        userName: 'System',
      })),
    ]);
    await workflowsRepo.updateWorkflow(tx, wf.id, { runId: results.runId });
  });
  wf.runId = results.runId;
  return { results, vanished: vanished.length };
}

// ---------------------------------------------------------------------------------------------------------------
// Lists

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
    counters: stats?.counters ?? { ...repo.ZERO },
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
  const list = await useCaseList(res);
  return {
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

async function detailOf(
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
  let all = { ...repo.ZERO };
  let spend = 0;
  let succeededSpend = 0;
  let missing = 0;
  for (const b of breakdown) {
    all = addCounters(all, workflowsRepo.counters(b));
    spend += Number(b.spend);
    succeededSpend += Number(b.succeededSpend);
    missing += Number(b.missing);
  }
  const routeCounters = new Map<string, TCampaignCounters>();
  const campaignsOut: TCampaign[] = waves.map((c) => {
    const counters = workflowsRepo.counters(byCampaign.get(c.id));
    routeCounters.set(c.route, addCounters(routeCounters.get(c.route) ?? { ...repo.ZERO }, counters));
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
      outreach: (() => {
        const cmd = commands.get(c.id);
        return cmd
          ? {
              commandId: cmd.id,
              state: cmd.state,
              progressPercent: cmd.progressPercent,
              progressMessage: cmd.progressMessage,
            }
          : null;
      })(),
    };
  });
  let currency = knownCurrency ?? '';
  if (knownCurrency === undefined)
    try {
      currency = (await openResultsForPipeline(ctx, wf.workflow.jobId)).summary.currency;
    } catch {
      /* the job has no results right now: amounts without a currency */
    }
  const stats = { counters: all, missing, campaignCount: waves.length };
  return {
    ...toSummary(wf, stats),
    filter: wf.workflow.filter ?? null,
    campaigns: campaignsOut,
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
  const { suppliers } = await selectSuppliers(
    ctx,
    res,
    {
      filters: selection.filters,
      search: selection.search,
      slicer: selection.slicer,
      slicerValue: selection.slicerValue,
    },
    body.useCaseId ? { useCaseId: body.useCaseId } : {},
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
    await audit(tx, req, 'create', wf, {
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
    await audit(tx, req, 'update', wf.workflow, { from: wf.workflow.name, to: name });
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
    await audit(tx, req, 'delete', wf.workflow, { name: wf.workflow.name });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Campaigns (waves)

export async function createCampaign(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  jobId: string,
  id: string,
  body: TCampaignCreate,
): Promise<TWorkflowDetail> {
  const { wf } = await openWorkflow(ctx, auth, jobId, id);
  const actor = actorOf(auth);
  let keys: string[] | null = null;
  if (body.supplierKeys) {
    keys = [...new Set(body.supplierKeys)];
    const found = await enrolmentsRepo.enrolmentsByKeys(ctx.db, id, keys);
    const known = new Set(found.map((f) => f.supplierKey));
    const unknown = keys.filter((k) => !known.has(k));
    if (unknown.length)
      throw badRequest(
        `supplierKeys: ${unknown.length} supplier${unknown.length === 1 ? ' is' : 's are'} not in this workflow (${unknown
          .slice(0, 5)
          .map((k) => `"${k}"`)
          .join(', ')}${unknown.length > 5 ? ', …' : ''})`,
        unknown.slice(0, 20).map((k) => ({ path: 'supplierKeys', message: `"${k}" is not in this workflow` })),
      );
    const waves = new Map((await wavesRepo.campaignsOf(ctx.db, id)).map((c) => [c.id, c]));
    const busy = found.filter(
      (f) =>
        f.campaignId &&
        waves.get(f.campaignId)?.stageStatus !== 'Completed' &&
        (f.status === 'Pending' || f.status === 'Active'),
    );
    if (busy.length)
      throw conflict(
        `${busy.length} supplier${busy.length === 1 ? ' is' : 's are'} already in an open campaign of this workflow (${busy
          .slice(0, 3)
          .map((b) => `"${b.supplierName}" in "${waves.get(b.campaignId!)!.name}"`)
          .join(', ')}${busy.length > 3 ? ', …' : ''})`,
        'supplierKeys',
      );
  }
  const template = defaultOutreach(await workflowsRepo.issuerLanguage(ctx.db, id));
  await ctx.db.transaction(async (tx) => {
    const c = await wavesRepo.insertCampaign(tx, {
      workflowId: id,
      name: body.name,
      route: body.route,
      templateSubject: body.templateSubject ?? template.subject,
      templateBody: body.templateBody ?? template.body,
      scheduledStart: body.scheduledStart ? new Date(body.scheduledStart) : null,
    });
    const moved = await enrolmentsRepo.assignToCampaign(tx, id, c.id, keys ? { keys } : { count: body.count ?? null });
    await enrolmentsRepo.insertCampaignEvents(
      tx,
      c.id,
      moved.map((m) => m.id),
      { kind: 'assigned', note: `Added to campaign "${c.name}"`, userId: actor.id, userName: actor.name },
    );
    await workflowsRepo.updateWorkflow(tx, id, {});
    await audit(tx, req, 'campaign.create', wf.workflow, {
      campaignId: c.id,
      name: c.name,
      route: c.route,
      suppliers: moved.length,
    });
  });
  return detailOf(ctx, (await workflowsRepo.findWorkflow(ctx.db, jobId, id))!);
}

export async function changeCampaign(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  jobId: string,
  id: string,
  campaignId: string,
  body: TCampaignUpdate,
): Promise<TWorkflowDetail> {
  const { wf } = await openWorkflow(ctx, auth, jobId, id);
  const c = await wavesRepo.findCampaign(ctx.db, id, campaignId);
  if (!c) throw notFound('Campaign');
  if (
    body.stageStatus &&
    body.stageStatus !== c.stageStatus &&
    !CAMPAIGN_STAGE_TRANSITIONS[c.stageStatus].includes(body.stageStatus)
  )
    throw conflict(
      `stageStatus: campaign "${c.name}" is ${c.stageStatus}; it cannot go back to ${body.stageStatus}`,
      'stageStatus',
    );
  await ctx.db.transaction(async (tx) => {
    await wavesRepo.updateCampaign(tx, campaignId, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.stageStatus !== undefined ? { stageStatus: body.stageStatus } : {}),
      ...(body.templateSubject !== undefined ? { templateSubject: body.templateSubject } : {}),
      ...(body.templateBody !== undefined ? { templateBody: body.templateBody } : {}),
      ...(body.scheduledStart !== undefined
        ? { scheduledStart: body.scheduledStart ? new Date(body.scheduledStart) : null }
        : {}),
    });
    await workflowsRepo.updateWorkflow(tx, id, {});
    await audit(tx, req, 'campaign.update', wf.workflow, { campaignId, ...body, templateBody: undefined });
  });
  return detailOf(ctx, (await workflowsRepo.findWorkflow(ctx.db, jobId, id))!);
}

// ---------------------------------------------------------------------------------------------------------------
// Suppliers of a workflow

const toSupplier = (r: suppliersRepo.SupplierRow): TWorkflowSupplier => ({
  supplierKey: r.supplierKey!,
  supplierId: r.supplierId ?? null,
  supplierName: r.supplierName!,
  country: r.country ?? null,
  spend: Number(r.spend ?? 0),
  status: r.status!,
  campaignId: r.campaignId ?? null,
  campaignName: r.campaignName ?? null,
  route: r.route ?? null,
  contactEmail: r.contactEmail ?? null,
  missing: Boolean(r.missing),
  updatedAt: new Date(r.updatedAt!).toISOString(),
});

export async function workflowSuppliers(
  ctx: AppContext,
  auth: AuthContext,
  jobId: string,
  id: string,
  q: TWorkflowSuppliersQuery,
): Promise<TWorkflowSupplierPage> {
  await openWorkflow(ctx, auth, jobId, id);
  return suppliersRepo.pageSuppliers(ctx.db, id, q, toSupplier);
}

export async function workflowSupplier(
  ctx: AppContext,
  auth: AuthContext,
  jobId: string,
  id: string,
  supplierKey: string,
): Promise<TWorkflowSupplierDetail> {
  const { wf } = await openWorkflow(ctx, auth, jobId, id);
  const row = await suppliersRepo.supplierRow(ctx.db, id, supplierKey);
  if (!row) throw notFound(`Supplier "${supplierKey}" in this workflow`);
  const enrolment = (await enrolmentsRepo.findEnrolment(ctx.db, id, supplierKey))!;
  const [events, emails] = await Promise.all([
    enrolmentsRepo.eventsOf(ctx.db, enrolment.id),
    emailsRepo.emailsOf(ctx.db, enrolment.id),
  ]);
  return {
    workflow: { id, name: wf.workflow.name, jobId },
    supplier: toSupplier(row),
    history: events.map(({ event: ev, campaignName }) => ({
      id: ev.id,
      kind: ev.kind,
      fromStatus: ev.fromStatus ?? null,
      toStatus: ev.toStatus ?? null,
      campaignName: campaignName ?? null,
      note: ev.note,
      occurredAt: ev.occurredAt.toISOString(),
      userName: ev.userName,
    })),
    emails: emails.map(({ email: m, campaignName }) => ({
      id: m.id,
      campaignId: m.campaignId,
      campaignName,
      toAddress: m.toAddress,
      subject: m.subject,
      status: m.status,
      error: m.error,
      createdAt: m.createdAt.toISOString(),
      sentAt: iso(m.sentAt),
      bouncedAt: iso(m.bouncedAt),
    })),
  };
}

const illegal = (name: string, from: TEnrolmentStatus, to: TEnrolmentStatus) =>
  `"${name}" is ${from}; it cannot move to ${to} (${from === 'Succeeded' || from === 'Failed' ? 'an outcome is final' : `allowed: ${ENROLMENT_STATUSES.filter((s) => canMoveEnrolment(from, s)).join(', ')}`})`;

export async function patchSupplier(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  jobId: string,
  id: string,
  supplierKey: string,
  body: {
    status?: TEnrolmentStatus | undefined;
    note?: string | undefined;
    contactEmail?: string | null | undefined;
    campaignId?: string | null | undefined;
  },
): Promise<TWorkflowSupplierDetail> {
  const { wf } = await openWorkflow(ctx, auth, jobId, id);
  const en = await enrolmentsRepo.findEnrolment(ctx.db, id, supplierKey);
  if (!en) throw notFound(`Supplier "${supplierKey}" in this workflow`);
  const actor = actorOf(auth);
  const statusChange = body.status && body.status !== en.status ? body.status : null;
  if (statusChange && !canMoveEnrolment(en.status, statusChange))
    throw conflict(`status: ${illegal(en.supplierName, en.status, statusChange)}`, 'status');
  let target: wavesRepo.CampaignRow | undefined;
  if (body.campaignId) {
    target = await wavesRepo.findCampaign(ctx.db, id, body.campaignId);
    if (!target) throw fieldError('campaignId', 'is not a campaign of this workflow');
    if (target.stageStatus === 'Completed')
      throw conflict(`campaignId: campaign "${target.name}" is completed`, 'campaignId');
    if (en.campaignId && en.campaignId !== target.id && (en.status === 'Pending' || en.status === 'Active')) {
      const current = await wavesRepo.findCampaign(ctx.db, id, en.campaignId);
      if (current && current.stageStatus !== 'Completed')
        throw conflict(
          `campaignId: "${en.supplierName}" is already in the open campaign "${current.name}" of this workflow`,
          'campaignId',
        );
    }
  }
  await ctx.db.transaction(async (tx) => {
    const set: Parameters<typeof enrolmentsRepo.updateEnrolment>[2] = {};
    const events: Parameters<typeof enrolmentsRepo.insertEvents>[1] = [];
    const who = { userId: actor.id, userName: actor.name };
    if (statusChange) {
      set.status = statusChange;
      events.push({
        enrolmentId: en.id,
        kind: 'status',
        fromStatus: en.status,
        toStatus: statusChange,
        campaignId: en.campaignId,
        note: body.note ?? null,
        ...who,
      });
    } else if (body.note)
      events.push({ enrolmentId: en.id, kind: 'note', campaignId: en.campaignId, note: body.note, ...who });
    if (body.contactEmail !== undefined && body.contactEmail !== en.contactEmail) {
      set.contactEmail = body.contactEmail;
      events.push({
        enrolmentId: en.id,
        kind: 'contact',
        note: body.contactEmail ? `Contact set to ${body.contactEmail}` : 'Contact removed',
        ...who,
      });
    }
    if (body.campaignId !== undefined && body.campaignId !== en.campaignId) {
      set.campaignId = body.campaignId;
      events.push({
        enrolmentId: en.id,
        kind: 'assigned',
        campaignId: body.campaignId,
        note: target ? `Moved to campaign "${target.name}"` : 'Taken out of its campaign',
        ...who,
      });
    }
    if (Object.keys(set).length) await enrolmentsRepo.updateEnrolment(tx, en.id, set);
    await enrolmentsRepo.insertEvents(tx, events);
    await audit(tx, req, 'supplier.update', wf.workflow, {
      supplierKey,
      ...body,
      note: body.note ? '(note)' : undefined,
    });
  });
  return workflowSupplier(ctx, auth, jobId, id, supplierKey);
}

/**
 * Status changes of many suppliers (the supplier table's bulk action, outcome files): every key must be in the
 * workflow and every transition legal, else nothing changes. Returns how many changed.
 */
export async function applyStatuses(
  tx: DbOrTx,
  workflowId: string,
  changes: { enrolment: enrolmentsRepo.EnrolmentRow; status: TEnrolmentStatus; note?: string | null; at?: Date }[],
  actor: Actor,
): Promise<{ updated: number; unchanged: number }> {
  const real = changes.filter((c) => c.status !== c.enrolment.status);
  const byStatus = new Map<TEnrolmentStatus, string[]>();
  for (const c of real) (byStatus.get(c.status) ?? byStatus.set(c.status, []).get(c.status)!).push(c.enrolment.id);
  for (const [status, ids] of byStatus) await enrolmentsRepo.setStatus(tx, ids, status);
  await enrolmentsRepo.insertEvents(tx, [
    ...real.map((c) => ({
      enrolmentId: c.enrolment.id,
      kind: 'status' as const,
      fromStatus: c.enrolment.status,
      toStatus: c.status,
      campaignId: c.enrolment.campaignId,
      note: c.note ?? null,
      occurredAt: c.at ?? new Date(),
      userId: actor.id,
      userName: actor.name,
    })),
    ...changes
      .filter((c) => c.status === c.enrolment.status && c.note)
      .map((c) => ({
        enrolmentId: c.enrolment.id,
        kind: 'note' as const,
        campaignId: c.enrolment.campaignId,
        note: c.note!,
        occurredAt: c.at ?? new Date(),
        userId: actor.id,
        userName: actor.name,
      })),
  ]);
  if (real.length) await workflowsRepo.updateWorkflow(tx, workflowId, {});
  return { updated: real.length, unchanged: changes.length - real.length };
}

export async function bulkStatus(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  jobId: string,
  id: string,
  body: { supplierKeys: string[]; status: TEnrolmentStatus; note?: string | undefined },
) {
  const { wf } = await openWorkflow(ctx, auth, jobId, id);
  const keys = [...new Set(body.supplierKeys)];
  const found = await enrolmentsRepo.enrolmentsByKeys(ctx.db, id, keys);
  const byKey = new Map(found.map((f) => [f.supplierKey, f]));
  const unknown = keys.filter((k) => !byKey.has(k));
  if (unknown.length)
    throw badRequest(
      `supplierKeys: ${unknown.length} supplier${unknown.length === 1 ? ' is' : 's are'} not in this workflow (${unknown
        .slice(0, 5)
        .map((k) => `"${k}"`)
        .join(', ')}${unknown.length > 5 ? ', …' : ''}); nothing was changed`,
      unknown.slice(0, 20).map((k) => ({ path: 'supplierKeys', message: `"${k}" is not in this workflow` })),
    );
  const bad = found.filter((f) => f.status !== body.status && !canMoveEnrolment(f.status, body.status));
  if (bad.length)
    throw conflict(
      `status: ${bad.length} supplier${bad.length === 1 ? '' : 's'} cannot move to ${body.status}: ${bad
        .slice(0, 3)
        .map((b) => illegal(b.supplierName, b.status, body.status))
        .join('; ')}${bad.length > 3 ? '; …' : ''}. Nothing was changed`,
      'status',
    );
  const actor = actorOf(auth);
  return ctx.db.transaction(async (tx) => {
    const r = await applyStatuses(
      tx,
      id,
      found.map((enrolment) => ({ enrolment, status: body.status, note: body.note ?? null })),
      actor,
    );
    await audit(tx, req, 'supplier.bulkStatus', wf.workflow, { status: body.status, ...r });
    return r;
  });
}

export { audit as auditWorkflow };
