/**
 * Password hashing with argon2id (OWASP parameters: m=19 MiB, t=2, p=1).
 *
 * A sign-in for an unknown user (or one without a password) must take as long as a wrong password, or the answer
 * time tells which usernames exist — but it must not cost an argon2 hash each time either, or a flood of made-up
 * usernames is a cheap way to burn the server's CPU and memory. So only a small budget of such attempts
 * per process runs the real (dummy) hash, which also measures how long a verification takes; beyond the budget the
 * attempt waits that measured time on a timer, which costs nothing.
 */
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Unknown-user attempts per process and minute that run a real argon2 verification (the rest wait instead). */
export const UNKNOWN_USER_HASH_BUDGET_PER_MINUTE = 10;

/** argon2 work done by this process (hashes computed and verifications), for tests and monitoring. */
export const argon2Stats = { hashes: 0, verifications: 0 };

// A real hash of a fixed string: verifying against it costs as much as a real check.
let dummyHash: Promise<string> | undefined;
// Moving average of how long a verification takes here (ms); the first real one replaces the guess.
let typicalVerifyMs = 0;

async function timedVerify(passwordHash: string, password: string): Promise<boolean> {
  const started = performance.now();
  argon2Stats.verifications++;
  const ok = await verify(passwordHash, password).catch(() => false);
  const ms = performance.now() - started;
  typicalVerifyMs = typicalVerifyMs === 0 ? ms : typicalVerifyMs * 0.8 + ms * 0.2;
  return ok;
}

export const hashPassword = (password: string): Promise<string> => {
  argon2Stats.hashes++;
  return hash(password, OPTIONS);
};

/** A token bucket refilled at UNKNOWN_USER_HASH_BUDGET_PER_MINUTE, holding at most that many. */
const budget = { tokens: UNKNOWN_USER_HASH_BUDGET_PER_MINUTE, refilledAt: Date.now() };
function takeHashBudget(now = Date.now()): boolean {
  const perMs = UNKNOWN_USER_HASH_BUDGET_PER_MINUTE / 60_000;
  budget.tokens = Math.min(UNKNOWN_USER_HASH_BUDGET_PER_MINUTE, budget.tokens + (now - budget.refilledAt) * perMs);
  budget.refilledAt = now;
  if (budget.tokens < 1) return false;
  budget.tokens -= 1;
  return true;
}

/** Spends the time of a failed verification for a user without a password hash; false. */
async function rejectWithoutHash(password: string): Promise<false> {
  if (takeHashBudget()) {
    dummyHash ??= hashPassword('sextant-dummy-password');
    await timedVerify(await dummyHash, password);
    return false;
  }
  // ±10 % so the wait is not a constant that stands out against real verifications (50 ms before any was measured).
  const wait = (typicalVerifyMs || 50) * (0.9 + Math.random() * 0.2);
  await new Promise((resolve) => setTimeout(resolve, wait));
  return false;
}

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) return rejectWithoutHash(password);
  return timedVerify(passwordHash, password);
}
