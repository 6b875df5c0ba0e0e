/**
 * Budgets for costly calls (vendor search, supplier and use-case exports): at most `perUser` calls of one user and
 * `global` calls of everyone run at once; a call over the budget waits in a short first-come queue (at most
 * `queuePerUser` of one user, `queueGlobal` in all, for at most `maxWaitMs`), and beyond that is refused with 429 and
 * a Retry-After. A slot that frees goes to the oldest waiter whose user is under `perUser`, so one user's flood
 * holds at most `perUser` slots and everyone else keeps theirs. Per process (each API node budgets its own work).
 */
import { ERROR_CODES } from '@sextant/shared';
import { AppError } from './errors.ts';

export interface BudgetLimits {
  perUser: number;
  global: number;
  queuePerUser: number;
  queueGlobal: number;
  maxWaitMs: number;
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
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      const n = (this.runningBy.get(userId) ?? 1) - 1;
      if (n > 0) this.runningBy.set(userId, n);
      else this.runningBy.delete(userId);
      this.next();
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

  get state(): { running: number; waiting: number; refused: number } {
    return { running: this.running, waiting: this.waiting.length, refused: this.refused };
  }
}
