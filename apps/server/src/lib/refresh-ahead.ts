/**
 * Short-lived process caches that many requests read at once (the session cache, the job access cache, the system
 * mode, a job's latest run) must not expire for everyone at the same moment: with no think time, 200 connections
 * that missed together queued their reloads behind one another in the database pool, and every request of that
 * moment waited (issue #32, PostgreSQL with two API processes: p97.5 over 2 s, every TTL). So:
 *
 * - an entry is reloaded in the background by the first hit past its refresh point (`refreshAtOf`, a random moment
 *   between 60 % and 85 % of its TTL, so entries stored together are not reloaded together), while it is still
 *   served: requests do not wait for the reload, and no entry is ever served older than its TTL (the refresh point
 *   only makes the reload earlier, never the entry longer-lived);
 * - at most BACKGROUND_RELOADS_MAX background reloads run at once in a process (all caches together): entries stored
 *   together (200 sessions warmed in one second) would otherwise start hundreds of reloads in the same moment, whose
 *   queries queue in the database pool ahead of the requests' own; a hit that finds no free slot is served and
 *   leaves the reload to a later hit (if none comes before the TTL, the next request loads it, as without this);
 * - concurrent misses of one key share one load (`SharedLoads`), but only a load that began in the cache's current
 *   generation: a request after an invalidation never receives a load that started before it.
 */

/** When an entry stored at `now` with `ttlMs` to live is reloaded in the background (jittered, before its expiry). */
export function refreshAtOf(now: number, ttlMs: number): number {
  return now + ttlMs * (0.6 + 0.25 * Math.random());
}

/** Background reloads in flight at most, per process (see above). */
const BACKGROUND_RELOADS_MAX = 2;
let backgroundReloads = 0;

/**
 * Runs `reload` in the background when a slot is free (false otherwise: the caller serves its entry and a later
 * hit tries again). Its failure is reported to `onError`; the entry then simply expires at its TTL.
 */
export function reloadInBackground(reload: () => Promise<unknown>, onError: (err: unknown) => void): boolean {
  if (backgroundReloads >= BACKGROUND_RELOADS_MAX) return false;
  backgroundReloads++;
  reload()
    .catch(onError)
    .finally(() => backgroundReloads--);
  return true;
}

/** Loads in flight per key, each tagged with the generation of the cache it began in. */
export class SharedLoads<T> {
  private readonly loads = new Map<string, { generation: number; load: Promise<T> }>();

  /**
   * The load of `key` in flight in this `generation`, or a new one (`load(generation)`). A load of an earlier
   * generation (an invalidation came since it began) is not joined.
   */
  run(key: string, generation: number, load: (generation: number) => Promise<T>): Promise<T> {
    const running = this.loads.get(key);
    if (running && running.generation === generation) return running.load;
    const p = load(generation);
    this.loads.set(key, { generation, load: p });
    const done = () => {
      if (this.loads.get(key)?.load === p) this.loads.delete(key);
    };
    p.then(done, done);
    return p;
  }

  /** Whether a load of `key` is in flight (a hit past its refresh point then starts no second one). */
  has(key: string): boolean {
    return this.loads.has(key);
  }
}
