/** The two backoffs of ProQ: the idle poller's delay (SPEC §3 backoff strategy) and the retry delay. */

export interface PollBackoffOptions {
  minDelayMs: number;
  maxDelayMs: number;
  coefficient: number;
}

/** Idle polling: starts at minDelay, multiplied by the coefficient after each empty poll, capped at maxDelay. */
export class PollBackoff {
  current: number;
  /** When the poller last found nothing after having work (null while busy). */
  idleSince: number | null = null;
  constructor(readonly opts: PollBackoffOptions) {
    if (!(opts.minDelayMs > 0) || !(opts.maxDelayMs >= opts.minDelayMs) || !(opts.coefficient >= 1)) {
      throw new Error('ProQ poll backoff needs 0 < minDelay ≤ maxDelay and coefficient ≥ 1');
    }
    this.current = opts.minDelayMs;
  }
  /** Work was found: back to the minimum. */
  busy(): void {
    this.current = this.opts.minDelayMs;
    this.idleSince = null;
  }
  /** Nothing was found: returns the delay to wait now, and grows the next one. */
  idle(now = Date.now()): number {
    this.idleSince ??= now;
    const wait = this.current;
    this.current = Math.min(this.opts.maxDelayMs, Math.round(this.current * this.opts.coefficient));
    return wait;
  }
  totalSecondsDiff(now = Date.now()): number {
    return this.idleSince === null ? 0 : Math.max(0, Math.round((now - this.idleSince) / 1000));
  }
}

/** Delay before attempt n+1 after attempt n failed: base · 2^(n−1), capped. */
export function retryDelayMs(attempt: number, baseDelayMs: number, maxDelayMs: number): number {
  const exp = Math.min(Math.max(attempt - 1, 0), 30);
  return Math.min(maxDelayMs, baseDelayMs * 2 ** exp);
}
