/**
 * Start-up checks after a stop of any kind (a crash, a kill, a power loss), before the server serves requests (it
 * listens meanwhile, and answers only the liveness probe: app.ts, startUp) or runs commands:
 * - unfinished writes (temporary names, see durable-fs.ts) are removed, and DATA_DIR/tmp is emptied;
 * - uploads and job folders no database row refers to (killed between the file and its row, or between a job's
 *   deletion and its files') are removed;
 * - stored uploads that are gone are marked invalid ("upload it again"), and completed runs whose result files are
 *   missing or unreadable are marked Failed with that message, so nothing half-written is ever used;
 * - commands the previous process was running are resumed (or failed after their last attempt), and runs whose
 *   pipeline failed or was canceled without the run being marked are marked Failed (Canceled) — a conditional
 *   update, done with PostgreSQL too.
 * The file sweeps and the status changes need the data directory to ourselves: they run only for the embedded
 * database, whose lock guarantees that. With PostgreSQL (several processes may share DATA_DIR) problems are logged.
 * Uploads and results are checked through the blob store (lib/blob-store.ts), so in object storage too; the sweep
 * of unrecorded files covers the local store only (object storage: see docs/OPERATIONS.md, "Scale-out").
 */
import { existsSync } from 'node:fs';
import { open, readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../context.ts';
import type { BlobStore } from './blob-store.ts';
import {
  addJobLog,
  allJobFilesForCheck,
  allStoredFilePaths,
  completedRunsWithResults,
  existingJobIds,
  failCompletedRun,
  markFileUnusable,
} from '../modules/jobs/jobs.repo.ts';
import { recordUnrecordedRunFailures } from '../modules/jobs/run-failure.ts';
import { isTempName } from './durable-fs.ts';

export interface RecoveryReport {
  tempFilesRemoved: number;
  orphansRemoved: number;
  filesMissing: number;
  runsFailed: number;
  commandsResumed: number;
  commandsFailed: number;
}

const PARQUET_MAGIC = Buffer.from('PAR1');

/** Why a result file cannot be used, or null when it looks whole (Parquet: its header and footer magic). */
export async function unreadableReason(file: string): Promise<string | null> {
  let fh;
  try {
    fh = await open(file, 'r');
  } catch {
    return `${path.basename(file)} is missing`;
  }
  try {
    const { size } = await fh.stat();
    if (file.endsWith('.parquet')) {
      if (size < 12) return `${path.basename(file)} is truncated`;
      const head = Buffer.alloc(4);
      const tail = Buffer.alloc(4);
      await fh.read(head, 0, 4, 0);
      await fh.read(tail, 0, 4, size - 4);
      if (!head.equals(PARQUET_MAGIC) || !tail.equals(PARQUET_MAGIC))
        return `${path.basename(file)} is not a complete Parquet file`;
    } else if (file.endsWith('.json')) {
      try {
        JSON.parse(await readFile(file, 'utf8'));
      } catch {
        return `${path.basename(file)} is not complete`;
      }
    }
    return null;
  } finally {
    await fh.close();
  }
}

/** unreadableReason for a file in the blob store (its size and, for Parquet, both magic numbers by range reads). */
export async function unreadableBlob(blobs: BlobStore, key: string): Promise<string | null> {
  const name = path.posix.basename(key);
  const s = await blobs.stat(key);
  if (!s) return `${name} is missing`;
  if (key.endsWith('.parquet')) {
    if (s.size < 12) return `${name} is truncated`;
    const head = await blobs.read(key, { start: 0, end: 3 });
    const tail = await blobs.read(key, { start: s.size - 4, end: s.size - 1 });
    if (!head.equals(PARQUET_MAGIC) || !tail.equals(PARQUET_MAGIC)) return `${name} is not a complete Parquet file`;
  } else if (key.endsWith('.json')) {
    try {
      JSON.parse((await blobs.read(key)).toString('utf8'));
    } catch {
      return `${name} is not complete`;
    }
  }
  return null;
}

async function removeTempFiles(ctx: AppContext, dir: string, skip: Set<string>): Promise<number> {
  let n = 0;
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (skip.has(p)) continue;
    if (isTempName(e.name)) {
      await rm(p, { recursive: true, force: true });
      ctx.log.info({ path: p }, 'Removed an unfinished write');
      n++;
    } else if (e.isDirectory()) n += await removeTempFiles(ctx, p, skip);
  }
  return n;
}

async function removeOrphans(ctx: AppContext): Promise<number> {
  const jobsDir = path.join(ctx.config.dataDir, 'jobs');
  if (!existsSync(jobsDir)) return 0;
  let n = 0;
  const dirs = (await readdir(jobsDir, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name);
  const known = new Set<string>();
  for (let i = 0; i < dirs.length; i += 500) {
    const ids = dirs.slice(i, i + 500).filter((d) => /^[0-9a-f-]{36}$/i.test(d));
    if (!ids.length) continue;
    for (const id of await existingJobIds(ctx.db, ids)) known.add(id);
  }
  const storedFiles = new Set((await allStoredFilePaths(ctx.db)).map((p) => path.resolve(ctx.config.dataDir, p)));
  for (const d of dirs) {
    const dir = path.join(jobsDir, d);
    if (!known.has(d)) {
      await rm(dir, { recursive: true, force: true });
      ctx.log.warn({ dir }, 'Removed the files of a deleted job');
      n++;
      continue;
    }
    const uploads = path.join(dir, 'uploads');
    for (const f of await readdir(uploads).catch(() => [] as string[])) {
      const p = path.join(uploads, f);
      if (storedFiles.has(p)) continue;
      await rm(p, { recursive: true, force: true });
      ctx.log.warn({ file: p }, 'Removed an upload that was never recorded (interrupted upload)');
      n++;
    }
  }
  return n;
}

async function checkUploads(ctx: AppContext, fix: boolean): Promise<number> {
  const files = await allJobFilesForCheck(ctx.db);
  let n = 0;
  for (const f of files) {
    const size = (await ctx.blobs.stat(f.storedPath))?.size ?? -1;
    if (size === f.sizeBytes) continue;
    n++;
    const problem =
      size < 0 ? 'its stored copy is missing' : `its stored copy has ${size} bytes instead of ${f.sizeBytes}`;
    ctx.log.error({ fileId: f.id, jobId: f.jobId, storedPath: f.storedPath }, `Upload ${f.name}: ${problem}`);
    if (!fix || f.status === 'invalid') continue;
    const fatal = `${problem} (found at start-up); remove it and upload it again`;
    await markFileUnusable(ctx.db, f.id, fatal);
    await addJobLog(ctx.db, { jobId: f.jobId, level: 'error', message: `${f.name}: ${fatal}` });
  }
  return n;
}

/** Result files a completed run needs: those its summary lists (else the tables every run writes). */
function resultFilesOf(summary: unknown): string[] {
  const files = (summary as { files?: Record<string, string> } | null)?.files;
  const names = files ? Object.values(files) : ['suppliers.parquet', 'views.parquet', 'use-cases.parquet'];
  return names.filter((n) => typeof n === 'string' && !n.includes('/') && !n.includes('\\'));
}

async function checkResults(ctx: AppContext, fix: boolean): Promise<number> {
  const runs = await completedRunsWithResults(ctx.db);
  let n = 0;
  for (const run of runs) {
    const problems: string[] = [];
    for (const name of resultFilesOf(run.summary)) {
      const why = await unreadableBlob(ctx.blobs, `${run.resultPath}/results/${name}`);
      if (why) problems.push(why);
    }
    if (!problems.length) continue;
    n++;
    const error = `The results of run ${run.runNumber} could not be read at start-up (${problems.join('; ')}); run the analysis again`;
    ctx.log.error({ runId: run.id, jobId: run.jobId }, error);
    if (!fix) continue;
    await failCompletedRun(ctx.db, run.id, run.jobId, error);
    await addJobLog(ctx.db, { jobId: run.jobId, runId: run.id, level: 'error', message: error });
  }
  return n;
}

/**
 * The start-up checks (see the top of this file). `exclusive`: this process alone uses DATA_DIR and the database
 * (the embedded default, under the data-directory lock) — only then are files removed and states changed.
 */
export async function recoverAfterStop(ctx: AppContext, opts: { exclusive: boolean }): Promise<RecoveryReport> {
  const report: RecoveryReport = {
    tempFilesRemoved: 0,
    orphansRemoved: 0,
    filesMissing: 0,
    runsFailed: 0,
    commandsResumed: 0,
    commandsFailed: 0,
  };
  const dataDir = ctx.config.dataDir;
  if (opts.exclusive) {
    report.tempFilesRemoved = await removeTempFiles(ctx, dataDir, new Set([path.join(dataDir, 'pglite')]));
    const tmp = path.join(dataDir, 'tmp');
    for (const e of await readdir(tmp).catch(() => [] as string[])) {
      await rm(path.join(tmp, e), { recursive: true, force: true });
      report.tempFilesRemoved++;
    }
    if (ctx.blobs.kind === 'local') report.orphansRemoved = await removeOrphans(ctx);
  }
  report.filesMissing = await checkUploads(ctx, opts.exclusive);
  report.runsFailed = await checkResults(ctx, opts.exclusive);
  if (opts.exclusive) {
    const r = await ctx.proq.recoverInterrupted();
    report.commandsResumed = r.resumed;
    report.commandsFailed = r.failed;
  }
  // Pipeline failures the last process did not record (a canceled step, a stop between a step's failure and its
  // record): their runs and jobs become Failed (Canceled) now, not when someone next reads the job.
  report.runsFailed += await recordUnrecordedRunFailures(ctx.db);
  const changed = Object.values(report).some((v) => v > 0);
  if (changed) ctx.log.warn({ recovery: report }, 'Start-up checks after the last stop');
  return report;
}
