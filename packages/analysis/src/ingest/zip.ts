/**
 * The zip container of an XLSX, read defensively: the central directory is parsed with bounds checks, and parts are
 * inflated with zlib while the bytes really produced are counted against a limit shared by all parts (a directory
 * may declare 1 KB for an entry that inflates to gigabytes). Only stored and deflated entries are read; encrypted,
 * split and Zip64 archives are refused. Every failure is an AnalysisInputError.
 */
import { closeSync, createReadStream, fstatSync, openSync, readSync } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createInflateRaw } from 'node:zlib';
import { AnalysisInputError } from '../errors.ts';
import { MAX_ZIP_ENTRIES, formatMb } from './limits.ts';

export interface ZipEntryInfo {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  /** as declared; never trusted for limits */
  size: number;
  localOffset: number;
}

const invalid = (reason: string, where: { file?: string }) =>
  new AnalysisInputError('XLSX_INVALID', `not a readable XLSX file (${reason})`, where);

/** The entries of the central directory. */
export function readCentralDirectory(file: string, where: { file?: string }): ZipEntryInfo[] {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const tailLen = Math.min(size, 65557);
    const tail = Buffer.alloc(tailLen);
    readSync(fd, tail, 0, tailLen, size - tailLen);
    const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (eocd < 0 || eocd + 22 > tail.length) throw invalid('no zip directory found', where);
    const disk = tail.readUInt16LE(eocd + 4);
    const count = tail.readUInt16LE(eocd + 10);
    const cdSize = tail.readUInt32LE(eocd + 12);
    const cdOffset = tail.readUInt32LE(eocd + 16);
    if (disk !== 0) throw invalid('a split archive', where);
    if (count === 0xffff || cdOffset === 0xffffffff || cdSize === 0xffffffff)
      throw new AnalysisInputError(
        'XLSX_TOO_LARGE',
        'the workbook is a Zip64 archive (over 4 GB or 65,535 parts); save the worksheet as CSV and upload that instead',
        where,
      );
    if (count > MAX_ZIP_ENTRIES)
      throw invalid(`more than ${MAX_ZIP_ENTRIES.toLocaleString('en')} parts in the zip`, where);
    if (cdOffset + cdSize > size) throw invalid('its zip directory points past the end of the file', where);
    const cd = Buffer.alloc(cdSize);
    readSync(fd, cd, 0, cdSize, cdOffset);
    const entries: ZipEntryInfo[] = [];
    let p = 0;
    for (let i = 0; i < count; i++) {
      if (p + 46 > cd.length || cd.readUInt32LE(p) !== 0x02014b50) throw invalid('its zip directory is damaged', where);
      const nameLen = cd.readUInt16LE(p + 28);
      const next = p + 46 + nameLen + cd.readUInt16LE(p + 30) + cd.readUInt16LE(p + 32);
      if (next > cd.length) throw invalid('its zip directory is damaged', where);
      entries.push({
        flags: cd.readUInt16LE(p + 8),
        method: cd.readUInt16LE(p + 10),
        compressedSize: cd.readUInt32LE(p + 20),
        size: cd.readUInt32LE(p + 24),
        localOffset: cd.readUInt32LE(p + 42),
        name: cd.toString('utf8', p + 46, p + 46 + nameLen).replace(/\\/g, '/'),
      });
      p = next;
    }
    return entries;
  } finally {
    closeSync(fd);
  }
}

/** Bytes inflated so far over all parts of one archive, and their limit. */
export interface InflateBudget {
  used: number;
  max: number;
}

/**
 * The inflated bytes of one entry as a stream, counted against `budget`: past the limit the stream fails with
 * XLSX_TOO_LARGE, a damaged deflate stream with XLSX_INVALID.
 */
export function openEntry(file: string, e: ZipEntryInfo, budget: InflateBudget, where: { file?: string }): Readable {
  if (e.flags & 0x1) throw invalid('it is encrypted', where);
  if (e.method !== 0 && e.method !== 8) throw invalid(`compression method ${e.method} is not supported`, where);
  if (e.compressedSize === 0xffffffff || e.size === 0xffffffff || e.localOffset === 0xffffffff)
    throw new AnalysisInputError(
      'XLSX_TOO_LARGE',
      'the workbook is a Zip64 archive (a part over 4 GB); save the worksheet as CSV and upload that instead',
      where,
    );
  const fd = openSync(file, 'r');
  let start: number;
  let fileSize: number;
  try {
    fileSize = fstatSync(fd).size;
    const head = Buffer.alloc(30);
    if (readSync(fd, head, 0, 30, e.localOffset) !== 30 || head.readUInt32LE(0) !== 0x04034b50)
      throw invalid(`the part "${e.name.slice(0, 80)}" is damaged`, where);
    start = e.localOffset + 30 + head.readUInt16LE(26) + head.readUInt16LE(28);
  } finally {
    closeSync(fd);
  }
  const end = Math.min(start + e.compressedSize, fileSize);
  const count = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      budget.used += chunk.length;
      if (budget.used > budget.max)
        cb(
          new AnalysisInputError(
            'XLSX_TOO_LARGE',
            `the workbook inflates to more than ${formatMb(budget.max)} (whatever its zip directory declares); save the worksheet as CSV and upload that instead`,
            where,
          ),
        );
      else cb(null, chunk);
    },
  });
  const src = end > start ? createReadStream(file, { start, end: end - 1 }) : Readable.from([]);
  const fail = (err: Error) =>
    count.destroy(
      err instanceof AnalysisInputError
        ? err
        : invalid(`the part "${e.name.slice(0, 80)}" cannot be inflated: ${err.message}`, where),
    );
  src.on('error', fail);
  if (e.method === 8) {
    const inflate = createInflateRaw({ chunkSize: 256 * 1024 });
    inflate.on('error', fail);
    src.pipe(inflate).pipe(count);
  } else src.pipe(count);
  count.on('close', () => src.destroy());
  return count;
}

/** Inflates one entry without keeping it, counting the bytes against `budget`. */
export async function measureEntry(
  file: string,
  e: ZipEntryInfo,
  budget: InflateBudget,
  where: { file?: string },
): Promise<void> {
  const s = openEntry(file, e, budget, where);
  s.resume();
  await finished(s);
}
