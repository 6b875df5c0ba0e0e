/**
 * ml.monitor: evaluates the acceptance model of a completed run (queued with the run, waiting for its whole
 * pipeline batch) and stores the evaluation in ml_model_runs, with drift against the job's previous evaluated run.
 * Idempotent: a re-delivered command rewrites the same row. An alert (AUC below the threshold, major drift) is also
 * written to the job's log.
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { driftInputLabel } from '@sextant/shared';
import { evaluateRunModel, psi } from '@sextant/analysis';
import type { AppContext } from '../../context.ts';
import { defineCommandType, ProqPermanentError, type CommandDefOf } from '../../proq/index.ts';
import { addJobLog } from '../jobs/index.ts';
import { previousMlRun, runForMonitoring, upsertMlRun } from './ml-prediction.repo.ts';
import { alertsOf, thresholdsOf } from './ml-prediction.service.ts';

export const ML_MONITOR_COMMAND = 'ml.monitor';
const ZPayload = z.object({ runId: z.uuid() });

const r4 = (x: number | null) => (x === null ? null : Math.round(x * 10_000) / 10_000);

/** Evaluates one run; returns the step message. Exported for tests. */
export async function monitorRun(ctx: AppContext, runId: string): Promise<string> {
  const rc = await runForMonitoring(ctx.db, runId);
  if (!rc) return 'run no longer exists (job deleted)';
  if (rc.job.type === 'matched-data-only') return 'not scored (matched data only): nothing to monitor';
  if (rc.run.status !== 'Completed') throw new Error(`Run ${rc.run.runNumber} is ${rc.run.status}, not Completed`);
  const file = path.join(await ctx.blobs.localDir(`${rc.run.resultPath}/results`), 'suppliers.parquet');
  if (!existsSync(file)) throw new ProqPermanentError(`Run ${rc.run.runNumber} has no supplier results to evaluate`);
  const ev = await evaluateRunModel(file, {
    tempDir: path.join(ctx.blobs.scratchDir(`${rc.run.resultPath}/work`), 'tmp'),
  });
  const prev = await previousMlRun(ctx.db, rc.job.id, rc.run.runNumber);
  let drift = null;
  if (prev) {
    const values: Record<string, number> = {};
    for (const [input, dist] of Object.entries(ev.distributions)) {
      const before = prev.distributions[input];
      if (before) values[input] = r4(psi(before, dist))!;
    }
    const [maxInput, maxPsi] = Object.entries(values).sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
    drift = { againstRunNumber: prev.runNumber, psi: values, maxPsi, maxPsiInput: maxInput };
  }
  const m = ev.metrics;
  const row = {
    runId,
    jobId: rc.job.id,
    issuerId: rc.job.issuerId,
    runNumber: rc.run.runNumber,
    trained: ev.trained,
    reason: ev.trained
      ? null
      : `the model was not trained for this run (${ev.trainRows} matched suppliers to learn from, ${ev.testRows} in the hold-out)`,
    suppliers: ev.suppliers,
    trainRows: ev.trainRows,
    testRows: ev.testRows,
    positiveRate: r4(m.positiveRate),
    auc: r4(m.auc),
    accuracy: r4(m.accuracy),
    precisionHigh: r4(m.precisionHigh),
    recallHigh: r4(m.recallHigh),
    baselineAccuracy: r4(m.baselineAccuracy),
    calibration: ev.calibration.map((b) => ({
      ...b,
      predicted: r4(b.predicted)!,
      observed: r4(b.observed)!,
      ciLow: r4(b.ciLow)!,
      ciHigh: r4(b.ciHigh)!,
    })),
    distributions: ev.distributions,
    drift,
    completedAt: rc.run.completedAt,
  };
  await upsertMlRun(ctx.db, row);
  const alerts = alertsOf(row, thresholdsOf(ctx));
  for (const a of alerts)
    await addJobLog(ctx.db, {
      jobId: rc.job.id,
      runId,
      message: `Run ${rc.run.runNumber}: acceptance model alert — ${a}`,
    });
  const summary = ev.trained
    ? `acceptance model AUC ${m.auc?.toFixed(3) ?? '—'}, accuracy ${m.accuracy?.toFixed(3) ?? '—'} on ${ev.testRows} hold-out suppliers`
    : 'acceptance model not trained for this run';
  const driftNote = drift ? `; largest drift ${driftInputLabel(drift.maxPsiInput)} PSI ${drift.maxPsi.toFixed(3)}` : '';
  return `${summary}${driftNote}${alerts.length ? ` (${alerts.length} alert${alerts.length > 1 ? 's' : ''})` : ''}`;
}

declare module '../../proq/types.ts' {
  interface ProqCommands {
    'ml.monitor': typeof ZPayload;
  }
}

export function mlCommandTypes(ctx: AppContext): CommandDefOf[] {
  return [
    defineCommandType({
      name: ML_MONITOR_COMMAND,
      description: 'Acceptance model monitoring: evaluate a completed run (AUC, calibration, drift)',
      category: 'analysis',
      schema: ZPayload,
      maxAttempts: 3,
      stuckTimeOutInSeconds: 300,
      retry: { baseDelayMs: 2_000, maxDelayMs: 30_000 },
      handler: async (payload) => monitorRun(ctx, payload.runId),
    }),
  ];
}
