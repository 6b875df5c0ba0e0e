/**
 * A run's state follows its pipeline commands: a step that fails for good (or is canceled) fails the run, and a
 * step that runs again (retried) reopens it. The pipeline handlers record this as it happens (jobs.commands.ts);
 * start-up crash recovery records failures a stop left unrecorded (ProQ cancellations, a crash between a command's
 * failure and its record). Reads never write: they show the state the commands imply.
 */
import { PIPELINE_STEPS, PIPELINE_STEP_LABELS, type TPipelineStep, type TProqCommandState } from '@sextant/shared';
import type { Db } from '@sextant/db';
import { recordRunFailure, runsWithFailedSteps } from './jobs.repo.ts';

const isStep = (s: string): s is TPipelineStep => (PIPELINE_STEPS as readonly string[]).includes(s);

/** The label of a pipeline command type ("job.ingest" → "Reading the files"). */
export function stepLabel(commandType: string): string {
  const step = commandType.replace(/^job\./, '');
  return isStep(step) ? PIPELINE_STEP_LABELS[step] : commandType;
}

/** The run's error and log line for a failed step (one wording for the live view and the record). */
export const stepFailureText = (label: string, why: string) => ({
  error: `${label}: ${why}`,
  log: (runNumber: number) => `Run ${runNumber} failed at "${label}": ${why}`,
});

/** Records a run's failure at a step (no change when the run is no longer Queued or Running). */
export async function recordStepFailure(
  db: Db,
  f: {
    runId: string;
    commandType: string;
    state: Extract<TProqCommandState, 'Error' | 'Canceled'>;
    message: string | null;
  },
): Promise<boolean> {
  const t = stepFailureText(stepLabel(f.commandType), f.message ?? f.state);
  return db.transaction((tx) =>
    recordRunFailure(tx, f.runId, f.state === 'Canceled' ? 'Canceled' : 'Failed', t.error, t.log),
  );
}

/** Records every run whose pipeline failed or was canceled without the run being marked (start-up recovery). */
export async function recordUnrecordedRunFailures(db: Db): Promise<number> {
  const seen = new Set<string>();
  let n = 0;
  for (const r of await runsWithFailedSteps(db)) {
    if (seen.has(r.runId)) continue; // the earliest failed step is the cause
    seen.add(r.runId);
    if (r.state !== 'Error' && r.state !== 'Canceled') continue;
    if (await recordStepFailure(db, { ...r, state: r.state })) n++;
  }
  return n;
}
