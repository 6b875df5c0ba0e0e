/**
 * Crash-safe file writes under DATA_DIR: a file is written under a temporary name in its final folder, flushed to
 * disk (fsync), renamed into place and the folder flushed, so a reader (or the next start after a crash) sees the
 * whole file or none of it. Temporary names are recognisable (`isTempName`) so the start-up check removes what a
 * killed process left behind.
 */
import { randomBytes } from 'node:crypto';
import type { WriteStream } from 'node:fs';
import { open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** `.<name>.<pid>.<random>.tmp` in the same folder as `final` (same file system, so the rename is atomic). */
export function tempPathFor(final: string): string {
  return path.join(
    path.dirname(final),
    `.${path.basename(final)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  );
}

/**
 * Names that only ever belong to unfinished writes: ours (`*.tmp`, files and folders), DuckDB's write-ahead log
 * of a temporary database file (`*.tmp.wal`) and the reference network's `*.tmp.parquet`.
 */
export function isTempName(name: string): boolean {
  return /\.tmp($|\.)/.test(name);
}

/** Flushes a file's data (or a folder's entries) to the disk. Folders cannot be fsynced on some systems: ignored. */
export async function fsyncPath(p: string): Promise<void> {
  let fh;
  try {
    fh = await open(p, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EISDIR') return;
    throw err;
  }
  try {
    await fh.sync();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EINVAL' && code !== 'EISDIR' && code !== 'EPERM') throw err;
  } finally {
    await fh.close();
  }
}

/** fsync of every file under `dir` (recursively), then of the folders themselves. */
export async function fsyncTree(dir: string): Promise<void> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) await fsyncTree(p);
    else if (e.isFile()) await fsyncPath(p);
  }
  await fsyncPath(dir);
}

/** Flushes `tmp`, renames it to `final` and flushes the folder. */
export async function commitFile(tmp: string, final: string): Promise<void> {
  await fsyncPath(tmp);
  await rename(tmp, final);
  await fsyncPath(path.dirname(final));
}

/**
 * A write stream on a new file (`wx`) that exists when the promise resolves. `fs.createWriteStream(file)` opens the
 * file later, in the background: when the stream fails before that open finishes, a cleanup `rm(file)` runs first
 * and the open then creates the file, left behind. Opening first removes that race.
 */
export async function createFileStream(file: string): Promise<WriteStream> {
  const fh = await open(file, 'wx');
  return fh.createWriteStream();
}

/** Writes a stream to `final` atomically; nothing is left at either name when it fails. */
export async function writeStreamAtomic(source: Readable, final: string): Promise<void> {
  const tmp = tempPathFor(final);
  try {
    await pipeline(source, await createFileStream(tmp));
    await commitFile(tmp, final);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

/** Writes `data` to `final` atomically. */
export async function writeFileAtomic(final: string, data: string | Uint8Array): Promise<void> {
  const tmp = tempPathFor(final);
  const fh = await open(tmp, 'wx');
  try {
    await fh.writeFile(data);
    await fh.sync();
  } catch (err) {
    await fh.close();
    await rm(tmp, { force: true });
    throw err;
  }
  await fh.close();
  await rename(tmp, final);
  await fsyncPath(path.dirname(final));
}

/**
 * Replaces the folder `final` by the finished folder `tmpDir` (same parent): its files are flushed first, then the
 * old folder (if any) is removed and the new one renamed into place.
 */
export async function commitDir(tmpDir: string, final: string): Promise<void> {
  await fsyncTree(tmpDir);
  const exists = await stat(final).then(
    () => true,
    () => false,
  );
  if (exists) {
    // rename over a non-empty folder is refused: move the old one aside first (a temp name, removed after)
    const old = tempPathFor(final);
    await rename(final, old);
    await rename(tmpDir, final);
    await rm(old, { recursive: true, force: true });
  } else {
    await rename(tmpDir, final);
  }
  await fsyncPath(path.dirname(final));
}
