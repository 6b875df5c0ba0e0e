/** Who may touch a campaign workflow (a visible job, the workflow of that job, else 404), its audit rows, and keeping its enrolments in step with the job's latest run. */
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '@sextant/db';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { writeAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import { visibleJob } from '../authorization/index.ts';
import { openResultsForPipeline, type JobResults } from '../../lib/duckdb/index.ts';
import { selectSuppliers } from '../results/index.ts';
import * as workflowsRepo from './workflows.repo.ts';
import * as enrolmentsRepo from './enrolments.repo.ts';

export type Actor = { id: string | null; name: string };
export const actorOf = (auth: AuthContext): Actor => ({
  id: auth.user.id,
  name: auth.user.displayName || auth.user.username,
});

export const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export const auditWorkflow = (
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
