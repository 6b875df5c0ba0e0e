/**
 * Worker thread of search-pool.ts: opens the vendor index (its own DuckDB instance and in-memory postings) and answers
 * { id, op: 'search' | 'get', arg } with { id, ok: true, value } or { id, ok: false, message }, one request at a time
 * as the pool sends them. { op: 'retire' } interrupts what runs, waits for DuckDB to hand its statements back, closes
 * the index and lets the thread end by itself: terminating a thread while a DuckDB statement of it is still running
 * on the thread pool aborts the whole process (the statement's completion throws into a torn-down environment).
 * Plain JavaScript so that it starts in any parent; search.ts is loaded through tsx's require hook (Node 20 does not
 * apply the parent's --import loader to workers), except in the compiled server (scripts/build-server.mjs), which
 * compiles it into this worker.
 */
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

async function loadSearch() {
  if (process.env.SEXTANT_BUILD === 'bundle') return import('./search.ts');
  const require = createRequire(import.meta.url);
  require('tsx/cjs/api').register();
  return require('./search.ts');
}

try {
  const { VendorIndex } = await loadSearch();
  const ix = await VendorIndex.open(workerData.file);
  const running = new Set();
  parentPort.on('message', async ({ id, op, arg }) => {
    if (op === 'retire') {
      ix.interrupt();
      await Promise.allSettled([...running]);
      ix.close();
      parentPort.close();
      return;
    }
    const work = op === 'search' ? ix.search(arg) : ix.get(arg);
    running.add(work);
    try {
      parentPort.postMessage({ id, ok: true, value: await work });
    } catch (e) {
      parentPort.postMessage({ id, ok: false, message: String(e?.message ?? e) });
    } finally {
      running.delete(work);
    }
  });
  parentPort.postMessage({ ready: true });
} catch (e) {
  parentPort.postMessage({ ready: false, message: String(e?.message ?? e) });
}
