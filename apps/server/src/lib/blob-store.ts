/**
 * One interface for every stored file (uploads, resource files, run results and the pipeline's intermediate files),
 * addressed by keys relative to DATA_DIR (`jobs/<id>/uploads/<file>`, `jobs/<id>/runs/<n>/results/…`,
 * `resources/<id>/…`): the same strings the database stores as `storedPath`, `resultPath` and `filePath`.
 *
 * - `LocalBlobStore` (default): the key is the path under DATA_DIR; writes are atomic and flushed (durable-fs.ts)
 *   and the start-up checks (crash-recovery.ts) see the same files.
 * - `S3BlobStore` (`BLOB_URL=s3://…`, blob-store-s3.ts): objects in an S3-compatible store, so processes on several
 *   machines share uploads and results. Readers that need a local file (DuckDB, the file parsers, range requests)
 *   get one from a bounded local cache (DATA_DIR/cache/blobs, least recently used evicted).
 *
 * Two kinds of folders: results are written once (`publishDir`) and then only read (`localDir`, cached for good);
 * a run's working folder changes with each pipeline step, possibly on different machines: a step mirrors it from
 * the store first (`pullDir`) and sends back what it changed (`pushDir`).
 */
import { createReadStream } from 'node:fs';
import { access, constants, mkdir, readdir, rm, stat, copyFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { commitDir, commitFile, isTempName, writeFileAtomic, writeStreamAtomic } from './durable-fs.ts';

export interface BlobStat {
  size: number;
  modifiedAt: Date;
}

export interface BlobEntry {
  key: string;
  size: number;
}

/** A byte range, both ends included (as in HTTP). */
export interface BlobRange {
  start: number;
  end?: number;
}

export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`Stored file ${key} does not exist`);
    this.name = 'BlobNotFoundError';
  }
}

export interface BlobStore {
  readonly kind: 'local' | 's3';
  /** Where the files are, for logs and the start banner (never credentials). */
  readonly description: string;
  /** Stores a whole stream or buffer under `key` (atomically: readers see all of it or nothing); returns a local copy. */
  put(key: string, body: Readable | Uint8Array | string): Promise<string>;
  /** Stores a finished local file under `key`; the file is moved (it is gone from `file` afterwards). */
  putFile(key: string, file: string): Promise<void>;
  /** Replaces everything under `prefix` by the files of the finished local folder `dir` (moved, not copied). */
  publishDir(prefix: string, dir: string): Promise<void>;
  /** The content (or a range of it); BlobNotFoundError when missing. */
  get(key: string, range?: BlobRange): Promise<Readable>;
  read(key: string, range?: BlobRange): Promise<Buffer>;
  stat(key: string): Promise<BlobStat | null>;
  /** Every key under `prefix` (recursively), unfinished writes left out. */
  list(prefix: string): Promise<BlobEntry[]>;
  delete(key: string): Promise<void>;
  deletePrefix(prefix: string): Promise<void>;
  /** A local file with the content of `key` (the file itself, or a cached copy); BlobNotFoundError when missing. */
  localFile(key: string): Promise<string>;
  /** A local folder with every file under `prefix`, for prefixes written once (a run's results). */
  localDir(prefix: string): Promise<string>;
  /** The local working folder of a changing prefix (a run's intermediate files). */
  scratchDir(prefix: string): string;
  /** Makes scratchDir(prefix) equal to the store's content (no-op locally); returns the folder. */
  pullDir(prefix: string): Promise<string>;
  /** Sends what changed in scratchDir(prefix) to the store (no-op locally). */
  pushDir(prefix: string): Promise<void>;
  /** Forgets local copies under `prefix` (after its files were removed elsewhere). */
  forgetLocal(prefix: string): Promise<void>;
  /** Throws when the store cannot be used (readiness). */
  check(): Promise<void>;
  close(): void;
}

/** Checks a key (relative, `/`-separated, no `..`) and returns it normalised. */
export function blobKey(key: string): string {
  const k = key.replace(/\\/g, '/').replace(/^\.\//, '').replace(/\/+$/, '');
  if (!k || k.startsWith('/') || k.split('/').some((p) => p === '..' || p === '.' || p === ''))
    throw new Error(`Invalid stored file key "${key}"`);
  return k;
}

/** Files under a local folder as `/`-separated paths relative to it; temporary names and `skipDirs` left out. */
export async function walkFiles(dir: string, skipDirs: ReadonlySet<string> = new Set()): Promise<string[]> {
  const out: string[] = [];
  const visit = async (rel: string) => {
    let entries;
    try {
      entries = await readdir(path.join(dir, rel), { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const e of entries) {
      if (isTempName(e.name)) continue;
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (!skipDirs.has(r)) await visit(r);
      } else if (e.isFile()) out.push(r);
    }
  };
  await visit('');
  return out.sort();
}

export async function streamToBuffer(s: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Files under DATA_DIR: the default. */
export class LocalBlobStore implements BlobStore {
  readonly kind = 'local';
  readonly description: string;

  constructor(readonly root: string) {
    this.description = `files in ${root}`;
  }

  private abs(key: string): string {
    return path.join(this.root, blobKey(key));
  }

  async put(key: string, body: Readable | Uint8Array | string): Promise<string> {
    const file = this.abs(key);
    await mkdir(path.dirname(file), { recursive: true });
    if (body instanceof Readable) await writeStreamAtomic(body, file);
    else await writeFileAtomic(file, body);
    return file;
  }

  async putFile(key: string, file: string): Promise<void> {
    const final = this.abs(key);
    if (path.resolve(file) === final) return;
    await mkdir(path.dirname(final), { recursive: true });
    try {
      await commitFile(file, final);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      // another file system: copy under a temporary name next to the target, then commit that
      const tmp = `${final}.${process.pid}.copy.tmp`;
      await copyFile(file, tmp);
      await commitFile(tmp, final);
      await rm(file, { force: true });
    }
  }

  async publishDir(prefix: string, dir: string): Promise<void> {
    const final = this.abs(prefix);
    await mkdir(path.dirname(final), { recursive: true });
    await commitDir(dir, final);
  }

  async get(key: string, range?: BlobRange): Promise<Readable> {
    const file = this.abs(key);
    const s = await stat(file).catch((err: unknown) => {
      if (missing(err)) throw new BlobNotFoundError(key);
      throw err;
    });
    if (!s.isFile()) throw new BlobNotFoundError(key);
    return createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }

  async read(key: string, range?: BlobRange): Promise<Buffer> {
    return streamToBuffer(await this.get(key, range));
  }

  async stat(key: string): Promise<BlobStat | null> {
    try {
      const s = await stat(this.abs(key));
      return s.isFile() ? { size: s.size, modifiedAt: s.mtime } : null;
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async list(prefix: string): Promise<BlobEntry[]> {
    const dir = this.abs(prefix);
    const out: BlobEntry[] = [];
    for (const rel of await walkFiles(dir)) {
      const s = await stat(path.join(dir, rel)).catch(() => null);
      if (s) out.push({ key: `${blobKey(prefix)}/${rel}`, size: s.size });
    }
    return out;
  }

  async delete(key: string): Promise<void> {
    await rm(this.abs(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.abs(prefix), { recursive: true, force: true });
  }

  async localFile(key: string): Promise<string> {
    const file = this.abs(key);
    if (!(await this.stat(key))) throw new BlobNotFoundError(key);
    return file;
  }

  localDir(prefix: string): Promise<string> {
    return Promise.resolve(this.abs(prefix));
  }

  scratchDir(prefix: string): string {
    return this.abs(prefix);
  }

  async pullDir(prefix: string): Promise<string> {
    const dir = this.abs(prefix);
    await mkdir(dir, { recursive: true });
    return dir;
  }

  async pushDir(): Promise<void> {}

  async forgetLocal(): Promise<void> {}

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }

  close(): void {}
}

/** The store configured by BLOB_URL (object storage) or the local default under DATA_DIR. */
export async function openBlobStore(opts: { dataDir: string; url?: string; cacheBytes?: number }): Promise<BlobStore> {
  if (!opts.url) return new LocalBlobStore(opts.dataDir);
  const { S3BlobStore } = await import('./blob-store-s3.ts');
  return S3BlobStore.fromUrl(opts.url, {
    cacheDir: path.join(opts.dataDir, 'cache', 'blobs'),
    scratchRoot: path.join(opts.dataDir, 'work'),
    cacheBytes: opts.cacheBytes ?? 2048 * 1024 * 1024,
  });
}
