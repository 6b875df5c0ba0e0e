/**
 * The sign-in page's start-up JavaScript stays within its budget (issue #32: ≤ 200 KB gzip): the app's entry chunk
 * (index.html's module script), the login page's chunk (`login-page-<hash>.js`) and every chunk they import
 * statically, read from the web build and gzipped as the server sends them. `npm run bench -- first-load` measures
 * the same in Chromium, with first contentful paint.
 *
 * Runs against apps/web/dist when a build is there (`npm test` builds it first); skipped without one. (Not from a Vite
 * manifest: the server would serve it with the app.)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const BUDGET_KB = 200;
const DIST = path.resolve(import.meta.dirname, '../../dist');
const ASSETS = path.join(DIST, 'assets');
const built = existsSync(path.join(DIST, 'index.html')) && existsSync(ASSETS);

/** A chunk and the chunks it imports statically (`import … from"./x.js"`, `import"./x.js"`; not `import("./x.js")`). */
function closure(file: string, into = new Set<string>()): Set<string> {
  if (into.has(file)) return into;
  into.add(file);
  const code = readFileSync(path.join(ASSETS, file), 'utf8');
  for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']\.\/([\w.-]+\.js)["']/g)) closure(m[1]!, into);
  return into;
}

describe('first load', () => {
  it.skipIf(!built)(`the sign-in page starts with at most ${BUDGET_KB} KB of JavaScript (gzip)`, () => {
    const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
    const entry = /<script type="module"[^>]*src="\/assets\/([\w.-]+\.js)"/.exec(html)?.[1];
    const login = readdirSync(ASSETS).filter((f) => /^login-page-[\w-]+\.js$/.test(f));
    expect(entry, 'the entry chunk in index.html').toBeTruthy();
    expect(login, 'one login page chunk').toHaveLength(1);
    const files = closure(login[0]!, closure(entry!));
    const sizes = [...files]
      .map((f) => ({ f, kb: gzipSync(readFileSync(path.join(ASSETS, f))).length / 1024 }))
      .sort((a, b) => b.kb - a.kb);
    const total = sizes.reduce((s, x) => s + x.kb, 0);
    const report = `${total.toFixed(1)} KB gzip in ${sizes.length} files: ${sizes
      .slice(0, 8)
      .map((x) => `${x.f} ${x.kb.toFixed(1)}`)
      .join(', ')}`;
    expect(total, report).toBeLessThanOrEqual(BUDGET_KB);
    // the signed-in app stays out of it: no page registry, no signed-in frame, no other language's loaders
    for (const away of ['page-registry-', 'main-frame-', 'i18n-languages-'])
      expect(
        [...files].filter((f) => f.startsWith(away)),
        away,
      ).toEqual([]);
    expect(files.size).toBeGreaterThan(2);
  });
});
