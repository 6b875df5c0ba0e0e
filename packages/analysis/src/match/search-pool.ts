/**
 * Vendor search off the request thread: a fixed pool of worker threads (vendor-search-worker.mjs), each with its own
 * opened VendorIndex (its own DuckDB instance over the read-only index file and its own postings in memory), so the
 * candidate retrieval, the in-memory ranking and the scoring never run on the caller's event loop.
 *
 * A request goes to an idle worker, or waits first-come for one (the callers' work budget bounds how many wait). Each
 * request has a wall clock from the moment a worker takes it: past it the request fails with VendorSearchTimeout, a
 * fresh worker takes the old one's place, and the old one is retired: it interrupts its DuckDB statement, closes the
 * index and ends (terminated only if it does not within RETIRE_MS, i.e. it is stuck in JavaScript, where no statement
 * is running: terminating a thread while DuckDB still runs a statement of it aborts the process). One pathological
 * query costs at most `timeoutMs` of one worker. Results are the VendorIndex's own (structured clone of plain objects).
 */
import { Worker } from 'node:worker_threads';
import type { VendorHit, VendorQuery, VendorRecord } from './search.ts';

/** A request ran past the pool's wall clock; its worker was recycled. */
export class VendorSearchTimeout extends Error {
  constructor(readonly timeoutMs: number) {
    super(`The vendor search took longer than ${Math.round(timeoutMs / 100) / 10} s and was stopped`);
    this.name = 'VendorSearchTimeout';
  }
}

export interface VendorSearchPoolOptions {
  /** Worker threads (each opens the index: its postings are ≈ 30 MB per 1M merchants). Default 2. */
  size?: number;
  /** Wall clock of one request once a worker runs it. Default 10 s. */
  timeoutMs?: number;
}

/** How long a retired worker has to end by itself before it is terminated. */
const RETIRE_MS = 5_000;

type Op = { op: 'search'; arg: VendorQuery } | { op: 'get'; arg: string };
type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string };
type Ready = { ready: true } | { ready: false; message: string };

interface Task {
  msg: Op;
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  busy: { id: number; task: Task; timer: NodeJS.Timeout } | null;
}

export class VendorSearchPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;
  /** Requests stopped by the wall clock so far (metrics and tests). */
  timeouts = 0;
  readonly size: number;
  readonly timeoutMs: number;

  private constructor(
    readonly file: string,
    options: VendorSearchPoolOptions,
  ) {
    this.size = Math.max(1, options.size ?? 2);
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  /** Starts the workers and waits until each has opened the index (an error opening it is thrown here). */
  static async open(file: string, options: VendorSearchPoolOptions = {}): Promise<VendorSearchPool> {
    const pool = new VendorSearchPool(file, options);
    for (let i = 0; i < pool.size; i++) pool.slots.push(pool.spawn());
    try {
      await Promise.all(pool.slots.map((s) => s.ready));
    } catch (err) {
      await pool.close();
      throw err;
    }
    return pool;
  }

  private spawn(): Slot {
    const worker = new Worker(new URL('./vendor-search-worker.mjs', import.meta.url), {
      workerData: { file: this.file },
    });
    let opened: () => void = () => {};
    let failed: (e: Error) => void = () => {};
    const ready = new Promise<void>((resolve, reject) => {
      opened = resolve;
      failed = reject;
    });
    ready.catch(() => undefined);
    const slot: Slot = { worker, ready, busy: null };
    let isReady = false;
    worker.on('message', (m: Reply | Ready) => {
      if ('ready' in m) {
        if (m.ready) {
          isReady = true;
          opened();
          this.pump();
        } else notOpened(new Error(`The vendor index could not be opened: ${m.message}`));
        return;
      }
      const b = slot.busy;
      if (!b || b.id !== m.id) return;
      clearTimeout(b.timer);
      slot.busy = null;
      if (m.ok) b.task.resolve(m.value);
      else b.task.reject(new Error(m.message));
      this.pump();
    });
    // a worker that could not open the index leaves the pool; with none left, the waiting requests fail with its error
    const notOpened = (why: Error) => {
      failed(why);
      const at = this.slots.indexOf(slot);
      if (at < 0 || this.closed) return;
      this.slots.splice(at, 1);
      if (!this.slots.length) for (const t of this.queue.splice(0)) t.reject(why);
    };
    const lost = (why: Error) => {
      if (!isReady) return notOpened(why);
      failed(why);
      const b = slot.busy;
      slot.busy = null;
      if (b) {
        clearTimeout(b.timer);
        b.task.reject(why);
      }
      // a worker that had opened the index and then died is replaced (a timeout replaces it itself)
      const at = this.slots.indexOf(slot);
      if (at >= 0 && !this.closed) this.slots[at] = this.spawn();
    };
    worker.on('error', (e) => lost(e));
    worker.on('exit', (code) => lost(new Error(`The vendor search worker stopped (exit code ${code})`)));
    return slot;
  }

  /** Hands waiting requests to idle, ready workers. */
  private pump(): void {
    for (const slot of this.slots) {
      if (!this.queue.length) return;
      if (slot.busy) continue;
      void slot.ready.then(
        () => {
          if (slot.busy || this.closed || !this.slots.includes(slot)) return;
          const task = this.queue.shift();
          if (task) this.run(slot, task);
        },
        () => undefined,
      );
    }
  }

  private run(slot: Slot, task: Task): void {
    const id = this.nextId++;
    const timer = setTimeout(() => {
      if (slot.busy?.id !== id) return;
      this.timeouts++;
      slot.busy = null;
      const at = this.slots.indexOf(slot);
      // replaced before it is retired: its exit then finds no slot and no request to fail
      if (at >= 0 && !this.closed) this.slots[at] = this.spawn();
      void retire(slot.worker);
      task.reject(new VendorSearchTimeout(this.timeoutMs));
      this.pump();
    }, this.timeoutMs);
    slot.busy = { id, task, timer };
    slot.worker.postMessage({ id, ...task.msg });
  }

  private request<T>(msg: Op): Promise<T> {
    if (this.closed) return Promise.reject(new Error('The vendor search pool is closed'));
    if (!this.slots.length)
      return Promise.reject(new Error('The vendor search pool has no worker that opened the index'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ msg, resolve: (v) => resolve(v as T), reject });
      this.pump();
    });
  }

  search(query: VendorQuery): Promise<VendorHit[]> {
    // only the fields a search reads (a structured clone of plain values)
    const { q, city, postcode, country, taxId, limit } = query;
    return this.request<VendorHit[]>({ op: 'search', arg: { q, city, postcode, country, taxId, limit } });
  }

  get(vendorId: string): Promise<VendorRecord | null> {
    return this.request<VendorRecord | null>({ op: 'get', arg: vendorId });
  }

  get state(): { workers: number; busy: number; waiting: number; timeouts: number } {
    return {
      workers: this.slots.length,
      busy: this.slots.filter((s) => s.busy).length,
      waiting: this.queue.length,
      timeouts: this.timeouts,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.queue.splice(0)) t.reject(new Error('The vendor search pool is closed'));
    await Promise.all(this.slots.splice(0).map((s) => retire(s.worker)));
  }
}

/** Asks a worker to stop its statement, close the index and end; terminates it if it has not ended in RETIRE_MS. */
async function retire(worker: Worker): Promise<void> {
  if (worker.threadId < 0) return; // already ended
  const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.postMessage({ op: 'retire' });
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), RETIRE_MS)));
  if ((await Promise.race([ended, late])) === 'late') await worker.terminate();
  clearTimeout(timer);
}
