/**
 * Encoding and delimiter detection, and transcoding to UTF-8 with bounded memory.
 * Mixed encodings: each line that is not valid UTF-8 is decoded as Windows-1252 (or the
 * detected legacy encoding) and reported; valid UTF-8 lines are kept as they are.
 */
import { createReadStream, createWriteStream, openSync, readSync, closeSync } from 'node:fs';
import { once } from 'node:events';
import { isUtf8 } from 'node:buffer';
import chardet from 'chardet';
import iconv from 'iconv-lite';

export interface SniffResult {
  encoding: string;
  /** true when the file must be transcoded before DuckDB reads it */
  needsTranscode: boolean;
  bom: number;
}

export function readHead(file: string, bytes = 256 * 1024): Buffer {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const n = readSync(fd, buf, 0, bytes, 0);
    return buf.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}

export function sniffEncoding(head: Buffer): SniffResult {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf)
    return { encoding: 'UTF-8', needsTranscode: false, bom: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'UTF-16LE', needsTranscode: true, bom: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'UTF-16BE', needsTranscode: true, bom: 2 };
  // Cut at the last newline so a multi-byte character is not split.
  const cut = head.lastIndexOf(0x0a);
  const sample = cut > 0 ? head.subarray(0, cut) : head;
  if (isUtf8(sample)) return { encoding: 'UTF-8', needsTranscode: false, bom: 0 };
  const guess = chardet.detect(sample) ?? 'windows-1252';
  const enc = /^UTF-16/i.test(guess) ? guess : /^ISO-8859-1$/i.test(guess) ? 'windows-1252' : guess;
  return { encoding: iconv.encodingExists(enc) ? enc : 'windows-1252', needsTranscode: true, bom: 0 };
}

/**
 * Streams `file` to `out` as UTF-8. For 8-bit encodings, lines that are valid UTF-8 are kept
 * (mixed files); the 1-based line numbers that were decoded from the legacy encoding are returned.
 */
export async function transcodeToUtf8(
  file: string,
  out: string,
  sniff: SniffResult,
): Promise<{ legacyLines: number[]; legacyLineCount: number }> {
  const input = createReadStream(file, { start: sniff.bom, highWaterMark: 1 << 20 });
  const output = createWriteStream(out);
  const legacyLines: number[] = [];
  let legacyLineCount = 0;
  // Lines that are valid UTF-8 with non-ASCII characters: without any, the file is simply in the legacy
  // encoding (not mixed), and its lines need no warning.
  let utf8NonAscii = 0;
  const nonAscii = (b: Buffer) => {
    for (let i = 0; i < b.length; i++) if (b[i]! >= 0x80) return true;
    return false;
  };
  const write = async (chunk: Buffer | string) => {
    if (!output.write(chunk)) await once(output, 'drain');
  };
  if (/^UTF-16/i.test(sniff.encoding)) {
    const dec = iconv.getDecoder(sniff.encoding);
    for await (const chunk of input) await write(dec.write(chunk as Buffer));
    const rest = dec.end();
    if (rest) await write(rest);
  } else {
    let carry: Buffer = Buffer.alloc(0);
    let line = 0;
    for await (const chunk of input) {
      const buf: Buffer = carry.length ? Buffer.concat([carry, chunk as Buffer]) : (chunk as Buffer);
      const last = buf.lastIndexOf(0x0a);
      if (last < 0) {
        carry = buf;
        continue;
      }
      const body = buf.subarray(0, last + 1);
      carry = buf.subarray(last + 1);
      if (isUtf8(body)) {
        if (nonAscii(body)) utf8NonAscii++;
        let n = 0;
        for (let i = body.indexOf(0x0a); i >= 0; i = body.indexOf(0x0a, i + 1)) n++;
        line += n;
        await write(body);
        continue;
      }
      let start = 0;
      for (let i = body.indexOf(0x0a); i >= 0; i = body.indexOf(0x0a, i + 1)) {
        line++;
        const l = body.subarray(start, i + 1);
        if (isUtf8(l)) {
          if (nonAscii(l)) utf8NonAscii++;
          await write(l);
        } else {
          legacyLineCount++;
          if (legacyLines.length < 1000) legacyLines.push(line);
          await write(iconv.decode(l, sniff.encoding));
        }
        start = i + 1;
      }
    }
    if (carry.length) {
      line++;
      if (isUtf8(carry)) {
        if (nonAscii(carry)) utf8NonAscii++;
        await write(carry);
      } else {
        legacyLineCount++;
        if (legacyLines.length < 1000) legacyLines.push(line);
        await write(iconv.decode(carry, sniff.encoding));
      }
    }
  }
  output.end();
  await once(output, 'finish');
  if (utf8NonAscii === 0) return { legacyLines: [], legacyLineCount: 0 };
  return { legacyLines, legacyLineCount };
}

const CANDIDATES = [',', ';', '\t', '|'] as const;

/** Counts delimiters outside double quotes on one line. */
function countOutsideQuotes(line: string, d: string): number {
  let n = 0;
  let q = false;
  for (const ch of line) {
    if (ch === '"') q = !q;
    else if (!q && ch === d) n++;
  }
  return n;
}

/**
 * Picks the delimiter whose per-line count is most consistent (and non-zero) over the first lines. The
 * expected count is the most common non-zero one, so title lines above the header do not decide it.
 */
export function sniffDelimiter(text: string): { delimiter: string; consistent: boolean } {
  const lines = text
    .split(/\r?\n/)
    .filter((l) => l.trim().length > 0)
    .slice(0, 50);
  let best: { delimiter: string; score: number; consistent: boolean } = {
    delimiter: ',',
    score: -1,
    consistent: false,
  };
  for (const d of CANDIDATES) {
    const counts = lines.map((l) => countOutsideQuotes(l, d));
    const freq = new Map<number, number>();
    for (const c of counts) if (c > 0) freq.set(c, (freq.get(c) ?? 0) + 1);
    let mode = 0;
    for (const [c, f] of freq) if (f > (freq.get(mode) ?? 0) || (f === freq.get(mode) && c > mode)) mode = c;
    if (mode === 0) continue;
    const agree = counts.filter((c) => c === mode).length / counts.length;
    const score = agree * 100 + Math.min(mode, 50);
    if (score > best.score) best = { delimiter: d, score, consistent: agree >= 0.8 };
  }
  return { delimiter: best.delimiter, consistent: best.consistent };
}

export interface CsvRecord {
  /** 1-based physical line on which the record starts */
  line: number;
  /** the physical lines it spans (more than 1 when a quoted field holds a line break) */
  lines: number;
  fields: string[];
}

/**
 * Splits the start of a CSV text into records (RFC 4180 quoting, line breaks inside quotes kept), each
 * with the physical line it starts on. Blank lines are records with one empty field, so line numbers
 * stay those of the file. A last line without its newline (a cut sample) is dropped unless it is all
 * there is or `complete` says the text is the whole file.
 */
export function parseCsvRecords(text: string, delimiter: string, maxRecords = 50, complete = false): CsvRecord[] {
  const out: CsvRecord[] = [];
  let fields: string[] = [];
  let cur = '';
  let q = false;
  let line = 1;
  let start = 1;
  let i = 0;
  const push = () => {
    fields.push(cur.trim());
    out.push({ line: start, lines: line - start + 1, fields });
    fields = [];
    cur = '';
  };
  for (; i < text.length && out.length < maxRecords; i++) {
    const ch = text[i]!;
    if (q) {
      if (ch === '"' && text[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') q = false;
      else {
        if (ch === '\n') line++;
        cur += ch;
      }
    } else if (ch === '"') q = true;
    else if (ch === delimiter) {
      fields.push(cur.trim());
      cur = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      push();
      line++;
      start = line;
    } else cur += ch;
  }
  if (out.length < maxRecords && (cur.length > 0 || fields.length > 0) && (complete || out.length === 0) && !q) push();
  return out;
}
