#!/usr/bin/env node
// The server compiled to JavaScript (esbuild) in apps/server/dist, for `npm start` and the tests that start servers:
// no TypeScript loader at start-up. `npm run dev` and the CLI keep running the sources through tsx.
//
// - One ES module bundle of apps/server/src/main.ts with the workspace packages (@sextant/*) inside; npm packages
//   stay external (loaded from node_modules). Dynamic imports become chunks loaded on first use.
// - The worker threads (.mjs next to their parent module) are entry points of their own, written next to the bundle
//   with the same names, so `new Worker(new URL('./x-worker.mjs', import.meta.url))` finds them there.
// - Every other `import.meta.url` is rewritten to the URL of its source file, relative to the bundle, so that paths
//   built from it (migrations, reference data, locales, rule sets, the web build) still point into the checkout: the
//   build is a compiled copy of this checkout's server, not a package to ship on its own.
//
// `node scripts/build-server.mjs` builds when a source changed since the last build (`--force`: always);
// `--check` exits 1 when the build is missing or out of date, without building.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_DIST = path.join(root, 'apps/server/dist');
export const SERVER_MAIN = path.join(SERVER_DIST, 'main.mjs');
export const MAKE_PGLITE_TEMPLATE = path.join(SERVER_DIST, 'make-pglite-template.mjs');
const STAMP = path.join(SERVER_DIST, '.built');

/** The worker threads: started by URL from a module of the bundle, so built next to it under the same name. */
const WORKERS = [
  'apps/server/src/modules/chat/chat-parse-worker.mjs',
  'apps/server/src/modules/analytics/analytics.worker.mjs',
  'packages/analysis/src/ingest/xlsx-worker.mjs',
  'packages/analysis/src/match/vendor-search-worker.mjs',
];
const WORKER_NAMES = new Set(WORKERS.map((w) => path.basename(w)));

/** What the build is made of: a change to any of these rebuilds it. */
const SOURCES = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'packages/db/src',
  'packages/db/package.json',
  'packages/analysis/src',
  'packages/analysis/package.json',
  'scripts/build-server.mjs',
  'package-lock.json',
];

/** The newest modification time of a file or of anything below a folder (0 when missing). */
export function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const e of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, e)));
  return newest;
}

/** True when apps/server/dist holds a complete build newer than every source. */
export function serverBuildCurrent() {
  if (!existsSync(STAMP) || !existsSync(SERVER_MAIN)) return false;
  const builtAt = statSync(STAMP).mtimeMs;
  return Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s)))) <= builtAt;
}

/** Rewrites `import.meta.url` in a source file (see the top of this file). */
function rewriteImportMeta(source, file) {
  if (!source.includes('import.meta.url')) return source;
  const rel = path.relative(SERVER_DIST, file).split(path.sep).join('/');
  const own = `new URL(${JSON.stringify(rel)}, import.meta.url).href`;
  // Placeholder first, so the replacement's own import.meta.url is not rewritten again.
  const KEEP = '\u0000KEEP_IMPORT_META_URL\u0000';
  return source
    .replace(/new URL\((['"])\.\/([\w.-]+\.mjs)\1,\s*import\.meta\.url\)/g, (m, q, name) =>
      WORKER_NAMES.has(name) ? `new URL(${q}./${name}${q}, ${KEEP})` : m,
    )
    .replaceAll('import.meta.url', own)
    .replaceAll(KEEP, 'import.meta.url');
}

const workspacePlugin = {
  name: 'sextant-server',
  setup(build) {
    // npm packages stay in node_modules; the workspace packages are compiled in.
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@sextant/') || args.path.startsWith('node:')) return undefined;
      return { path: args.path, external: true };
    });
    build.onLoad({ filter: /\.(ts|mjs)$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = readFileSync(args.path, 'utf8');
      return { contents: rewriteImportMeta(source, args.path), loader: args.path.endsWith('.ts') ? 'ts' : 'js' };
    });
  },
};

const LOCK = path.join(root, 'apps/server/.dist-lock');

/** One build at a time (test files and servers started together): the others wait, then find the build current. */
async function withBuildLock(fn) {
  const until = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(path.join(LOCK, 'pid'), String(process.pid));
      break;
    } catch (err) {
      if (err?.code !== 'EEXIST') throw err;
      let holder = 0;
      try {
        holder = Number(readFileSync(path.join(LOCK, 'pid'), 'utf8'));
      } catch {
        /* being written or removed */
      }
      let alive = true;
      if (holder > 0)
        try {
          process.kill(holder, 0);
        } catch {
          alive = false;
        }
      if (!alive || Date.now() > until) rmSync(LOCK, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/** Builds apps/server/dist when it is out of date (or always with force). Returns whether it built. */
export async function buildServer({ force = false, quiet = false } = {}) {
  if (!force && serverBuildCurrent()) return false;
  return withBuildLock(async () => {
    if (!force && serverBuildCurrent()) return false; // built by the process we waited for
    return build(quiet);
  });
}

async function build(quiet) {
  const started = performance.now();
  const esbuild = await import('esbuild');
  const entryPoints = [
    { in: path.join(root, 'apps/server/src/main.ts'), out: 'main' },
    // run by start.mjs after a build: the migrated PGlite template new data directories start from
    { in: path.join(root, 'packages/db/src/make-pglite-template.ts'), out: 'make-pglite-template' },
    ...WORKERS.map((w) => ({ in: path.join(root, w), out: path.basename(w, '.mjs') })),
  ];
  const result = await esbuild.build({
    entryPoints,
    outdir: SERVER_DIST,
    // .mjs throughout: the workers keep the names their parent modules ask for
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    // stack traces need only the mappings: without the sources' text the maps are a third the size, and Node reads
    // and parses the map of every module it loads (--enable-source-maps)
    sourcesContent: false,
    // xlsx-worker.mjs loads xlsx-convert.ts through tsx under tsx and vitest, and compiled in here.
    define: { 'process.env.SEXTANT_BUILD': '"bundle"' },
    logLevel: 'warning',
    plugins: [workspacePlugin],
    metafile: true,
    entryNames: '[name]',
    // chunks next to the entries: the rewritten import.meta.url paths are relative to this one folder
    chunkNames: '[name]-[hash]',
  });
  // Files of earlier builds go once they are an hour old: a server still running from one may yet load its chunks.
  const current = new Set(Object.keys(result.metafile.outputs).map((o) => path.resolve(root, o)));
  for (const name of readdirSync(SERVER_DIST)) {
    const file = path.join(SERVER_DIST, name);
    if (/\.mjs(\.map)?$/.test(name) && !current.has(file) && statSync(file).mtimeMs < Date.now() - 3_600_000)
      rmSync(file, { force: true });
  }
  writeFileSync(path.join(SERVER_DIST, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(STAMP, `${new Date().toISOString()}\n`);
  if (!quiet)
    console.log(
      `Built the server in ${Math.round(performance.now() - started)} ms (${path.relative(root, SERVER_DIST)})`,
    );
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  if (args.includes('--check')) process.exit(serverBuildCurrent() ? 0 : 1);
  try {
    await buildServer({ force: args.includes('--force') });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
