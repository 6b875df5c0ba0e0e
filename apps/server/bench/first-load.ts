/**
 * `npm run bench -- first-load [loads=20]`: what a first visit of the sign-in page costs, in Chromium.
 *
 * A real app on PGlite serving the built web app (E2E_WEB_DIST or apps/web/dist; build it first with
 * `npm run build -w apps/web`). Each load is a fresh browser context (empty HTTP cache), like a first visit.
 *
 * One JSON line per measurement:
 *   login.initialJs   the JavaScript the page loads before it is idle: files, raw KB and gzip KB (gzip -6 of each
 *                     file, what the server's compression sends), the five largest files   target ≤ 200 KB gzip
 *   login.fcp         first contentful paint over the loads: p50, max (the first load reported apart)
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createTestApp } from '../test/harness.ts';
import { buildApp } from '../src/app.ts';
import { createProq } from '../src/proq/index.ts';

const LOADS = Math.max(3, Number(process.argv[2] ?? 20));
const TARGET_GZIP_KB = 200;
const here = path.dirname(fileURLToPath(import.meta.url));
const WEB_DIST = [process.env.E2E_WEB_DIST, path.resolve(here, '../../web/dist')].find((d): d is string =>
  Boolean(d && existsSync(path.join(d, 'index.html'))),
);

const emit = (measurement: string, values: Record<string, unknown>) =>
  console.log(JSON.stringify({ suite: 'first-load', measurement, ...values }));
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const r1 = (n: number) => Math.round(n * 10) / 10;

async function main() {
  if (!WEB_DIST) {
    emit('login.initialJs', { missing: true, reason: 'no built web app (npm run build -w apps/web)' });
    return;
  }
  const t = await createTestApp('pglite');
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
  browser.on('disconnected', () => console.error('browser disconnected'));
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const addr = app.server.address();
    const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    const fcp: number[] = [];
    let js: { url: string; raw: number; gzip: number }[] = [];
    for (let i = 0; i < LOADS; i++) {
      const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await ctx.newPage();
      const scripts: Promise<{ url: string; raw: number; gzip: number } | null>[] = [];
      page.on('response', (res) => {
        if (res.request().resourceType() !== 'script') return;
        scripts.push(
          res
            .body()
            .then((b) => ({ url: new URL(res.url()).pathname, raw: b.length, gzip: gzipSync(b).length }))
            .catch(() => null),
        );
      });
      await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
      await page.getByRole('button').first().waitFor({ timeout: 20_000 });
      const paint = await page.evaluate(
        () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      );
      fcp.push(paint);
      const got = await Promise.all(scripts);
      if (got.includes(null)) throw new Error('a script response had no body');
      if (i === 0) js = got.filter((x) => x !== null);
      await ctx.close();
    }
    const kb = (n: number) => r1(n / 1024);
    const gzip = js.reduce((s, f) => s + f.gzip, 0);
    emit('login.initialJs', {
      files: js.length,
      rawKB: kb(js.reduce((s, f) => s + f.raw, 0)),
      gzipKB: kb(gzip),
      largest: [...js]
        .sort((a, b) => b.gzip - a.gzip)
        .slice(0, 5)
        .map((f) => `${f.url.replace(/^\/assets\//, '')} ${kb(f.gzip)}`),
      targetGzipKB: TARGET_GZIP_KB,
      ok: gzip / 1024 <= TARGET_GZIP_KB,
    });
    emit('login.fcp', {
      loads: fcp.length,
      firstMs: r1(fcp[0]!),
      p50Ms: r1(pct(fcp.slice(1), 50)),
      maxMs: r1(Math.max(...fcp.slice(1))),
    });
  } finally {
    await browser.close();
    await app.close();
    await t.close();
  }
}

await main();
process.exit(0);
