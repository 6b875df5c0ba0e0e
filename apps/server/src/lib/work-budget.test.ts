import { describe, expect, it } from 'vitest';
import { BudgetExceeded, WorkBudget } from './work-budget.ts';

describe('work budget (costly calls)', () => {
  const limits = { perUser: 1, global: 2, queuePerUser: 2, queueGlobal: 3, maxWaitMs: 200 };

  it('holds one user to their own slots, so another user starts at once', async () => {
    const b = new WorkBudget('Searches', limits);
    const a1 = await b.acquire('a');
    const a2 = b.acquire('a'); // queued behind a's running call
    const a3 = b.acquire('a');
    await expect(b.acquire('a')).rejects.toBeInstanceOf(BudgetExceeded); // a's queue is full
    const other = await b.acquire('b'); // not blocked by a's flood
    expect(b.state).toMatchObject({ running: 2, waiting: 2 });
    a1();
    const next = await a2; // a's next call gets the freed slot
    other();
    next();
    (await a3)();
    expect(b.state).toMatchObject({ running: 0, waiting: 0, refused: 1 });
  });

  it('refuses with 429, a message and a Retry-After when the wait runs out or everyone queues', async () => {
    const b = new WorkBudget('Searches', limits);
    const held = [await b.acquire('a'), await b.acquire('b')];
    const waits = ['c', 'd', 'e'].map((u) => b.acquire(u).catch((e: unknown) => e));
    const full = await b.acquire('f').catch((e: unknown) => e);
    expect(full).toBeInstanceOf(BudgetExceeded);
    expect((full as BudgetExceeded).statusCode).toBe(429);
    expect((full as BudgetExceeded).message).toMatch(/Searches are busy for everyone right now/);
    expect((full as BudgetExceeded).retryAfterSeconds).toBe(1);
    for (const w of await Promise.all(waits)) expect(w).toBeInstanceOf(BudgetExceeded); // timed out after 200 ms
    held.forEach((r) => r());
    held.forEach((r) => r()); // releasing twice frees once
    expect(b.state.running).toBe(0);
  });

  it('pauses a flooding user’s next call as long as their last one ran, not a user who sends one at a time', async () => {
    const b = new WorkBudget('Searches', { ...limits, maxWaitMs: 2_000, floodPause: 1, maxPauseMs: 1_000 });
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    // one at a time: the next call starts at once
    const solo = await b.acquire('b');
    await sleep(60);
    solo();
    const t0 = performance.now();
    (await b.acquire('b'))();
    expect(performance.now() - t0).toBeLessThan(30);
    // a flood: a's next call waits about as long as a's last one ran, while the slot serves someone else meanwhile
    const a1 = await b.acquire('a');
    const a2 = b.acquire('a');
    await sleep(100);
    const freed = performance.now();
    a1();
    const other = await b.acquire('c'); // the freed global slot is not held for a
    expect(performance.now() - freed).toBeLessThan(30);
    (await a2)();
    expect(performance.now() - freed).toBeGreaterThanOrEqual(90);
    other();
    expect(b.state).toMatchObject({ running: 0, waiting: 0, paused: 1 });
  });
});
