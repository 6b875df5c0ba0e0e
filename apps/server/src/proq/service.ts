/**
 * Running ProQ as a service: `runWorkerService` starts a worker and stops it gracefully on SIGTERM/SIGINT
 * (takes nothing new, lets running commands finish within the grace period, hands the rest back).
 */
import type { Proq } from './proq.ts';

export interface StopOnSignalsOptions {
  signals?: NodeJS.Signals[];
  graceMs?: number;
  /** Called once the worker has stopped (e.g. close the database and exit). */
  onStopped?: (signal: NodeJS.Signals) => void | Promise<void>;
}

/** Installs signal handlers that stop `proq`; returns a function removing them. */
export function stopOnSignals(proq: Pick<Proq, 'stop'>, opts: StopOnSignalsOptions = {}): () => void {
  const signals = opts.signals ?? ['SIGTERM', 'SIGINT'];
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    void proq
      .stop({ graceMs: opts.graceMs })
      .catch((err: unknown) => console.error('ProQ: error while stopping', err))
      .then(() => opts.onStopped?.(signal));
  };
  for (const s of signals) process.on(s, handler);
  return () => {
    for (const s of signals) process.off(s, handler);
  };
}
