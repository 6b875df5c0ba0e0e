/**
 * A migrated PGlite data directory, kept as a tar to start new embedded databases from.
 *
 * A new PGlite data directory costs initdb inside WebAssembly plus every migration: 13–17 s of CPU on the 2-core
 * machines here, most of a first `npm start` and of every test that starts a server on a fresh data directory. The
 * same cluster loaded from a tar of a migrated data directory takes a fraction of that (`loadDataDir`); the migrator
 * then finds nothing to apply. The tar is made once per checkout (`npm start`'s build, the Vitest global setup, or
 * the first fresh start that finds none) and is named after what makes it: PGlite's version and the migrations'
 * names and contents. A new migration or PGlite version gives a new name, so an old tar is never loaded.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the tars are kept: beside the package, not in any data directory (they hold no data, only the schema);
 * SEXTANT_PGLITE_TEMPLATE_DIR names another folder.
 */
export function pgliteTemplateDir(): string {
  return process.env.SEXTANT_PGLITE_TEMPLATE_DIR ?? fileURLToPath(new URL('../.pglite-template', import.meta.url));
}
const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

/** PGlite's version: the cluster format the tar holds. */
function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  // the package's exports do not list package.json: find it beside the resolved entry
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg)) {
      const json = JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string; version?: string };
      if (json.name === '@electric-sql/pglite') return json.version ?? 'unknown';
    }
    const up = path.dirname(dir);
    if (up === dir) return 'unknown';
    dir = up;
  }
}

let key: string | undefined;
/** The name of the template for this PGlite and these migrations (every file of the migrations folder counts). */
export function migratedTemplateKey(): string {
  if (key) return key;
  const h = createHash('sha256').update(`pglite ${pgliteVersion()}\n`);
  const walk = (dir: string, rel: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p, `${rel}${e.name}/`);
      else h.update(`${rel}${e.name}\n`).update(readFileSync(p));
    }
  };
  walk(MIGRATIONS_DIR, '');
  key = h.digest('hex').slice(0, 16);
  return key;
}

export function migratedTemplateFile(): string {
  return path.join(pgliteTemplateDir(), `migrated-${migratedTemplateKey()}.tar`);
}

let cached: { file: string; tar: Blob } | undefined;
/** The template of this checkout when it has been made; undefined otherwise (the caller runs initdb). */
export function readMigratedTemplate(): Blob | undefined {
  const file = migratedTemplateFile();
  if (!existsSync(file)) return undefined;
  if (cached?.file === file) return cached.tar;
  cached = { file, tar: new Blob([readFileSync(file)]) };
  return cached.tar;
}

/**
 * Keeps `tar` as this checkout's template: written beside it and renamed into place, so a reader never sees half a
 * file and two writers at once leave one whole file; older templates (other keys) are removed. Best effort: a
 * read-only checkout keeps starting from initdb.
 */
export function writeMigratedTemplate(tar: Uint8Array): boolean {
  const file = migratedTemplateFile();
  const dir = path.dirname(file);
  try {
    mkdirSync(dir, { recursive: true });
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(tmp, tar);
    renameSync(tmp, file);
    for (const name of readdirSync(dir))
      if (path.join(dir, name) !== file && /^migrated-[0-9a-f]+\.tar$/.test(name))
        rmSync(path.join(dir, name), { force: true });
    return true;
  } catch {
    return false;
  }
}

/** Beside a data directory while a template is being loaded into it: a load cut short leaves it behind. */
const loadingMarker = (dataDir: string) => `${dataDir}.loading`;

/**
 * True when a PGlite data directory holds no cluster yet (missing, or empty), or one whose load from the template was
 * cut short (a kill during a first start): that one is removed by the next load.
 */
export function isFreshDataDir(dataDir: string): boolean {
  return !existsSync(path.join(dataDir, 'PG_VERSION')) || existsSync(loadingMarker(dataDir));
}

/** Removes what a load cut short left in `dataDir` (a fresh data directory, see isFreshDataDir). */
export function clearInterruptedLoad(dataDir: string): void {
  if (!existsSync(loadingMarker(dataDir))) return;
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(loadingMarker(dataDir), { force: true });
}

/** Before loading the template into `dataDir`: marks the load as running until endTemplateLoad. */
export function beginTemplateLoad(dataDir: string): void {
  mkdirSync(path.dirname(dataDir), { recursive: true });
  writeFileSync(loadingMarker(dataDir), `${process.pid}\n`);
}

/** After the cluster loaded from the template has started: it is whole. */
export function endTemplateLoad(dataDir: string): void {
  rmSync(loadingMarker(dataDir), { force: true });
}
