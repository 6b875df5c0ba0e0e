/**
 * Acceptance-model monitoring ("OCI ML Model monitoring", MlPrediction_VIEW). Each completed scored run is evaluated
 * by the ml.monitor ProQ command (ml-prediction.commands.ts): hold-out AUC, accuracy, High precision/recall,
 * calibration by decile and input distributions, with drift (PSI) against the job's previous evaluated run.
 * Reads are scoped by the one job visibility rule (authorization.service jobVisibilityOf): a job the caller cannot
 * see answers 404, and its runs never appear in the overview. Alerts use the configured thresholds
 * (ML_AUC_ALERT_THRESHOLD, ML_PSI_ALERT_THRESHOLD) at read time, so changing them needs no re-evaluation.
 */
import { driftInputLabel, type TMlJobDetail, type TMlJobRow, type TMlOverview, type TMlRun } from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { jobVisibilityOf } from '../authorization/index.ts';
import { visibleJob } from '../authorization/index.ts';
import { visibleMlRuns, type MlRunRow } from './ml-prediction.repo.ts';

export interface Thresholds {
  auc: number;
  psi: number;
}
export const thresholdsOf = (ctx: AppContext): Thresholds => ({
  auc: ctx.config.ML_AUC_ALERT_THRESHOLD,
  psi: ctx.config.ML_PSI_ALERT_THRESHOLD,
});

const f2 = (x: number) => x.toFixed(2);

/** The alerts of one evaluated run, as sentences. */
export function alertsOf(r: Pick<MlRunRow, 'trained' | 'auc' | 'drift'>, t: Thresholds): string[] {
  const out: string[] = [];
  if (r.trained && r.auc !== null && r.auc < t.auc)
    out.push(`AUC ${f2(r.auc)} is below the alert threshold ${f2(t.auc)}`);
  if (r.drift) {
    for (const [input, value] of Object.entries(r.drift.psi).sort((a, b) => b[1] - a[1]))
      if (value >= t.psi)
        out.push(
          `Input drift: ${driftInputLabel(input)} PSI ${f2(value)} against run ${r.drift.againstRunNumber} (threshold ${f2(t.psi)})`,
        );
  }
  return out;
}

function toRun(r: MlRunRow, t: Thresholds): TMlRun {
  return {
    runId: r.runId,
    runNumber: r.runNumber,
    evaluatedAt: r.evaluatedAt.toISOString(),
    completedAt: r.completedAt ? r.completedAt.toISOString() : null,
    trained: r.trained,
    reason: r.reason,
    suppliers: r.suppliers,
    trainRows: r.trainRows,
    testRows: r.testRows,
    positiveRate: r.positiveRate,
    metrics: {
      auc: r.auc,
      accuracy: r.accuracy,
      precisionHigh: r.precisionHigh,
      recallHigh: r.recallHigh,
      baselineAccuracy: r.baselineAccuracy,
    },
    calibration: r.calibration,
    drift: r.drift ?? null,
    distributions: r.distributions,
    alerts: alertsOf(r, t),
  };
}

export async function overview(ctx: AppContext, auth: AuthContext): Promise<TMlOverview> {
  const t = thresholdsOf(ctx);
  const rows = await visibleMlRuns(ctx.db, await jobVisibilityOf(ctx, auth));
  const byJob = new Map<string, typeof rows>();
  for (const r of rows) byJob.set(r.run.jobId, [...(byJob.get(r.run.jobId) ?? []), r]);
  const jobs: TMlJobRow[] = [...byJob.values()].map((runs) => {
    const last = runs[runs.length - 1]!;
    const { calibration: _c, distributions: _d, ...latest } = toRun(last.run, t);
    return {
      jobId: last.run.jobId,
      jobName: last.jobName,
      issuerId: last.run.issuerId,
      issuerName: last.issuerName,
      runs: runs.length,
      latest,
      aucHistory: runs.map((r) => ({
        runNumber: r.run.runNumber,
        evaluatedAt: r.run.evaluatedAt.toISOString(),
        auc: r.run.auc,
      })),
      alert: latest.alerts.length > 0,
    };
  });
  jobs.sort((a, b) => Number(b.alert) - Number(a.alert) || b.latest.evaluatedAt.localeCompare(a.latest.evaluatedAt));
  const trainedAucs = jobs.map((j) => j.latest.metrics.auc).filter((x): x is number => x !== null);
  return {
    aucThreshold: t.auc,
    psiThreshold: t.psi,
    jobs,
    alertCount: jobs.filter((j) => j.alert).length,
    meanAuc: trainedAucs.length ? trainedAucs.reduce((s, x) => s + x, 0) / trainedAucs.length : null,
    evaluatedRuns: rows.length,
  };
}

export async function jobDetail(ctx: AppContext, auth: AuthContext, jobId: string): Promise<TMlJobDetail> {
  const job = await visibleJob(ctx, auth, jobId); // 404 for a job outside the caller's visibility
  const t = thresholdsOf(ctx);
  const rows = await visibleMlRuns(ctx.db, await jobVisibilityOf(ctx, auth), jobId);
  return {
    jobId,
    jobName: job.job.name,
    issuerName: job.issuerName,
    aucThreshold: t.auc,
    psiThreshold: t.psi,
    runs: rows.map((r) => toRun(r.run, t)).reverse(),
  };
}
