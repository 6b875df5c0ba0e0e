/**
 * Worker thread of xlsx.ts: reads one workbook with xlsx-convert.ts under the heap limit the parent set, and posts
 * back { ok: true, result } or { ok: false, error }. Plain JavaScript so that it starts in any parent; the TypeScript
 * module is loaded through tsx's require hook (Node 20 does not apply the parent's --import loader to workers), except
 * in the compiled server (scripts/build-server.mjs), which compiles xlsx-convert.ts into this worker.
 */
import { createRequire } from 'node:module';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

async function loadConvert() {
  if (process.env.SEXTANT_BUILD === 'bundle') return import('./xlsx-convert.ts');
  const require = createRequire(import.meta.url);
  require('tsx/cjs/api').register();
  return require('./xlsx-convert.ts');
}
const { convertWorkbook } = await loadConvert();

// exceljs parks worksheets it cannot parse yet in temporary files: keep them in this conversion's folder, which the
// parent removes whatever happens.
os.tmpdir = () => workerData.scratch;
// Once the answer is posted, a late error of a stream being torn down must not replace it.
let answered = false;
process.on('uncaughtException', (e) => {
  if (!answered) throw e;
});
try {
  const result = await convertWorkbook(workerData);
  answered = true;
  parentPort.postMessage({ ok: true, result });
} catch (e) {
  answered = true;
  parentPort.postMessage({
    ok: false,
    error:
      e?.name === 'AnalysisInputError'
        ? { code: e.code, reason: e.reason, row: e.row, column: e.column }
        : { message: String(e?.message ?? e) },
  });
}
