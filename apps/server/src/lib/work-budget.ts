/**
 * Budgets for costly calls (vendor search, supplier and use-case exports): at most `perUser` calls of one user and
 * `global` calls of everyone run at once; a call over the budget waits in a short first-come queue (at most
 * `queuePerUser` of one user, `queueGlobal` in all, for at most `maxWaitMs`), and beyond that is refused with 429 and
 * a Retry-After. A slot that frees goes to the oldest waiter whose user is under `perUser`, so one user's flood
 * holds at most `perUser` slots and everyone else keeps theirs. With `floodPause`, a user whose own calls are waiting
 * when one of theirs ends gets their slot back only after a pause of `floodPause` × the time that call ran (at most
 * `maxPauseMs`): a user flooding with concurrent calls then keeps a worker busy at most 1 / (1 + floodPause) of the
 * time, while a user who sends one call at a time never waits. Per process (each API node budgets its own work).
 */
import { ERROR_CODES } from '@sextant/shared';
import { AppError } from './errors.ts';

export interface BudgetLimits {
  perUser: number;
  global: number;
  queuePerUser: number;
  queueGlobal: number;
  maxWaitMs: number;
  /** Pause (× the call's running time) before a user with calls of their own waiting may start the next; 0: none. */
  floodPause?: number;
  /** The longest such pause. */
  maxPauseMs?: number;
}

interface Waiter {
  userId: string;
  grant: (release: () => void) => void;
  timer: NodeJS.Timeout;
}

/** The 429 of a full budget; `retryAfterSeconds` goes to the Retry-After header. */
export class BudgetExceeded extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, ERROR_CODES.rateLimited, message, undefined, { retryAfterSeconds: String(retryAfterSeconds) });
  }
}

export class WorkBudget {
  private running = 0;
  private readonly runningBy = new Map<string, number>();
  private readonly waiting: Waiter[] = [];
  /** Calls refused so far (for the metrics and the tests). */
  refused = 0;
  /** Slots held back for a flood pause so far. */
  paused = 0;

  constructor(
    /** What the caller is told is busy, e.g. "Vendor searches". */
    readonly label: string,
    readonly limits: BudgetLimits,
  ) {}

  private retryAfter(): number {
    return Math.max(1, Math.ceil(this.limits.maxWaitMs / 1000));
  }

  private refusal(mine: boolean): BudgetExceeded {
    this.refused++;
    const s = this.retryAfter();
    return new BudgetExceeded(
      mine
        ? `${this.label}: you already have ${this.limits.perUser} running and ${this.limits.queuePerUser} waiting. Try again in ${s} s.`
        : `${this.label} are busy for everyone right now. Try again in ${s} s.`,
      s,
    );
  }

  private canRun(userId: string): boolean {
    return this.running < this.limits.global && (this.runningBy.get(userId) ?? 0) < this.limits.perUser;
  }

  private start(userId: string): () => void {
    this.running++;
    this.runningBy.set(userId, (this.runningBy.get(userId) ?? 0) + 1);
    const started = performance.now();
    let released = false;
    const free = () => {
      const n = (this.runningBy.get(userId) ?? 1) - 1;
      if (n > 0) this.runningBy.set(userId, n);
      else this.runningBy.delete(userId);
      this.next();
    };
    return () => {
      if (released) return;
      released = true;
      this.running--;
      const pause = Math.min(
        (this.limits.floodPause ?? 0) * (performance.now() - started),
        this.limits.maxPauseMs ?? Infinity,
      );
      if (pause >= 1 && this.waiting.some((w) => w.userId === userId)) {
        // the slot is free for everyone else now; this user's own stays taken for the pause
        this.paused++;
        this.next();
        setTimeout(free, pause).unref();
      } else free();
    };
  }

  /** Hands free slots to the oldest waiters whose user is under their own limit. */
  private next(): void {
    for (let i = 0; i < this.waiting.length && this.running < this.limits.global;) {
      const w = this.waiting[i]!;
      if (!this.canRun(w.userId)) {
        i++;
        continue;
      }
      this.waiting.splice(i, 1);
      clearTimeout(w.timer);
      w.grant(this.start(w.userId));
    }
  }

  /** Waits for a slot (or refuses with 429); the returned function frees it (idempotent). */
  acquire(userId: string): Promise<() => void> {
    if (this.canRun(userId) && !this.waiting.some((w) => w.userId === userId))
      return Promise.resolve(this.start(userId));
    const mine = this.waiting.filter((w) => w.userId === userId).length;
    if (mine >= this.limits.queuePerUser) return Promise.reject(this.refusal(true));
    if (this.waiting.length >= this.limits.queueGlobal) return Promise.reject(this.refusal(false));
    return new Promise((grant, refuse) => {
      const w: Waiter = {
        userId,
        grant,
        timer: setTimeout(() => {
          const at = this.waiting.indexOf(w);
          if (at >= 0) this.waiting.splice(at, 1);
          refuse(this.refusal((this.runningBy.get(userId) ?? 0) >= this.limits.perUser));
        }, this.limits.maxWaitMs),
      };
      w.timer.unref();
      this.waiting.push(w);
    });
  }

  get state(): { running: number; waiting: number; refused: number; paused: number } {
    return { running: this.running, waiting: this.waiting.length, refused: this.refused, paused: this.paused };
  }
}
