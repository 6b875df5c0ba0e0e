/**
 * The sign-in page's start-up JavaScript stays within its budget (issue #32: ≤ 200 KB gzip): the app's entry chunk,
 * the login page's chunk and every chunk they import statically, read from the web build's manifest and gzipped as
 * the server sends them. `npm run bench -- first-load` measures the same in Chromium, with first contentful paint.
 *
 * Runs against apps/web/dist when a build is there (`npm test` builds it first); skipped without one.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const BUDGET_KB = 200;
const DIST = path.resolve(import.meta.dirname, '../../dist');
const MANIFEST = path.join(DIST, '.vite', 'manifest.json');

type TManifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/** The chunk files a manifest entry loads before it runs: itself and its static imports, transitively. */
function closure(manifest: TManifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`no ${key} in the web build's manifest`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const i of chunk.imports ?? []) closure(manifest, i, into);
  return into;
}

describe('first load', () => {
  it.skipIf(!existsSync(MANIFEST))(`the sign-in page starts with at most ${BUDGET_KB} KB of JavaScript (gzip)`, () => {
    const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as TManifest;
    const files = closure(manifest, 'src/routes/login/login-page.tsx', closure(manifest, 'index.html'));
    const sizes = [...files]
      .filter((f) => f.endsWith('.js'))
      .map((f) => ({ f, kb: gzipSync(readFileSync(path.join(DIST, f))).length / 1024 }))
      .sort((a, b) => b.kb - a.kb);
    const total = sizes.reduce((s, x) => s + x.kb, 0);
    const report = `${total.toFixed(1)} KB gzip in ${sizes.length} files: ${sizes
      .slice(0, 8)
      .map((x) => `${x.f.replace(/^assets\//, '')} ${x.kb.toFixed(1)}`)
      .join(', ')}`;
    expect(total, report).toBeLessThanOrEqual(BUDGET_KB);
    // the signed-in app stays out of it: no page registry, no signed-in frame, no zod
    const ids = Object.entries(manifest)
      .filter(([, c]) => files.has(c.file))
      .map(([k]) => k);
    for (const away of ['src/app/page-registry.ts', 'src/layouts/main-frame.tsx', 'src/app/i18n-languages.ts'])
      expect(ids, away).not.toContain(away);
  });
});
