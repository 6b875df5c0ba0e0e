/**
 * `npm run bench -- results [suppliers=500000] [requests=60]`: result-page speed on a job of N suppliers.
 *
 * Setup (not measured): bench-job.ts builds a completed job of N suppliers on PGlite.
 *
 * One JSON line per measurement (server time through fastify.inject, warm after one untimed request; the first,
 * cold request is reported as coldMs):
 *   supplier page with a filter and a sort     target p95 ≤ 150 ms
 *   each insights view (slicer ALL)            target ≤ 200 ms
 *   the summary
 *   insights page first chart in Chromium      target ≤ 1.5 s (needs a built web app: E2E_WEB_DIST or apps/web/dist)
 * An endpoint that does not exist yet is reported as {"missing": true}, never with a number.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHART_VIEW_IDS } from '@sextant/shared';
import { createTestApp } from '../test/harness.ts';
import { buildApp } from '../src/app.ts';
import { createProq } from '../src/proq/index.ts';
import { BENCH_JOB_ENV, buildBenchJob } from './bench-job.ts';

const N = Number(process.argv[2] ?? 500_000);
const REQUESTS = Math.max(50, Number(process.argv[3] ?? 60));
const here = path.dirname(fileURLToPath(import.meta.url));
const WEB_DIST = [process.env.E2E_WEB_DIST, path.resolve(here, '../../web/dist')].find((d): d is string =>
  Boolean(d && existsSync(path.join(d, 'index.html'))),
);

const emit = (measurement: string, values: Record<string, unknown>) =>
  console.log(JSON.stringify({ suite: 'results', suppliers: N, measurement, ...values }));
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const r1 = (n: number) => Math.round(n * 10) / 10;

async function main() {
  const t = await createTestApp('pglite', BENCH_JOB_ENV);
  try {
    const { jobId, summary, seconds } = await buildBenchJob(t, N);
    emit('setup', { seconds: r1(seconds), resultSuppliers: summary.suppliers });

    const issuer = await t.login('issuer');
    const time = async (name: string, urls: string[], target?: number) => {
      const first = performance.now();
      const cold = await t.call('GET', urls[0]!, { cookie: issuer });
      const coldMs = performance.now() - first;
      if (cold.statusCode === 404 && cold.json().message?.includes('Route')) {
        emit(name, { missing: true, url: urls[0] });
        return;
      }
      if (cold.statusCode !== 200) {
        emit(name, { error: cold.statusCode, message: cold.body.slice(0, 200), url: urls[0] });
        return;
      }
      const ms: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const url = urls[i % urls.length]!;
        const s = performance.now();
        const res = await t.call('GET', url, { cookie: issuer });
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
        ...(target ? { targetP95Ms: target, ok: p95 <= target } : {}),
      });
    };

    const filters = encodeURIComponent(
      JSON.stringify([{ propertyName: 'OptimaLevel', itemComparisonOperator: 'Equal', itemValue: 'High' }]),
    );
    const supplierPages = Array.from(
      { length: 20 },
      (_, i) =>
        `/api/v1/jobs/${jobId}/results/suppliers?pageSize=25&pageNumber=${i + 1}&orderBy=spend:desc&filters=${filters}`,
    );
    await time('supplierPage.filter.sort', supplierPages, 150);
    await time(
      'supplierPage.search.slicer',
      [
        `/api/v1/jobs/${jobId}/results/suppliers?pageSize=25&search=Supplier%2012&slicer=CardAccepting&slicerValue=MATCHED&orderBy=supplierName:asc`,
      ],
      150,
    );
    await time('summary', [`/api/v1/jobs/${jobId}/results/summary`]);
    for (const view of CHART_VIEW_IDS) await time(`view.${view}`, [`/api/v1/jobs/${jobId}/results/views/${view}`], 200);
    await time('businessCase', [`/api/v1/jobs/${jobId}/business-case`]);

    // First chart of the insights page in Chromium.
    if (!WEB_DIST) {
      emit('insights.firstChart', { missing: true, reason: 'no built web app (set E2E_WEB_DIST or build apps/web)' });
      return;
    }
    const app = await buildApp({
      config: t.config,
      dbh: t.db,
      web: WEB_DIST,
      logger: false,
      proq: createProq({ db: t.db, listen: false }),
    });
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox'],
    });
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const addr = app.server.address();
      const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
      const ms: number[] = [];
      const shell: number[] = [];
      for (let i = 0; i < 6; i++) {
        const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
        await ctx.addCookies([
          { name: 'sextant_session', value: issuer.split('=')[1]!, domain: '127.0.0.1', path: '/', httpOnly: true },
        ]);
        const page = await ctx.newPage();
        const s = performance.now();
        await page.goto(`${base}/jobs/${jobId}/insights`);
        await page
          .waitForSelector('[data-testid="job-name"]', { state: 'attached', timeout: 20_000 })
          .then(() => shell.push(performance.now() - s))
          .catch(() => {});
        try {
          await page.waitForSelector('[data-chart-ready="true"]', { state: 'attached', timeout: 20_000 });
          ms.push(performance.now() - s);
        } catch {
          emit('insights.firstChart', {
            missing: true,
            reason: 'no [data-chart-ready="true"] within 20 s',
            url: page.url(),
          });
          await ctx.close();
          return;
        }
        await ctx.close();
      }
      // The first navigation also loads the app's scripts into the HTTP cache; report it apart.
      emit('insights.firstChart', {
        runs: ms.length,
        firstMs: r1(ms[0]!),
        p50Ms: r1(pct(ms.slice(1), 50)),
        maxMs: r1(Math.max(...ms)),
        // When the job frame (header) is on screen: the app shell's own share of the time.
        jobHeaderP50Ms: shell.length ? r1(pct(shell, 50)) : null,
        targetMs: 1500,
        ok: Math.max(...ms) <= 1500,
      });
    } finally {
      await browser.close();
      await app.close();
    }
  } finally {
    await t.close();
  }
}

await main();
process.exit(0);
