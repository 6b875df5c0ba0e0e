/**
 * Worker thread of search-pool.ts: opens the vendor index (its own DuckDB instance and in-memory postings) and answers
 * { id, op: 'search' | 'get', arg } with { id, ok: true, value } or { id, ok: false, message }, one request at a time
 * as the pool sends them. Plain JavaScript so that it starts in any parent; search.ts is loaded through tsx's require
 * hook (Node 20 does not apply the parent's --import loader to workers), except in the compiled server
 * (scripts/build-server.mjs), which compiles it into this worker.
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
  parentPort.on('message', async ({ id, op, arg }) => {
    try {
      const value = op === 'search' ? await ix.search(arg) : await ix.get(arg);
      parentPort.postMessage({ id, ok: true, value });
    } catch (e) {
      parentPort.postMessage({ id, ok: false, message: String(e?.message ?? e) });
    }
  });
  parentPort.postMessage({ ready: true });
} catch (e) {
  parentPort.postMessage({ ready: false, message: String(e?.message ?? e) });
}
