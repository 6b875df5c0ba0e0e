/**
 * `npm run bench -- resources [fileMb] [suppliers]`: the resource hub's file path and the model monitoring.
 *   upload_mb_per_s        a fileMb MB video streamed through the multipart upload (content check, fsync, rename)
 *   range_p50_ms/p95_ms    random 1 MB range requests (206) of that file, through the HTTP stack (inject)
 *   range_mb_per_s         bytes served by those requests per second
 *   ml_evaluate_ms         evaluating the acceptance model of a run of `suppliers` suppliers (hold-out metrics,
 *                          calibration, distributions of eight inputs), with peak RSS
 * PGlite; one JSON line per measurement.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { copyToParquet, evaluateRunModel, withDb } from '@sextant/analysis';
import { createTestApp } from '../test/harness.ts';

const FILE_MB = Number(process.argv[2] ?? 64);
const SUPPLIERS = Number(process.argv[3] ?? 500_000);
const RANGES = 300;

const emit = (metric: string, value: number, extra: Record<string, unknown> = {}) =>
  console.log(JSON.stringify({ suite: 'resources', metric, value: Math.round(value * 100) / 100, ...extra }));
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

const t = await createTestApp('pglite', { RESOURCE_MAX_MB: String(FILE_MB + 1) });
try {
  const admin = await t.login('sysAdmin');
  const created = await t.call('POST', '/api/v1/resources', {
    cookie: admin,
    body: { title: 'Bench', category: 'Other', language: 'en', source: 'upload', visibility: 'All' },
  });
  const id = created.json().id as string;
  const size = FILE_MB * 1024 * 1024;
  const video = Buffer.alloc(size, 7);
  Buffer.from([0, 0, 0, 0x18]).copy(video, 0);
  video.write('ftypisom', 4, 'latin1');
  let started = performance.now();
  const up = await t.upload(`/api/v1/resources/${id}/file`, { name: 'bench.mp4', content: video }, admin);
  if (up.statusCode !== 200) throw new Error(up.body);
  emit('upload_mb_per_s', FILE_MB / ((performance.now() - started) / 1000), { fileMb: FILE_MB });

  const viewer = await t.login('issuer');
  const times: number[] = [];
  started = performance.now();
  for (let i = 0; i < RANGES; i++) {
    const from = Math.floor(Math.random() * (size - 1024 * 1024));
    const s = performance.now();
    const r = await t.call('GET', `/api/v1/resources/${id}/content`, {
      cookie: viewer,
      headers: { range: `bytes=${from}-${from + 1024 * 1024 - 1}` },
    });
    if (r.statusCode !== 206 || r.rawPayload.length !== 1024 * 1024) throw new Error(`range ${r.statusCode}`);
    times.push(performance.now() - s);
  }
  const total = (performance.now() - started) / 1000;
  emit('range_p50_ms', pct(times, 50), { requests: RANGES, rangeMb: 1 });
  emit('range_p95_ms', pct(times, 95), { requests: RANGES, rangeMb: 1 });
  emit('range_mb_per_s', RANGES / total, { requests: RANGES });
} finally {
  await t.close();
}

const dir = mkdtempSync(path.join(tmpdir(), 'sextant-bench-ml-'));
try {
  const file = path.join(dir, 'suppliers.parquet');
  await withDb({}, (db) =>
    db.run(
      copyToParquet(
        `SELECT 'K' || i AS supplierKey, CASE WHEN i % 4 = 0 THEN 'UNMATCHED' ELSE 'MATCHED' END AS matchStatus,
          hash(i, 'y') % 100 < 55 AS cardAcceptor, (hash(i, 'p') % 10000) / 10000.0 AS acceptanceProbability,
          ['GBR', 'USA', 'DEU', 'FRA', 'NLD'][1 + (hash(i, 'c') % 5)::INT] AS country, (hash(i, 's') % 2000000)::DOUBLE AS spend,
          (hash(i, 't') % 20000)::DOUBLE AS avgTransactionValue, 'Monthly' AS frequencyBand, '16-30 days' AS paymentTermsBand,
          'ACH' AS paymentMethod, CAST(5000 + hash(i, 'm') % 300 AS VARCHAR) AS inputMcc
        FROM range(${SUPPLIERS}) t(i)`,
        file,
      ),
    ),
  );
  global.gc?.();
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const s = performance.now();
  const ev = await evaluateRunModel(file);
  clearInterval(timer);
  emit('ml_evaluate_ms', performance.now() - s, {
    suppliers: SUPPLIERS,
    holdout: ev.testRows,
    peakRssMb: Math.round(peak / 1024 / 1024),
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
