/**
 * Backup and restore of the embedded default (PGlite in DATA_DIR/pglite + the files under DATA_DIR).
 *
 * A backup folder holds `database.tar.gz` (PGlite's dump of its data directory), `files/` (DATA_DIR/jobs: uploads
 * and results, and DATA_DIR/network: the reference network) and `manifest.json` (written last: a folder without it
 * is an unfinished backup), with the size and SHA-256 of every file. Caches (DATA_DIR/cache) are rebuilt on demand
 * and left out, as are the working files of completed runs.
 *
 * Consistency while the server runs: the dump is taken while no query or transaction runs, and in the same pause
 * the files are hard-linked into a staging folder (milliseconds; copied at leisure afterwards). Every file a row
 * refers to is complete before its row commits and is removed only after its row is deleted, and uploads and results
 * are never rewritten in place (a new version is a new file renamed into place), so the linked files are exactly
 * those of the dumped rows (plus, at most, files whose rows were not committed yet: the start-up checks of the
 * restored installation remove them).
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { copyFile, link, mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { jobRuns, openDb, type DbHandle } from '@sextant/db';
import { fsyncPath, fsyncTree, isTempName, tempPathFor } from '../lib/durable-fs.ts';
import { acquireDataDirLock, readLiveLock } from '../lib/data-dir-lock.ts';

const gzipAsync = promisify(gzip);

export const BACKUP_FORMAT = 1;
export const MANIFEST_FILE = 'manifest.json';
export const DATABASE_FILE = 'database.tar.gz';
export const FILES_DIR = 'files';
/** DATA_DIR folders a backup carries. */
const DATA_FOLDERS = ['jobs', 'network'] as const;

export interface BackupFileEntry {
  /** relative to the backup's files/ folder (and to DATA_DIR), with forward slashes */
  path: string;
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: number;
  app: 'sextant';
  createdAt: string;
  /** live: asked from the running server; offline: no server ran, the data directory was opened directly */
  mode: 'live' | 'offline';
  /** pauseMs: how long the database was held still for the dump (at most; includes the checkpoint) */
  database: { file: string; bytes: number; sha256: string; engine: 'pglite'; pauseMs: number };
  files: BackupFileEntry[];
  totalBytes: number;
}

async function sha256Copy(src: string, dst: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  await pipeline(
    createReadStream(src),
    new Transform({
      transform(chunk: Buffer, _enc, cb) {
        hash.update(chunk);
        bytes += chunk.length;
        cb(null, chunk);
      },
    }),
    createWriteStream(dst, { flags: 'wx' }),
  );
  return { bytes, sha256: hash.digest('hex') };
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** Hard-links (or, across file systems, copies) every finished file of `src` into `dst`; returns their paths. */
async function linkTree(src: string, dst: string, skipDir: (rel: string) => boolean, rel = ''): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(path.join(src, rel), { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const e of entries) {
    if (isTempName(e.name)) continue;
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) {
      if (skipDir(r)) continue;
      out.push(...(await linkTree(src, dst, skipDir, r)));
    } else if (e.isFile()) {
      await mkdir(path.join(dst, rel), { recursive: true });
      try {
        await link(path.join(src, r), path.join(dst, r));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue; // removed meanwhile (not a committed file)
        await copyFile(path.join(src, r), path.join(dst, r));
      }
      out.push(r);
    }
  }
  return out;
}

async function assertEmptyOut(outDir: string): Promise<void> {
  if (existsSync(outDir) && (await readdir(outDir)).length > 0)
    throw new Error(`The backup folder ${outDir} is not empty; choose a new or empty folder`);
  await mkdir(outDir, { recursive: true });
}

/**
 * Writes a backup of the embedded installation to `outDir` (new or empty) from an open database handle (the
 * running server's, or one the CLI opened while no server runs).
 */
export async function backupEmbedded(opts: {
  dbh: DbHandle;
  dataDir: string;
  outDir: string;
  mode: 'live' | 'offline';
}): Promise<BackupManifest> {
  const { dbh, dataDir } = opts;
  const outDir = path.resolve(opts.outDir);
  if (!dbh.dumpDataDir) throw new Error('Backups from the CLI are for the embedded database; see docs/OPERATIONS.md');
  if (outDir === dataDir || outDir.startsWith(dataDir + path.sep))
    throw new Error('The backup folder must be outside the data directory');
  await assertEmptyOut(outDir);
  // Working files are kept only for runs that may still need them (not completed): asked before the pause, so a
  // run that completes meanwhile keeps its (unneeded) working files in the backup, never the other way round.
  const completed = new Set(
    (await dbh.db.select({ resultPath: jobRuns.resultPath }).from(jobRuns).where(eq(jobRuns.status, 'Completed'))).map(
      (r) => r.resultPath.split(path.sep).join('/'),
    ),
  );
  const skipDir = (rel: string) => rel.endsWith('/work') && completed.has(rel.slice(0, -'/work'.length));
  const staging = path.join(dataDir, `.backup-${process.pid}-${Date.now()}.tmp`);
  try {
    const pauseStarted = Date.now();
    const { tar, result: linked = [] } = await dbh.dumpDataDir(async () => {
      const all: string[] = [];
      for (const folder of DATA_FOLDERS) {
        const rels = await linkTree(path.join(dataDir, folder), path.join(staging, folder), (r) =>
          skipDir(`${folder}/${r}`),
        );
        all.push(...rels.map((r) => `${folder}/${r}`));
      }
      return all;
    });
    // upper bound of the time queries waited (checkpoint, dump and links)
    const pauseMs = Date.now() - pauseStarted;
    // copy the staged files with their checksums (the server answers requests meanwhile)
    const files: BackupFileEntry[] = [];
    const filesOut = path.join(outDir, FILES_DIR);
    for (const rel of linked.sort()) {
      const dst = path.join(filesOut, ...rel.split('/'));
      await mkdir(path.dirname(dst), { recursive: true });
      files.push({ path: rel, ...(await sha256Copy(path.join(staging, ...rel.split('/')), dst)) });
    }
    const dbBytes = await gzipAsync(Buffer.from(await tar.arrayBuffer()));
    await writeFile(path.join(outDir, DATABASE_FILE), dbBytes);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      app: 'sextant',
      createdAt: new Date().toISOString(),
      mode: opts.mode,
      database: {
        file: DATABASE_FILE,
        bytes: dbBytes.length,
        sha256: createHash('sha256').update(dbBytes).digest('hex'),
        engine: 'pglite',
        pauseMs,
      },
      files,
      totalBytes: dbBytes.length + files.reduce((s, f) => s + f.bytes, 0),
    };
    await fsyncTree(outDir);
    const tmp = tempPathFor(path.join(outDir, MANIFEST_FILE));
    await writeFile(tmp, JSON.stringify(manifest, null, 2));
    await fsyncPath(tmp);
    await rename(tmp, path.join(outDir, MANIFEST_FILE));
    await fsyncPath(outDir);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Backup while no server runs: the CLI takes the data-directory lock and opens the database itself. */
export async function backupOffline(dataDir: string, outDir: string): Promise<BackupManifest> {
  if (!existsSync(path.join(dataDir, 'pglite')))
    throw new Error(`${dataDir} has no embedded database (no pglite folder); is DATA_DIR right?`);
  const lock = await acquireDataDirLock(dataDir, { holder: 'cli backup' });
  try {
    const dbh = await openDb({ dataDir: path.join(dataDir, 'pglite'), migrate: false });
    try {
      return await backupEmbedded({ dbh, dataDir, outDir, mode: 'offline' });
    } finally {
      await dbh.close();
    }
  } finally {
    lock.release();
  }
}

export async function readManifest(fromDir: string): Promise<BackupManifest> {
  const file = path.join(fromDir, MANIFEST_FILE);
  if (!existsSync(file))
    throw new Error(`${fromDir} has no ${MANIFEST_FILE}: it is not a backup, or the backup did not finish`);
  const m = JSON.parse(await readFile(file, 'utf8')) as BackupManifest;
  if (m.app !== 'sextant' || m.format !== BACKUP_FORMAT)
    throw new Error(`${file} is not a Sextant backup of format ${BACKUP_FORMAT}`);
  return m;
}

/** Checks every file of a backup against its manifest (size and SHA-256). Returns the problems found. */
export async function verifyBackup(fromDir: string, m: BackupManifest): Promise<string[]> {
  const problems: string[] = [];
  const check = async (file: string, bytes: number, sha256: string, label: string) => {
    const size = await stat(file).then(
      (s) => s.size,
      () => -1,
    );
    if (size < 0) problems.push(`${label} is missing`);
    else if (size !== bytes) problems.push(`${label} has ${size} bytes instead of ${bytes}`);
    else if ((await sha256Of(file)) !== sha256) problems.push(`${label} does not match its checksum`);
  };
  await check(path.join(fromDir, m.database.file), m.database.bytes, m.database.sha256, m.database.file);
  for (const f of m.files) {
    if (f.path.split('/').some((p) => p === '..' || p === '') || path.isAbsolute(f.path))
      problems.push(`${f.path}: not a relative path`);
    else await check(path.join(fromDir, FILES_DIR, f.path), f.bytes, f.sha256, `${FILES_DIR}/${f.path}`);
  }
  return problems;
}

/**
 * Restores a backup into `dataDir` (no server may run on it). The target must hold no installation, unless
 * `force`: its current content is then moved aside to DATA_DIR/pre-restore-<time>/. The restored installation is
 * assembled in a staging folder and renamed into place; the next start applies newer migrations (upgrade) and runs
 * the start-up checks.
 */
export async function restoreEmbedded(opts: {
  fromDir: string;
  dataDir: string;
  force?: boolean;
}): Promise<{ manifest: BackupManifest; movedAside: string | null }> {
  const fromDir = path.resolve(opts.fromDir);
  const dataDir = path.resolve(opts.dataDir);
  const manifest = await readManifest(fromDir);
  const problems = await verifyBackup(fromDir, manifest);
  if (problems.length)
    throw new Error(`The backup in ${fromDir} is damaged; nothing was restored:\n  ${problems.join('\n  ')}`);
  await mkdir(dataDir, { recursive: true });
  const live = readLiveLock(dataDir);
  if (live) throw new Error(`A server (process ${live.pid}) runs on ${dataDir}; stop it before restoring`);
  const lock = await acquireDataDirLock(dataDir, { holder: 'cli restore' });
  try {
    const present = ['pglite', ...DATA_FOLDERS].filter((d) => existsSync(path.join(dataDir, d)));
    if (present.length && !opts.force)
      throw new Error(
        `${dataDir} already holds an installation (${present.join(', ')}); restore into a new DATA_DIR, or pass --force to move the current one aside`,
      );
    const staging = path.join(dataDir, `.restore-${process.pid}-${Date.now()}.tmp`);
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging, { recursive: true });
    try {
      const { PGlite } = await import('@electric-sql/pglite');
      const tar = new Blob([await readFile(path.join(fromDir, manifest.database.file))]);
      const pg = new PGlite(path.join(staging, 'pglite'), { loadDataDir: tar });
      await pg.waitReady;
      await pg.query('select 1');
      await pg.close();
      for (const f of manifest.files) {
        const dst = path.join(staging, ...f.path.split('/'));
        await mkdir(path.dirname(dst), { recursive: true });
        await copyFile(path.join(fromDir, FILES_DIR, ...f.path.split('/')), dst);
      }
      await fsyncTree(staging);
      let movedAside: string | null = null;
      if (present.length) {
        movedAside = path.join(dataDir, `pre-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
        await mkdir(movedAside);
        for (const d of [...present, 'cache']) {
          if (existsSync(path.join(dataDir, d))) await rename(path.join(dataDir, d), path.join(movedAside, d));
        }
      }
      for (const d of ['pglite', ...DATA_FOLDERS]) {
        if (existsSync(path.join(staging, d))) await rename(path.join(staging, d), path.join(dataDir, d));
      }
      await fsyncPath(dataDir);
      return { manifest, movedAside };
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  } finally {
    lock.release();
  }
}
