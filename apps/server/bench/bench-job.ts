/**
 * The benchmark job of N suppliers shared by the results and load suites (not measured).
 *
 * A small base job runs through the real pipeline; its scored suppliers are then multiplied to N rows (distinct
 * supplierKey and name, jittered spend) and aggregateResults writes consistent results for a second, completed
 * run, so the matcher never sees N suppliers.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { DuckDBInstance } from '@duckdb/node-api';
import { aggregateResults, lit, type AnalysisSummary } from '@sextant/analysis';
import { buyers, issuers, jobRuns } from '@sextant/db';
import type { TJobDetails } from '@sextant/shared';
import type { TestApp } from '../test/harness.ts';
import { forgetLatestRun } from '../src/lib/duckdb/index.ts';

const SEED_SUPPLIERS = 400;

/** The harness's test app needs NETWORK_MERCHANTS=3000 and short ProQ delays for a quick seed run. */
export const BENCH_JOB_ENV = { NETWORK_MERCHANTS: '3000', PROQ_MIN_DELAY_MS: '50', PROQ_MAX_DELAY_MS: '200' };

export async function buildBenchJob(
  t: TestApp,
  n: number,
): Promise<{ jobId: string; issuerId: string; summary: AnalysisSummary; seconds: number }> {
  const cookie = await t.login('ptcoJobManager');
  const [nb] = await t.db.db.select().from(issuers).where(eq(issuers.issuerKey, 'northbridge'));
  const [b] = await t.db.db.select().from(buyers).where(eq(buyers.issuerId, nb!.id));
  const jobId = (
    await t.call('POST', `/api/v1/job-artifacts?name=Bench ${n}&type=base&issuerId=${nb!.id}&buyerId=${b!.id}`, {
      cookie,
    })
  ).json().id as string;
  const countries = ['GB', 'US', 'DE', 'FR', 'NL'];
  const methods = ['Check', 'ACH', 'Wire', 'Card', ''];
  const csv = [
    'Supplier ID,Supplier Name,Country,Spend,Payment Method,Payment Terms',
    ...Array.from(
      { length: SEED_SUPPLIERS },
      (_, i) =>
        `S${i},Bench Supplier ${i} ${['Ltd', 'plc', 'GmbH', 'Inc', 'SA'][i % 5]},${countries[i % 5]},${(i % 97) * 1000 + 250},${methods[i % 5]},${[30, 45, 60, 90][i % 4]}`,
    ),
  ].join('\n');
  await t.upload(`/api/v1/jobs/${jobId}/files?dataKind=suppliers`, { name: 'suppliers.csv', content: csv }, cookie);
  await t.app.ctx.proq.start();
  await t.call('POST', `/api/v1/jobs/${jobId}/runs`, { cookie });
  const setupStart = performance.now();
  for (;;) {
    const d = (await t.call('GET', `/api/v1/jobs/${jobId}`, { cookie })).json() as TJobDetails;
    if (d.status !== 'Processing') {
      if (d.status !== 'Ready') throw new Error(`seed run failed: ${d.runs[0]?.error}`);
      break;
    }
    if (performance.now() - setupStart > 300_000) throw new Error('seed run did not finish');
    await new Promise((r) => setTimeout(r, 300));
  }
  await t.app.ctx.proq.stop();

  // Blow the scored suppliers up to N rows and aggregate them as run 2.
  const [run1] = await t.db.db
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.jobArtifactId, jobId), eq(jobRuns.runNumber, 1)));
  const resultPath2 = path.join(path.dirname(run1!.resultPath), '2');
  const work1 = path.join(t.config.dataDir, run1!.resultPath, 'work');
  const run2Dir = path.join(t.config.dataDir, resultPath2);
  const work2 = path.join(run2Dir, 'work');
  mkdirSync(work2, { recursive: true });
  const blowStart = performance.now();
  const duck = await DuckDBInstance.create(':memory:', { threads: '2', memory_limit: '1GB' });
  const conn = await duck.connect();
  const reps = Math.ceil(n / SEED_SUPPLIERS);
  await conn.run(`COPY (
      SELECT * REPLACE (
          s.supplierKey || '-' || r.i AS supplierKey,
          s.supplierName || ' ' || r.i AS supplierName,
          round(s.spend * (0.5 + hash(s.supplierKey, r.i) % 1000 / 1000.0), 2) AS spend)
      FROM read_parquet(${lit(path.join(work1, 'scored.parquet'))}) s CROSS JOIN (SELECT range AS i FROM range(${reps})) r
      LIMIT ${n}
    ) TO ${lit(path.join(work2, 'scored.parquet'))} (FORMAT parquet)`);
  conn.closeSync();
  const summary = await aggregateResults({ workDir: work2, outDir: path.join(run2Dir, 'results'), type: 'base' });
  await t.db.db.insert(jobRuns).values({
    jobArtifactId: jobId,
    runNumber: 2,
    status: 'Completed',
    batchId: `bench-${jobId}`,
    resultPath: resultPath2,
    summary,
    startedAt: new Date(),
    completedAt: new Date(),
  });
  forgetLatestRun(jobId);
  return { jobId, issuerId: nb!.id, summary, seconds: (performance.now() - blowStart) / 1000 };
}
