/**
 * The blob store on S3-compatible object storage (`BLOB_URL=s3://bucket/prefix?endpoint=…&region=…`), see
 * blob-store.ts. Credentials come from the standard AWS chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY,
 * AWS_PROFILE and ~/.aws, instance roles). An object is only ever visible whole (S3 PUT semantics), so a process
 * killed mid-upload leaves nothing behind under the key.
 *
 * Local copies: files and result folders read by DuckDB or the parsers are downloaded on first use into
 * DATA_DIR/cache/blobs and kept while they fit in BLOB_CACHE_MB (least recently used evicted; entries used in the
 * last EVICT_GRACE_MS are kept even above the bound, since a query may be about to open them). The cache is
 * emptied at start: one DATA_DIR per process.
 */
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import {
  BlobNotFoundError,
  blobKey,
  streamToBuffer,
  walkFiles,
  type BlobEntry,
  type BlobRange,
  type BlobStat,
  type BlobStore,
} from './blob-store.ts';
import {
  commitDir,
  commitFile,
  createFileStream,
  fsyncTree,
  tempPathFor,
  writeFileAtomic,
  writeStreamAtomic,
} from './durable-fs.ts';

/** Entries used this recently are not evicted (a query may be about to open them). */
export const EVICT_GRACE_MS = 30_000;
/** Uploads and downloads at once per folder. */
const PARALLEL = 4;
/** Record of what a scratch folder holds, as last pulled from or pushed to the store. */
const SYNC_FILE = '.blob-sync.json';
/** Sub-folders of a scratch folder that stay local (DuckDB spill files). */
const LOCAL_ONLY = new Set(['tmp']);

interface SyncRecord {
  [rel: string]: { etag: string; size: number; mtimeMs: number };
}

const isNotFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

async function inParallel<T>(items: T[], fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
}

/** A least-recently-used account of local copies by bytes. */
class ByteLru {
  private entries = new Map<string, { file: string; bytes: number; usedAt: number }>();
  total = 0;

  constructor(
    private readonly bound: number,
    private readonly graceMs: number,
  ) {}

  touch(id: string): boolean {
    const e = this.entries.get(id);
    if (!e) return false;
    this.entries.delete(id);
    e.usedAt = Date.now();
    this.entries.set(id, e);
    return true;
  }

  async add(id: string, file: string, bytes: number): Promise<void> {
    const old = this.entries.get(id);
    if (old) this.total -= old.bytes;
    this.entries.delete(id);
    this.entries.set(id, { file, bytes, usedAt: Date.now() });
    this.total += bytes;
    const now = Date.now();
    for (const [k, e] of this.entries) {
      if (this.total <= this.bound) break;
      if (k === id || now - e.usedAt < this.graceMs) continue;
      this.entries.delete(k);
      this.total -= e.bytes;
      await rm(e.file, { recursive: true, force: true });
    }
  }

  async drop(prefix: string): Promise<void> {
    for (const [k, e] of [...this.entries]) {
      if (k === prefix || k.startsWith(`${prefix}/`)) {
        this.entries.delete(k);
        this.total -= e.bytes;
        await rm(e.file, { recursive: true, force: true });
      }
    }
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }
}

/** Where local copies go: the cache of read files and result folders (bounded) and the working folders. */
export interface LocalCopies {
  cacheDir: string;
  scratchRoot: string;
  cacheBytes: number;
  /** Entries used this recently are kept even above the bound (default EVICT_GRACE_MS). */
  evictGraceMs?: number;
}

export interface S3Options {
  bucket: string;
  prefix: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
}

/** Reads `s3://bucket/prefix?endpoint=…&region=…&forcePathStyle=…`. */
export function parseBlobUrl(url: string, env: Record<string, string | undefined> = process.env): S3Options {
  const u = new URL(url);
  if (u.protocol !== 's3:' || !u.hostname) throw new Error(`BLOB_URL ${url} is not s3://bucket/prefix`);
  const endpoint = u.searchParams.get('endpoint') ?? undefined;
  const style = u.searchParams.get('forcePathStyle');
  return {
    bucket: u.hostname,
    prefix: u.pathname.replace(/^\/+|\/+$/g, ''),
    endpoint,
    region: u.searchParams.get('region') ?? env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1',
    // S3-compatible servers mostly want path-style URLs; AWS itself takes either
    forcePathStyle: style === null ? endpoint !== undefined : style === 'true',
  };
}

export class S3BlobStore implements BlobStore {
  readonly kind = 's3';
  readonly description: string;
  private readonly client: S3Client;
  private readonly lru: ByteLru;
  private readonly loading = new Map<string, Promise<string>>();
  private cacheCleared: Promise<void> | null = null;

  constructor(
    private readonly opts: S3Options,
    private readonly local: LocalCopies,
  ) {
    this.description = `s3://${opts.bucket}/${opts.prefix}${opts.endpoint ? ` at ${opts.endpoint}` : ''}`;
    this.client = new S3Client({
      region: opts.region,
      endpoint: opts.endpoint,
      forcePathStyle: opts.forcePathStyle,
      // plain PUTs with a length (no aws-chunked trailers): what every S3-compatible server understands
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.lru = new ByteLru(local.cacheBytes, local.evictGraceMs ?? EVICT_GRACE_MS);
  }

  static fromUrl(url: string, local: LocalCopies): S3BlobStore {
    return new S3BlobStore(parseBlobUrl(url), local);
  }

  private objectKey(key: string): string {
    const k = blobKey(key);
    return this.opts.prefix ? `${this.opts.prefix}/${k}` : k;
  }

  private keyOf(objectKey: string): string {
    return this.opts.prefix ? objectKey.slice(this.opts.prefix.length + 1) : objectKey;
  }

  private cachePath(key: string): string {
    return path.join(this.local.cacheDir, blobKey(key));
  }

  /** The cache starts empty in each process (what it held may be older than the store). */
  private ready(): Promise<void> {
    this.cacheCleared ??= Promise.all([
      rm(this.local.cacheDir, { recursive: true, force: true }),
      rm(this.local.scratchRoot, { recursive: true, force: true }),
    ]).then(() => undefined);
    return this.cacheCleared;
  }

  private async upload(key: string, file: string): Promise<string> {
    const { size } = await stat(file);
    const out = await this.client.send(
      new PutObjectCommand({
        Bucket: this.opts.bucket,
        Key: this.objectKey(key),
        Body: createReadStream(file),
        ContentLength: size,
      }),
    );
    return out.ETag ?? '';
  }

  /** Downloads `key` to `file` (through a temporary name); returns its ETag. */
  private async download(key: string, file: string): Promise<string> {
    const out = await this.client
      .send(new GetObjectCommand({ Bucket: this.opts.bucket, Key: this.objectKey(key) }))
      .catch((err: unknown) => {
        if (isNotFound(err)) throw new BlobNotFoundError(key);
        throw err;
      });
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = tempPathFor(file);
    try {
      await pipeline(out.Body as Readable, await createFileStream(tmp));
      await commitFile(tmp, file);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    return out.ETag ?? '';
  }

  async put(key: string, body: Readable | Uint8Array | string): Promise<string> {
    await this.ready();
    const file = this.cachePath(key);
    await mkdir(path.dirname(file), { recursive: true });
    if (body instanceof Readable) await writeStreamAtomic(body, file);
    else await writeFileAtomic(file, body);
    try {
      await this.upload(key, file);
    } catch (err) {
      await rm(file, { force: true });
      throw err;
    }
    await this.lru.add(blobKey(key), file, (await stat(file)).size);
    return file;
  }

  async putFile(key: string, file: string): Promise<void> {
    await this.ready();
    await this.upload(key, file);
    const cached = this.cachePath(key);
    await mkdir(path.dirname(cached), { recursive: true });
    const { size } = await stat(file);
    await commitFile(file, cached).catch(() => rm(file, { force: true }));
    await this.lru.add(blobKey(key), cached, size);
  }

  async publishDir(prefix: string, dir: string): Promise<void> {
    await this.ready();
    const p = blobKey(prefix);
    const files = await walkFiles(dir);
    await inParallel(files, async (rel) => {
      await this.upload(`${p}/${rel}`, path.join(dir, rel));
    });
    const keep = new Set(files.map((rel) => `${p}/${rel}`));
    await this.deleteKeys((await this.list(p)).map((e) => e.key).filter((k) => !keep.has(k)));
    // the finished folder becomes this process's cached copy
    await this.lru.drop(p);
    await mkdir(path.dirname(this.cachePath(p)), { recursive: true });
    await commitDir(dir, this.cachePath(p));
    await this.lru.add(p, this.cachePath(p), await this.bytesOf(this.cachePath(p), files));
  }

  private async bytesOf(dir: string, files: string[]): Promise<number> {
    let n = 0;
    for (const rel of files) n += (await stat(path.join(dir, rel)).catch(() => ({ size: 0 }))).size;
    return n;
  }

  async get(key: string, range?: BlobRange): Promise<Readable> {
    const out = await this.client
      .send(
        new GetObjectCommand({
          Bucket: this.opts.bucket,
          Key: this.objectKey(key),
          Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
        }),
      )
      .catch((err: unknown) => {
        if (isNotFound(err)) throw new BlobNotFoundError(key);
        throw err;
      });
    return out.Body as Readable;
  }

  async read(key: string, range?: BlobRange): Promise<Buffer> {
    return streamToBuffer(await this.get(key, range));
  }

  async stat(key: string): Promise<BlobStat | null> {
    try {
      const h = await this.client.send(new HeadObjectCommand({ Bucket: this.opts.bucket, Key: this.objectKey(key) }));
      return { size: h.ContentLength ?? 0, modifiedAt: h.LastModified ?? new Date(0) };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  private async listObjects(prefix: string): Promise<{ key: string; size: number; etag: string }[]> {
    const out: { key: string; size: number; etag: string }[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.opts.bucket,
          Prefix: `${this.objectKey(prefix)}/`,
          ContinuationToken: token,
        }),
      );
      for (const o of page.Contents ?? [])
        if (o.Key) out.push({ key: this.keyOf(o.Key), size: o.Size ?? 0, etag: o.ETag ?? '' });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out;
  }

  async list(prefix: string): Promise<BlobEntry[]> {
    return (await this.listObjects(prefix)).map(({ key, size }) => ({ key, size }));
  }

  private async deleteKeys(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      const chunk = keys.slice(i, i + 1000);
      if (chunk.length === 1) {
        await this.client.send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: this.objectKey(chunk[0]!) }));
        continue;
      }
      const out = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.opts.bucket,
          Delete: { Objects: chunk.map((k) => ({ Key: this.objectKey(k) })), Quiet: true },
        }),
      );
      if (out.Errors?.length)
        throw new Error(`Could not delete ${out.Errors.length} stored files (${out.Errors[0]!.Message ?? ''})`);
    }
  }

  async delete(key: string): Promise<void> {
    await this.deleteKeys([blobKey(key)]);
    await this.lru.drop(blobKey(key));
    await rm(this.cachePath(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await this.deleteKeys((await this.list(prefix)).map((e) => e.key));
    await this.forgetLocal(prefix);
  }

  async forgetLocal(prefix: string): Promise<void> {
    const p = blobKey(prefix);
    await this.lru.drop(p);
    await rm(this.cachePath(p), { recursive: true, force: true });
    await rm(this.scratchDir(p), { recursive: true, force: true });
  }

  /** One download at a time per key or prefix; concurrent callers share it. */
  private once(id: string, load: () => Promise<string>): Promise<string> {
    let p = this.loading.get(id);
    if (!p) {
      p = load().finally(() => this.loading.delete(id));
      this.loading.set(id, p);
    }
    return p;
  }

  async localFile(key: string): Promise<string> {
    await this.ready();
    const k = blobKey(key);
    const file = this.cachePath(k);
    if (this.lru.touch(k)) return file;
    return this.once(k, async () => {
      await this.download(k, file);
      await this.lru.add(k, file, (await stat(file)).size);
      return file;
    });
  }

  async localDir(prefix: string): Promise<string> {
    await this.ready();
    const p = blobKey(prefix);
    const dir = this.cachePath(p);
    if (this.lru.touch(p)) return dir;
    return this.once(p, async () => {
      const objects = await this.listObjects(p);
      if (!objects.length) return dir; // nothing stored: the caller finds its files missing
      const tmp = tempPathFor(dir);
      await mkdir(tmp, { recursive: true });
      try {
        await inParallel(objects, async (o) => {
          await this.download(o.key, path.join(tmp, o.key.slice(p.length + 1)));
        });
        await fsyncTree(tmp);
        await mkdir(path.dirname(dir), { recursive: true });
        await commitDir(tmp, dir);
      } catch (err) {
        await rm(tmp, { recursive: true, force: true });
        throw err;
      }
      await this.lru.add(
        p,
        dir,
        objects.reduce((n, o) => n + o.size, 0),
      );
      return dir;
    });
  }

  scratchDir(prefix: string): string {
    return path.join(this.local.scratchRoot, blobKey(prefix));
  }

  private async readSync(dir: string): Promise<SyncRecord> {
    try {
      return JSON.parse(await readFile(path.join(dir, SYNC_FILE), 'utf8')) as SyncRecord;
    } catch {
      return {};
    }
  }

  async pullDir(prefix: string): Promise<string> {
    await this.ready();
    const p = blobKey(prefix);
    const dir = this.scratchDir(p);
    await mkdir(dir, { recursive: true });
    const record = await this.readSync(dir);
    const remote = await this.listObjects(p);
    const next: SyncRecord = {};
    const wanted = new Set<string>();
    await inParallel(remote, async (o) => {
      const rel = o.key.slice(p.length + 1);
      wanted.add(rel);
      const file = path.join(dir, rel);
      const had = record[rel];
      const s = await stat(file).catch(() => null);
      if (had && s && had.etag === o.etag && s.size === had.size && s.mtimeMs === had.mtimeMs) {
        next[rel] = had;
        return;
      }
      const etag = await this.download(o.key, file);
      const after = await stat(file);
      next[rel] = { etag: etag || o.etag, size: after.size, mtimeMs: after.mtimeMs };
    });
    // what the store no longer has (an earlier attempt's leftovers on this machine) goes
    for (const rel of await walkFiles(dir, LOCAL_ONLY))
      if (rel !== SYNC_FILE && !wanted.has(rel)) await rm(path.join(dir, rel), { force: true });
    await writeFileAtomic(path.join(dir, SYNC_FILE), JSON.stringify(next));
    return dir;
  }

  async pushDir(prefix: string): Promise<void> {
    await this.ready();
    const p = blobKey(prefix);
    const dir = this.scratchDir(p);
    const record = await this.readSync(dir);
    const files = (await walkFiles(dir, LOCAL_ONLY)).filter((rel) => rel !== SYNC_FILE);
    const next: SyncRecord = {};
    await inParallel(files, async (rel) => {
      const file = path.join(dir, rel);
      const s = await stat(file);
      const had = record[rel];
      if (had && had.size === s.size && had.mtimeMs === s.mtimeMs) {
        next[rel] = had;
        return;
      }
      const etag = await this.upload(`${p}/${rel}`, file);
      // the recorded time is the file's own, so an unchanged file is recognised at the next pull or push
      await utimes(file, s.atime, s.mtime);
      next[rel] = { etag, size: s.size, mtimeMs: s.mtimeMs };
    });
    const keep = new Set(files.map((rel) => `${p}/${rel}`));
    await this.deleteKeys((await this.list(p)).map((e) => e.key).filter((k) => !keep.has(k)));
    await writeFileAtomic(path.join(dir, SYNC_FILE), JSON.stringify(next));
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.opts.bucket }));
  }

  close(): void {
    this.client.destroy();
  }
}
