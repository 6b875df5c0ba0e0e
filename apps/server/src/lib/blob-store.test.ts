/**
 * The blob-store contract, run against the local store and against the S3 store on an S3-compatible server on
 * loopback (s3rver): put/get/range/stat/list/delete, result folders published and read through the local cache,
 * working folders mirrored between two "machines" (two stores with their own DATA_DIR on one bucket).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError, LocalBlobStore, blobKey, streamToBuffer, type BlobStore } from './blob-store.ts';
import { S3BlobStore, parseBlobUrl } from './blob-store-s3.ts';
import { startTestS3, type TestS3 } from '../../test/s3-server.ts';

let s3: TestS3;
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'sextant-blob-'));
  dirs.push(d);
  return d;
};

beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const s3Store = (prefix: string, cacheBytes = 64 * 1024 * 1024) => {
  const dataDir = tempDir();
  return S3BlobStore.fromUrl(s3.url(prefix), {
    cacheDir: path.join(dataDir, 'cache', 'blobs'),
    scratchRoot: path.join(dataDir, 'work'),
    cacheBytes,
  });
};

const kinds: [string, (prefix: string) => BlobStore][] = [
  ['local', () => new LocalBlobStore(tempDir())],
  ['s3', (prefix) => s3Store(prefix)],
];

describe.each(kinds)('%s blob store', (kind, make) => {
  it('stores, reads whole and by range, lists and deletes', async () => {
    const store = make(`contract-${Date.now()}`);
    await store.check();
    const local = await store.put('jobs/a/uploads/f1', Readable.from([Buffer.from('hello '), Buffer.from('world')]));
    expect(readFileSync(local, 'utf8')).toBe('hello world');
    await store.put('jobs/a/uploads/f2', 'second');
    await store.put('jobs/b/uploads/f3', new Uint8Array([1, 2, 3]));
    expect((await store.read('jobs/a/uploads/f1')).toString()).toBe('hello world');
    expect((await store.read('jobs/a/uploads/f1', { start: 6, end: 10 })).toString()).toBe('world');
    expect((await store.read('jobs/a/uploads/f1', { start: 6 })).toString()).toBe('world');
    expect(await store.stat('jobs/a/uploads/f1')).toMatchObject({ size: 11 });
    expect(await store.stat('jobs/a/uploads/nope')).toBeNull();
    expect((await store.list('jobs/a')).map((e) => [e.key, e.size])).toEqual([
      ['jobs/a/uploads/f1', 11],
      ['jobs/a/uploads/f2', 6],
    ]);
    await expect(store.get('jobs/a/uploads/nope')).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.localFile('jobs/a/uploads/nope')).rejects.toBeInstanceOf(BlobNotFoundError);
    await store.delete('jobs/a/uploads/f2');
    expect(await store.stat('jobs/a/uploads/f2')).toBeNull();
    await store.put('jobs/a/runs/1/work/x.parquet', 'x'); // a prefix of several keys (a multi-object delete on S3)
    await store.deletePrefix('jobs/a');
    expect(await store.list('jobs/a')).toEqual([]);
    expect((await store.list('jobs/b')).map((e) => e.key)).toEqual(['jobs/b/uploads/f3']);
    store.close();
  });

  it('moves finished files and folders in, and serves result folders as local folders', async () => {
    const store = make(`publish-${Date.now()}`);
    const work = tempDir();
    const file = path.join(work, 'upload.tmp');
    writeFileSync(file, 'content');
    await store.putFile('resources/r1/content-x.pdf', file);
    expect(existsSync(file)).toBe(false);
    expect(readFileSync(await store.localFile('resources/r1/content-x.pdf'), 'utf8')).toBe('content');

    const out = path.join(work, 'results.tmp');
    mkdirSync(path.join(out, 'sub'), { recursive: true });
    writeFileSync(path.join(out, 'suppliers.parquet'), 'one');
    writeFileSync(path.join(out, 'sub', 'views.parquet'), 'two');
    await store.publishDir('jobs/j/runs/1/results', out);
    expect(existsSync(out)).toBe(false);
    const dir = await store.localDir('jobs/j/runs/1/results');
    expect(readFileSync(path.join(dir, 'suppliers.parquet'), 'utf8')).toBe('one');
    expect(readFileSync(path.join(dir, 'sub', 'views.parquet'), 'utf8')).toBe('two');
    // a second publish replaces the folder: files it does not have are gone
    const again = path.join(work, 'again.tmp');
    mkdirSync(again);
    writeFileSync(path.join(again, 'suppliers.parquet'), 'three');
    await store.publishDir('jobs/j/runs/1/results', again);
    expect((await store.list('jobs/j/runs/1/results')).map((e) => e.key)).toEqual([
      'jobs/j/runs/1/results/suppliers.parquet',
    ]);
    store.close();
  });

  it(`refuses keys that leave the store (${kind})`, () => {
    expect(() => blobKey('../etc/passwd')).toThrow(/Invalid/);
    expect(() => blobKey('/abs')).toThrow(/Invalid/);
    expect(() => blobKey('a//b')).toThrow(/Invalid/);
    expect(blobKey('a/b/')).toBe('a/b');
  });
});

describe('S3 blob store across machines', () => {
  it('a result folder published on one machine is read on another through its cache', async () => {
    const prefix = `machines-${Date.now()}`;
    const a = s3Store(prefix);
    const b = s3Store(prefix);
    const out = path.join(tempDir(), 'out.tmp');
    mkdirSync(out);
    writeFileSync(path.join(out, 'suppliers.parquet'), 'PAR1 rows PAR1');
    await a.publishDir('jobs/x/runs/1/results', out);
    const dir = await b.localDir('jobs/x/runs/1/results');
    expect(readFileSync(path.join(dir, 'suppliers.parquet'), 'utf8')).toBe('PAR1 rows PAR1');
    // concurrent readers share one download
    const [d1, d2] = await Promise.all([b.localDir('jobs/x/runs/1/results'), b.localDir('jobs/x/runs/1/results')]);
    expect(d1).toBe(dir);
    expect(d2).toBe(dir);
    a.close();
    b.close();
  });

  it('a working folder follows a pipeline from machine to machine (pull, change, push)', async () => {
    const prefix = `work-${Date.now()}`;
    const a = s3Store(prefix);
    const b = s3Store(prefix);
    const key = 'jobs/x/runs/2/work';
    const wa = await a.pullDir(key);
    writeFileSync(path.join(wa, 'suppliers.parquet'), 'v1');
    writeFileSync(path.join(wa, 'payments.parquet'), 'p');
    mkdirSync(path.join(wa, 'tmp'));
    writeFileSync(path.join(wa, 'tmp', 'spill.bin'), 'local only');
    writeFileSync(path.join(wa, '.half.123.tmp'), 'unfinished');
    await a.pushDir(key);
    expect((await a.list(key)).map((e) => e.key).sort()).toEqual([
      `${key}/payments.parquet`,
      `${key}/suppliers.parquet`,
    ]);
    // machine B continues: it sees A's files, rewrites one with the same size and removes another
    const wb = await b.pullDir(key);
    expect(readFileSync(path.join(wb, 'suppliers.parquet'), 'utf8')).toBe('v1');
    writeFileSync(path.join(wb, 'suppliers.parquet'), 'v2');
    const later = new Date(Date.now() + 5_000);
    utimesSync(path.join(wb, 'suppliers.parquet'), later, later);
    rmSync(path.join(wb, 'payments.parquet'));
    await b.pushDir(key);
    // back on A (which still has its old copies): the pull brings B's state, same-size rewrite included
    const wa2 = await a.pullDir(key);
    expect(readFileSync(path.join(wa2, 'suppliers.parquet'), 'utf8')).toBe('v2');
    expect(existsSync(path.join(wa2, 'payments.parquet'))).toBe(false);
    expect(readFileSync(path.join(wa2, 'tmp', 'spill.bin'), 'utf8')).toBe('local only');
    a.close();
    b.close();
  });

  it('keeps the local cache within its byte bound, least recently used first', async () => {
    const prefix = `lru-${Date.now()}`;
    const writer = s3Store(prefix);
    const big = Buffer.alloc(40 * 1024, 7);
    for (const n of [1, 2, 3]) await writer.put(`jobs/c/uploads/f${n}`, big);
    const dataDir = tempDir();
    const reader = (graceMs: number) =>
      S3BlobStore.fromUrl(s3.url(prefix), {
        cacheDir: path.join(dataDir, `cache-${graceMs}`),
        scratchRoot: path.join(dataDir, `work-${graceMs}`),
        cacheBytes: 100 * 1024,
        evictGraceMs: graceMs,
      });
    // room for two files: the third evicts the least recently used (f2, since f1 was read again)
    const r = reader(0);
    const f1 = await r.localFile('jobs/c/uploads/f1');
    const f2 = await r.localFile('jobs/c/uploads/f2');
    await r.localFile('jobs/c/uploads/f1');
    const f3 = await r.localFile('jobs/c/uploads/f3');
    expect([existsSync(f1), existsSync(f2), existsSync(f3)]).toEqual([true, false, true]);
    expect(readFileSync(await r.localFile('jobs/c/uploads/f2'))).toEqual(big); // downloaded again
    // entries used within the grace period stay, even above the bound (a query may be about to open them)
    const g = reader(60_000);
    const kept = await Promise.all([1, 2, 3].map((n) => g.localFile(`jobs/c/uploads/f${n}`)));
    expect(kept.map((f) => existsSync(f))).toEqual([true, true, true]);
    expect(await streamToBuffer(await g.get('jobs/c/uploads/f3', { start: 0, end: 3 }))).toEqual(big.subarray(0, 4));
    writer.close();
    r.close();
    g.close();
  });

  it('reads BLOB_URL', () => {
    expect(parseBlobUrl('s3://bucket/some/prefix/?endpoint=http%3A%2F%2F127.0.0.1%3A9000&region=eu-west-1')).toEqual({
      bucket: 'bucket',
      prefix: 'some/prefix',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      forcePathStyle: true,
    });
    expect(parseBlobUrl('s3://bucket', { AWS_REGION: 'us-west-2' })).toEqual({
      bucket: 'bucket',
      prefix: '',
      endpoint: undefined,
      region: 'us-west-2',
      forcePathStyle: false,
    });
  });
});
