/**
 * Work an app starts and does not wait for (a results cache warmed after a run). `app.close()` waits for it
 * (app.ts): nothing the app started may write into DATA_DIR or use the blob store or the database once it is closed
 * (a test removes the folder next; a restart opens the database again).
 */
import type { AppContext } from '../context.ts';

/** By data folder: the app's context object is not always the one a command handler gets. */
const running = new Map<string, Set<Promise<unknown>>>();

/** Runs `work` in the background; its failure is the caller's to handle (`.catch` it before). */
export function inBackground(ctx: Pick<AppContext, 'config'>, work: Promise<unknown>): void {
  const key = ctx.config.dataDir;
  let set = running.get(key);
  if (!set) running.set(key, (set = new Set()));
  const tracked = work.then(
    () => undefined,
    () => undefined,
  );
  set.add(tracked);
  void tracked.then(() => {
    set.delete(tracked);
    if (set.size === 0 && running.get(key) === set) running.delete(key);
  });
}

/** Waits until the background work of the app on this data folder has ended (work started meanwhile too). */
export async function settleBackground(ctx: Pick<AppContext, 'config'>): Promise<void> {
  for (;;) {
    const set = running.get(ctx.config.dataDir);
    if (!set || set.size === 0) return;
    await Promise.all([...set]);
  }
}
