/** A workflow's campaigns (waves): create one with its route, outreach template and schedule; change its stage (legal transitions only) or its settings. */
import type { FastifyRequest } from 'fastify';
import {
  CAMPAIGN_STAGE_TRANSITIONS,
  defaultOutreach,
  type TCampaignCreate,
  type TCampaignUpdate,
  type TWorkflowDetail,
} from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import * as workflowsRepo from './workflows.repo.ts';
import * as wavesRepo from './waves.repo.ts';
import * as enrolmentsRepo from './enrolments.repo.ts';
import { actorOf, auditWorkflow, openWorkflow } from './workflow-access.ts';
import { detailOf } from './workflows.service.ts';
import { nextWaveOrder } from './conversion.ts';

export async function createCampaign(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  jobId: string,
  id: string,
  body: TCampaignCreate,
): Promise<TWorkflowDetail> {
  const { job, wf } = await openWorkflow(ctx, auth, jobId, id);
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
  // Without a list of suppliers, the wave takes the `count` best by expected value (conversion.ts nextWaveOrder).
  let ranked: { keys: string[]; predictedConversion: number } | null = null;
  if (!keys) {
    const waveCount = (await wavesRepo.campaignsOf(ctx.db, id)).length;
    const order = await nextWaveOrder(
      ctx,
      { id, jobId, issuerId: job.job.issuerId },
      { route: body.route, wave: waveCount + 1 },
    );
    const chosen = order.slice(0, body.count ?? order.length);
    ranked = {
      keys: chosen.map((r) => r.supplierKey),
      predictedConversion: chosen.length ? chosen.reduce((t, r) => t + r.predictedConversion, 0) / chosen.length : 0,
    };
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
    const moved = await enrolmentsRepo.assignToCampaign(tx, id, c.id, keys ? { keys } : { keys: ranked!.keys });
    await enrolmentsRepo.insertCampaignEvents(
      tx,
      c.id,
      moved.map((m) => m.id),
      { kind: 'assigned', note: `Added to campaign "${c.name}"`, userId: actor.id, userName: actor.name },
    );
    await workflowsRepo.updateWorkflow(tx, id, {});
    await auditWorkflow(tx, req, 'campaign.create', wf.workflow, {
      campaignId: c.id,
      name: c.name,
      route: c.route,
      suppliers: moved.length,
      ...(ranked
        ? { orderedBy: 'expectedValue', predictedConversion: Math.round(ranked.predictedConversion * 10_000) / 10_000 }
        : {}),
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
    await auditWorkflow(tx, req, 'campaign.update', wf.workflow, { campaignId, ...body, templateBody: undefined });
  });
  return detailOf(ctx, (await workflowsRepo.findWorkflow(ctx.db, jobId, id))!);
}
