/**
 * `npm run bench -- campaigns [suppliers=50000] [requests=60]`: a campaign workflow over N suppliers.
 *
 * Setup (not measured): bench-job.ts builds a completed job of N suppliers (PGlite; BENCH_DB=postgres with
 * TEST_DATABASE_URL for PostgreSQL). Then, one JSON line per measurement (server time through fastify.inject):
 *   create a workflow from the whole supplier list (every supplier enrolled)      one shot
 *   a wave of half the suppliers                                                  one shot
 *   bulk status change of 10,000 suppliers; an outcome file of 5,000 rows         one shot
 *   counters (workflow detail: per campaign, per route, All Routes)               target p95 ≤ 300 ms
 *   the job's workflow list and the cross-job list (counters)                     target p95 ≤ 300 ms
 *   campaigns that learn: the first page after the outcomes (trains the model), a wave of 1,000 by expected
 *   value, achieved vs predicted per wave; their sum against the pipeline of N suppliers, measured in the same run
 *   (runAnalysis against a generated 100,000-merchant network)                   target ≤ 10 %
 *   supplier pages of the workflow (deep sorted pages by OFFSET and by seek, status filter, search), one supplier
 *                                                                                 target p95 ≤ 300 ms
 * Each line carries the machine's load average (/proc/loadavg) at the time of the measurement.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateNetwork, labelledCsv, makeLabelledSuppliers, runAnalysis } from '@sextant/analysis';
import { createTestApp } from '../test/harness.ts';
import type { TWorkflowDetail, TWorkflowSupplierPage } from '@sextant/shared';
import { BENCH_JOB_ENV, buildBenchJob } from './bench-job.ts';

const N = Number(process.argv[2] ?? 50_000);
/** The product's default network size (NETWORK_MERCHANTS) for the pipeline the learning is set against. */
const PIPELINE_MERCHANTS = 100_000;

/**
 * The pipeline of N suppliers without the learning, as a job runs it (ingest → normalise → match → enrich → score →
 * aggregate, one supplier file against a generated network of the product's default size, cached in the temp dir):
 * what the learning's cost is set against. Seconds of wall clock.
 */
async function pipelineSeconds(n: number): Promise<number> {
  const cache = path.join(tmpdir(), 'sextant-bench-cache');
  mkdirSync(cache, { recursive: true });
  const network = path.join(cache, `campaigns-network-${PIPELINE_MERCHANTS}-20250101.parquet`);
  if (!existsSync(network)) await generateNetwork({ merchants: PIPELINE_MERCHANTS, seed: 20250101, out: network });
  const dir = path.join(cache, `campaigns-pipeline-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const csv = path.join(dir, 'suppliers.csv');
  writeFileSync(
    csv,
    labelledCsv(
      makeLabelledSuppliers({
        networkSeed: 20250101,
        networkSize: PIPELINE_MERCHANTS,
        present: Math.round(n * 0.8),
        absent: n - Math.round(n * 0.8),
      }),
    ),
  );
  const t0 = performance.now();
  await runAnalysis({
    type: 'base',
    networkFile: network,
    inputs: [{ kind: 'suppliers', file: csv }],
    outDir: path.join(dir, 'out'),
  });
  const seconds = (performance.now() - t0) / 1000;
  rmSync(dir, { recursive: true, force: true });
  return seconds;
}
const REQUESTS = Math.max(30, Number(process.argv[3] ?? 60));
const KIND = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'pglite';

const loadavg = () => {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return null;
  }
};
const emit = (measurement: string, values: Record<string, unknown>) =>
  console.log(JSON.stringify({ suite: 'campaigns', db: KIND, suppliers: N, measurement, ...values, load: loadavg() }));
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const r1 = (n: number) => Math.round(n * 10) / 10;

async function main() {
  const t = await createTestApp(KIND, BENCH_JOB_ENV);
  try {
    const { jobId, summary, seconds } = await buildBenchJob(t, N);
    emit('setup', { seconds: r1(seconds), resultSuppliers: summary.suppliers });
    const cookie = await t.login('developer');
    const base = `/api/v1/jobs/${jobId}/campaign-workflows`;
    const once = async (name: string, method: string, url: string, body?: unknown, upload?: string) => {
      const s = performance.now();
      const res = upload
        ? await t.upload(url, { name: 'outcomes.csv', content: upload }, cookie)
        : await t.call(method, url, { cookie, ...(body !== undefined ? { body } : {}) });
      const ms = performance.now() - s;
      if (res.statusCode >= 300) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      emit(name, { ms: r1(ms) });
      return res.json();
    };
    const time = async (name: string, urls: string[], target: number) => {
      const c0 = performance.now();
      const cold = await t.call('GET', urls[0]!, { cookie });
      const coldMs = performance.now() - c0;
      if (cold.statusCode !== 200) throw new Error(`${urls[0]}: ${cold.statusCode} ${cold.body.slice(0, 200)}`);
      const ms: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const url = urls[i % urls.length]!;
        const s = performance.now();
        const res = await t.call('GET', url, { cookie });
        ms.push(performance.now() - s);
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      const p95 = pct(ms, 95);
      emit(name, {
        requests: REQUESTS,
        coldMs: r1(coldMs),
        p50Ms: r1(pct(ms, 50)),
        p95Ms: r1(p95),
        maxMs: r1(Math.max(...ms)),
        targetP95Ms: target,
        ok: p95 <= target,
      });
    };

    const wf = (await once('create.workflow', 'POST', base, {
      name: 'Bench workflow',
      filter: { filters: [] },
    })) as TWorkflowDetail;
    emit('enrolled', { total: wf.counters.total });
    const url = `${base}/${wf.id}`;
    await once('create.wave', 'POST', `${url}/campaigns`, {
      name: 'Wave 1',
      route: 'Issuer',
      count: Math.floor(N / 2),
    });
    await once('create.wave.small', 'POST', `${url}/campaigns`, { name: 'Wave 2', route: 'BuyerOnboard', count: 1000 });
    const keys: string[] = [];
    for (let p = 1; keys.length < 15_000; p++) {
      const page = (
        await t.call('GET', `${url}/suppliers?pageSize=500&pageNumber=${p}`, { cookie })
      ).json() as TWorkflowSupplierPage;
      keys.push(...page.collection.map((r) => r.supplierKey));
      if (!page.hasNextPage) break;
    }
    await once('bulkStatus.10000', 'POST', `${url}/suppliers/status`, {
      supplierKeys: keys.slice(0, 10_000),
      status: 'Active',
    });
    const csv = [
      'supplierKey,status,date,note',
      ...keys.slice(0, 5000).map((k, i) => `${k},${i % 3 ? 'Succeeded' : 'Failed'},2026-01-15,bench`),
    ].join('\n');
    await once('outcomes.upload.5000', 'POST', `${url}/outcomes`, undefined, csv);

    // Campaigns that learn (conversion.ts): the outcomes changed, so the first page trains the issuer's model on
    // them (and reads the run's facts of every supplier once); later pages reuse it. A wave of 1,000 then ranks
    // every supplier not in a wave by expected value, and the workflow's detail scores every enrolment for its wave's
    // achieved vs predicted. Their sum is the learning's cost, set against the pipeline of N suppliers without it
    // (pipelineSeconds: measured in this run, target ≤ 10 %) and, as an upper bound, against the bench job's
    // aggregate step alone (bench-job.ts).
    const timed = async (name: string, method: string, path: string, body?: unknown) => {
      const s0 = performance.now();
      const json = await once(name, method, path, body);
      return { json, ms: performance.now() - s0 };
    };
    const first = await timed('learning.firstPage.train', 'GET', `${url}/suppliers?pageSize=25`);
    emit('learning.model', (first.json as TWorkflowSupplierPage).prediction);
    const warm = await timed('learning.page.warm', 'GET', `${url}/suppliers?pageSize=25`);
    const wave = await timed('learning.wave.byExpectedValue', 'POST', `${url}/campaigns`, {
      name: 'Wave 3',
      route: 'Issuer',
      count: 1000,
    });
    const detail = await timed('learning.workflow.waveConversions', 'GET', url);
    const learningMs = first.ms - warm.ms + wave.ms + detail.ms;
    const pipeline = await pipelineSeconds(N);
    emit('learning.pipeline', { seconds: r1(pipeline), merchants: PIPELINE_MERCHANTS });
    emit('learning.overhead', {
      pipelineSeconds: r1(pipeline),
      pctOfPipeline: r1((learningMs / (pipeline * 1000)) * 100),
      runAggregateSeconds: r1(seconds),
      trainMs: r1(first.ms - warm.ms),
      waveMs: r1(wave.ms),
      waveConversionsMs: r1(detail.ms),
      learningMs: r1(learningMs),
      pctOfAggregate: r1((learningMs / (seconds * 1000)) * 100),
      targetPct: 10,
    });

    await time('counters.workflow', [url], 300);
    await time('counters.jobList', [base], 300);
    await time('counters.globalList', ['/api/v1/campaign-workflows'], 300);
    // Deep pages of the spend sort: OFFSET pages (pageNumber only) and seek pages (`after` = the previous page's
    // nextCursor, collected by walking the list once).
    const pages = Array.from(
      { length: 20 },
      (_, i) => `${url}/suppliers?pageSize=25&pageNumber=${i * 50 + 1}&orderBy=spend:desc`,
    );
    await time('supplierPage.sort.offset', pages, 300);
    const seekPages: string[] = [];
    let after: string | null = null;
    for (let p = 1; seekPages.length < 20; p++) {
      const res = (
        await t.call('GET', `${url}/suppliers?pageSize=250&orderBy=spend:desc${after ? `&after=${after}` : ''}`, {
          cookie,
        })
      ).json() as TWorkflowSupplierPage;
      after = res.nextCursor;
      if (!after) break;
      if (p % 5 === 0)
        seekPages.push(
          `${url}/suppliers?pageSize=25&pageNumber=${(p * 250) / 25 + 1}&orderBy=spend:desc&after=${after}`,
        );
    }
    await time('supplierPage.sort.seek', seekPages, 300);
    await time(
      'supplierPage.statusFilter',
      ['Succeeded', 'Active', 'Pending'].map(
        (s) => `${url}/suppliers?pageSize=25&status=${s}&orderBy=supplierName:asc`,
      ),
      300,
    );
    await time('supplierPage.search', [`${url}/suppliers?pageSize=25&search=ltd`], 300);
    await time(
      'supplier.detail',
      keys.slice(0, 20).map((k) => `${url}/suppliers/${encodeURIComponent(k)}`),
      300,
    );
  } finally {
    await t.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
