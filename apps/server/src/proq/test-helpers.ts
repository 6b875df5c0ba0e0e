/** Helpers shared by the ProQ tests (not a test file). */
import type { DbHandle } from '@sextant/db';
import type { ProqLogger } from './types.ts';

let seq = 0;
/** A fresh environment name: a test's workers only ever see that test's commands. */
export const freshEnv = (label: string) => `${label}-${process.pid}-${++seq}`;

export async function waitFor<T>(
  fn: () => Promise<T | false | null | undefined> | T | false | null | undefined,
  opts: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + (opts.timeoutMs ?? 15_000);
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${opts.what ?? 'condition'}`);
    await new Promise((r) => setTimeout(r, opts.intervalMs ?? 20));
  }
}

export async function countByState(db: DbHandle, environment: string): Promise<Record<string, number>> {
  const r = await db.query<{ state: string; n: number }>(
    'select state, count(*)::int as n from proq_commands where environment = $1 group by state',
    [environment],
  );
  return Object.fromEntries(r.map((x) => [x.state, Number(x.n)]));
}

export async function allDone(db: DbHandle, environment: string): Promise<boolean> {
  const r = await db.query<{ n: number }>(
    "select count(*)::int as n from proq_commands where environment = $1 and state in ('Blocked', 'Pending', 'InProgress')",
    [environment],
  );
  return Number(r[0]?.n) === 0;
}

/** Collects log lines instead of printing them (tests assert on warnings where useful). */
export function memoryLogger(): ProqLogger & { lines: { level: string; msg?: string; obj: object }[] } {
  const lines: { level: string; msg?: string; obj: object }[] = [];
  return {
    lines,
    info: (obj, msg) => lines.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => lines.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => lines.push({ level: 'error', obj, msg }),
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
