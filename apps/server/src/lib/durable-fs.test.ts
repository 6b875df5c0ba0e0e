import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readFile, rm } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import {
  commitDir,
  createFileStream,
  isTempName,
  tempPathFor,
  writeFileAtomic,
  writeStreamAtomic,
} from './durable-fs.ts';

describe('crash-safe writes', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sextant-durable-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names temporary files so the start-up check recognises them, and nothing else', () => {
    expect(isTempName(path.basename(tempPathFor(path.join(dir, 'f3b1c2d4-1111-2222-3333-444455556666'))))).toBe(true);
    for (const n of [
      'x.parquet.123.tmp.parquet',
      'cache.duckdb.1.2.tmp',
      'cache.duckdb.1.2.tmp.wal',
      '.tmp',
      'n.parquet.9.tmp.import-report.json',
    ])
      expect(isTempName(n), n).toBe(true);
    for (const n of [
      'suppliers.parquet',
      'summary.json',
      'f3b1c2d4-1111-2222-3333-444455556666',
      'a.tmpl',
      'temp',
      'x.tmpfile',
    ])
      expect(isTempName(n), n).toBe(false);
  });

  it('writes a stream whole or not at all', async () => {
    const final = path.join(dir, 'upload');
    await writeStreamAtomic(Readable.from([Buffer.from('a;b\n'), Buffer.from('1;2\n')]), final);
    expect(readFileSync(final, 'utf8')).toBe('a;b\n1;2\n');
    // a stream that breaks half-way leaves neither the final name nor a temporary file
    const broken = new Readable({
      read() {
        this.push('partial');
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(writeStreamAtomic(broken, path.join(dir, 'broken'))).rejects.toThrow('connection reset');
    expect(readdirSync(dir).sort()).toEqual(['upload']);
  });

  it('opens a stream’s file before the stream starts, so a failed write’s cleanup finds it', async () => {
    // fs.createWriteStream opens its file in the background. An upload refused by a checking transform (the resource
    // hub's content sniffing) failed before that open had run, its cleanup removed nothing, and the open then made a
    // file nobody removed: seen on a loaded CI machine, reproduced here by keeping libuv's file threads busy.
    const sub = path.join(dir, 'busy');
    mkdirSync(sub);
    const first = await createFileStream(path.join(sub, 'first'));
    expect(existsSync(path.join(sub, 'first'))).toBe(true); // there before a byte is written
    first.end();
    await finished(first);
    rmSync(path.join(sub, 'first'));
    const big = path.join(dir, 'big.bin');
    writeFileSync(big, Buffer.alloc(4 * 1024 * 1024));
    let busy = true;
    const load = (async () => {
      while (busy) await Promise.all([1, 2, 3, 4].map(() => readFile(big)));
    })();
    try {
      for (let i = 0; i < 60; i++) {
        const file = path.join(sub, `f${i}.tmp`);
        const refuse = new Transform({
          transform: (_chunk, _enc, cb) => cb(),
          flush() {
            this.destroy(new Error('refused'));
          },
        });
        await expect(
          pipeline(Readable.from([Buffer.from('%PD')]), refuse, await createFileStream(file)),
        ).rejects.toThrow('refused');
        await rm(file, { force: true });
      }
    } finally {
      busy = false;
      await load;
      rmSync(big);
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(readdirSync(sub)).toEqual([]);
  });

  it('replaces a folder by a finished one in one rename', async () => {
    const final = path.join(dir, 'results');
    await writeFileAtomic(path.join(dir, 'x.json'), '{}');
    mkdirSync(final);
    writeFileSync(path.join(final, 'old.parquet'), 'old');
    const tmp = tempPathFor(final);
    mkdirSync(tmp);
    writeFileSync(path.join(tmp, 'new.parquet'), 'new');
    await commitDir(tmp, final);
    expect(readdirSync(final)).toEqual(['new.parquet']);
    expect(readdirSync(dir).filter(isTempName)).toEqual([]);
  });
});
