/** The suppliers of a workflow (one enrolment each): the page, one supplier's detail with events and emails, and status changes (one or many, legal transitions only). */
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '@sextant/db';
import {
  ENROLMENT_STATUSES,
  canMoveEnrolment,
  type TEnrolmentStatus,
  type TWorkflowSupplier,
  type TWorkflowSupplierDetail,
  type TWorkflowSupplierPage,
  type TWorkflowSuppliersQuery,
} from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { badRequest, conflict, fieldError, notFound } from '../../lib/errors.ts';
import * as workflowsRepo from './workflows.repo.ts';
import * as wavesRepo from './waves.repo.ts';
import * as enrolmentsRepo from './enrolments.repo.ts';
import * as suppliersRepo from './suppliers.repo.ts';
import * as emailsRepo from './emails.repo.ts';
import * as conversionRepo from './conversion.repo.ts';
import { outcomesChanged, predictionOf, scoreRows, scoringContext } from './conversion.ts';
import { type Actor, actorOf, iso, auditWorkflow, openWorkflow } from './workflow-access.ts';

type Prediction = Pick<TWorkflowSupplier, 'predictedConversion' | 'routeValue' | 'expectedValue'>;
const NO_PREDICTION: Prediction = { predictedConversion: 0, routeValue: 0, expectedValue: 0 };

/** Predicted conversion, route value and expected value of the given enrolments (by enrolment id). */
async function predictionsOf(
  ctx: AppContext,
  wf: { workflow: { id: string; jobId: string }; issuerId: string },
  ids: string[],
) {
  const [s, facts, waves] = await Promise.all([
    scoringContext(ctx, wf.issuerId, wf.workflow.jobId),
    ids.length ? conversionRepo.workflowFacts(ctx.db, wf.workflow, { ids }) : [],
    wavesRepo.campaignsOf(ctx.db, wf.workflow.id),
  ]);
  const scored = scoreRows(s, facts, { nextWave: waves.length + 1 });
  return {
    prediction: predictionOf(s.learned),
    byId: new Map<string, Prediction>(
      scored.map((r) => [
        r.id,
        { predictedConversion: r.predictedConversion, routeValue: r.routeValue, expectedValue: r.expectedValue },
      ]),
    ),
  };
}

const toSupplier = (r: suppliersRepo.SupplierRow, p: Prediction = NO_PREDICTION): TWorkflowSupplier => ({
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
  ...p,
});

export async function workflowSuppliers(
  ctx: AppContext,
  auth: AuthContext,
  jobId: string,
  id: string,
  q: TWorkflowSuppliersQuery,
): Promise<TWorkflowSupplierPage> {
  const { job, wf } = await openWorkflow(ctx, auth, jobId, id);
  const page = await suppliersRepo.pageSuppliers(ctx.db, id, q, (r) => r);
  const { prediction, byId } = await predictionsOf(
    ctx,
    { workflow: wf.workflow, issuerId: job.job.issuerId },
    page.collection.map((r) => r.id!),
  );
  return { ...page, collection: page.collection.map((r) => toSupplier(r, byId.get(r.id!))), prediction };
}

export async function workflowSupplier(
  ctx: AppContext,
  auth: AuthContext,
  jobId: string,
  id: string,
  supplierKey: string,
): Promise<TWorkflowSupplierDetail> {
  const { job, wf } = await openWorkflow(ctx, auth, jobId, id);
  const row = await suppliersRepo.supplierRow(ctx.db, id, supplierKey);
  if (!row) throw notFound(`Supplier "${supplierKey}" in this workflow`);
  const { byId } = await predictionsOf(ctx, { workflow: wf.workflow, issuerId: job.job.issuerId }, [row.id!]);
  const enrolment = (await enrolmentsRepo.findEnrolment(ctx.db, id, supplierKey))!;
  const [events, emails] = await Promise.all([
    enrolmentsRepo.eventsOf(ctx.db, enrolment.id),
    emailsRepo.emailsOf(ctx.db, enrolment.id),
  ]);
  return {
    workflow: { id, name: wf.workflow.name, jobId },
    supplier: toSupplier(row, byId.get(row.id!)),
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
    if (statusChange) outcomesChanged();
    await enrolmentsRepo.insertEvents(tx, events);
    await auditWorkflow(tx, req, 'supplier.update', wf.workflow, {
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
  outcomesChanged();
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
    await auditWorkflow(tx, req, 'supplier.bulkStatus', wf.workflow, { status: body.status, ...r });
    return r;
  });
}
