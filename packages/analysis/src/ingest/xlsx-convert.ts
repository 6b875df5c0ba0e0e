/**
 * Workbook → CSV, or → its first rows: the part of xlsx.ts that runs inside a worker thread (xlsx-worker.mjs), where
 * the heap is capped and a wall clock runs. Nothing here trusts the file:
 *  - the parts read (workbook, relationships, styles, shared strings, worksheets) are located through the zip
 *    directory and inflated by zip.ts, first once to count the bytes they really produce whatever the directory
 *    declares, then streamed into exceljs' parsers (its own streaming zip reader drops worksheets when shared strings
 *    follow them in the archive, as Excel writes them);
 *  - row numbers above Excel's last row, cell references beyond column XFD and values beyond MAX_COLUMNS are refused;
 *  - empty rows are never written ahead of content: a gap in the row numbers is written (to keep spreadsheet row
 *    numbering) only when a row with content follows it, and only after its bytes are counted against the limit;
 *  - every byte written (blank fill included) counts against maxBytes, and writes wait for the stream to drain.
 */
import { stringify } from 'csv-stringify/sync';
import { createWriteStream, renameSync, writeFileSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { getHeapStatistics } from 'node:v8';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import path from 'node:path';
import type ExcelJS from 'exceljs';
import { AnalysisInputError } from '../errors.ts';
import {
  EXCEL_MAX_COLUMNS,
  MAX_COLUMNS,
  MAX_LINE_BYTES,
  MAX_ROWS,
  ROWS_MAX_BYTES,
  columnLetters,
  formatMb,
} from './limits.ts';
import { measureEntry, openEntry, readCentralDirectory } from './zip.ts';
import { tableScore } from './detect.ts';
import type { InputKind } from './datapoints.ts';
import type { ZipEntryInfo } from './zip.ts';

export interface ConvertJob {
  /** csv: the chosen worksheet to `out`; rows: its first `maxRows` non-empty rows */
  mode: 'csv' | 'rows';
  file: string;
  /** the file's name in messages */
  label: string;
  out?: string;
  /** a folder of this conversion (the CSV of each worksheet read, before the chosen one is moved to `out`) */
  scratch: string;
  /** inflated bytes of the zip, and bytes written (csv) or collected (rows) */
  maxBytes: number;
  maxRows?: number;
  /** a worksheet by name or 0-based index; default: the one whose first rows best hold a table of `kind` */
  sheet?: string | number;
  /** the input kind the table should be of (the datapoints its header is scored on) */
  kind?: InputKind;
}

export interface ConvertResult {
  /** csv: lines written (the last row number with content); rows: rows returned */
  rows: number;
  sheets: string[];
  sheet: string;
  data?: string[][];
  rowNumbers?: number[];
}

/** Share of the worker's heap limit past which a conversion stops (see heapGuard). */
const HEAP_GUARD_RATIO = 0.8;

const requireHere = createRequire(import.meta.url);
const requireExcel = createRequire(requireHere.resolve('exceljs'));

// Only the parts of exceljs the conversion uses: its streaming worksheet reader and the parsers of the workbook,
// relationships and styles parts (the whole library, with its zip reader, takes several times longer to load in
// each worker; the zip is read by zip.ts).
type Xform<M> = {
  parseStream(s: AsyncIterable<Buffer>): Promise<M>;
  model?: M;
  map?: Record<string, { model?: unknown }>;
};
const StyleManager = requireExcel('./lib/xlsx/xform/style/styles-xform.js') as new () => Xform<unknown> & {
  init(): void;
};
const WorkbookXform = requireExcel('./lib/xlsx/xform/book/workbook-xform.js') as new () => Xform<{
  sheets?: { name: string; rId: string }[];
}>;
const RelationshipsXform = requireExcel('./lib/xlsx/xform/core/relationships-xform.js') as new () => Xform<
  { Id: string; Target: string }[]
>;

// A cell reference beyond column XFD would make exceljs create a column object for every column up to it.
const WorksheetReader = requireExcel('./lib/stream/xlsx/worksheet-reader.js') as {
  new (o: {
    workbook: Book;
    id: number;
    iterator: AsyncIterable<Buffer>;
    options: Record<string, string>;
  }): WorksheetLike;
  prototype: { getColumn(c: number | string): unknown; __sxCapped?: boolean };
};
if (!WorksheetReader.prototype.__sxCapped) {
  const getColumn = WorksheetReader.prototype.getColumn;
  WorksheetReader.prototype.getColumn = function (this: unknown, c: number | string) {
    if (typeof c === 'number' && !(c >= 1 && c <= EXCEL_MAX_COLUMNS))
      throw new AnalysisInputError(
        'XLSX_INVALID',
        `a cell reference points beyond Excel's last column (XFD); the workbook is damaged`,
      );
    return getColumn.call(this, c);
  };
  WorksheetReader.prototype.__sxCapped = true;
}

function tooLarge(where: { file?: string; row?: number }, what: string, maxBytes: number): AnalysisInputError {
  return new AnalysisInputError(
    'XLSX_TOO_LARGE',
    `${what}, over the ${formatMb(maxBytes)} limit; save the worksheet as CSV and upload that instead`,
    where,
  );
}

/** Parts of the workbook read: its sheet list, relationships, styles, shared strings and worksheets. */
function wanted(p: string): boolean {
  return (
    p === 'xl/workbook.xml' ||
    p === 'xl/_rels/workbook.xml.rels' ||
    p === 'xl/styles.xml' ||
    p === 'xl/sharedStrings.xml' ||
    /^xl\/worksheets\/[^/]+\.xml$/.test(p)
  );
}

/**
 * The parts the conversion reads, after one pass that inflates them all (discarding the bytes) and counts what they
 * really produce against maxBytes, whatever the zip directory declares: a hostile archive is refused at zlib speed,
 * before any XML is parsed.
 */
export async function measureParts(
  file: string,
  maxBytes: number,
  where: { file?: string },
): Promise<Map<string, ZipEntryInfo>> {
  const parts = new Map<string, ZipEntryInfo>();
  for (const e of readCentralDirectory(file, where)) if (wanted(e.name) && !parts.has(e.name)) parts.set(e.name, e);
  const budget = { used: 0, max: maxBytes };
  for (const e of parts.values()) await measureEntry(file, e, budget, where);
  return parts;
}

/** Stops the conversion before the worker's heap runs out (a clear error instead of a slow death in GC). */
function heapGuard(where: { file?: string }): void {
  const h = getHeapStatistics();
  if (h.used_heap_size > h.heap_size_limit * HEAP_GUARD_RATIO)
    throw new AnalysisInputError(
      'XLSX_TOO_LARGE',
      `reading the workbook needs more than ${Math.round(h.heap_size_limit / 1048576)} MB of memory (its shared strings or cells are too many); save the worksheet as CSV and upload that instead`,
      where,
    );
}

/** A copy of `s` that does not keep the chunk it was cut from alive (V8 substrings of 13+ chars reference it). */
const flat = (s: string) => (s.length > 12 ? `${s} `.slice(0, -1) : s);

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
function xmlText(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);/g, (m, e: string) => {
    if (e[0] !== '#') return ENTITIES[e] ?? m;
    const cp = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return cp <= 0x10ffff ? String.fromCodePoint(cp) : '';
  });
}

/**
 * The shared-string table (xl/sharedStrings.xml) as plain strings: each <si>'s text runs (<t>) joined, phonetic
 * runs (<rPh>) left out. A scan of the regular structure Excel writes, an order of magnitude faster than a SAX
 * parse; one <si> may not exceed MAX_LINE_BYTES, and the heap is watched while the table grows.
 */
export async function readSharedStrings(src: AsyncIterable<Buffer>, where: { file?: string }): Promise<string[]> {
  const out: string[] = [];
  const dec = new StringDecoder('utf8');
  let buf = '';
  const take = (s: string) => {
    buf += s;
    let pos = 0;
    for (;;) {
      const start = buf.indexOf('<si', pos);
      if (start < 0) {
        pos = Math.max(pos, buf.length - 3);
        break;
      }
      const after = buf[start + 3];
      if (after === undefined) {
        pos = start;
        break;
      }
      if (after !== '>' && after !== '/' && !/\s/.test(after)) {
        pos = start + 3;
        continue;
      }
      const open = buf.indexOf('>', start);
      if (open < 0) {
        pos = start;
        break;
      }
      if (buf[open - 1] === '/') {
        out.push('');
        pos = open + 1;
        continue;
      }
      const end = buf.indexOf('</si>', open);
      if (end < 0) {
        pos = start;
        break;
      }
      const inner = buf.slice(open + 1, end).replace(/<rPh\b[\s\S]*?<\/rPh>/g, '');
      let text = '';
      for (const m of inner.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)) text += m[1];
      out.push(flat(xmlText(text)));
      pos = end + 5;
    }
    buf = buf.slice(pos);
    if (buf.length > MAX_LINE_BYTES)
      throw new AnalysisInputError(
        'LINE_TOO_LONG',
        `a text of the workbook's shared-string table is longer than ${formatMb(MAX_LINE_BYTES)}; Excel's limit for a cell is 32,767 characters`,
        where,
      );
  };
  for await (const chunk of src) {
    take(dec.write(chunk));
    heapGuard(where);
  }
  take(dec.end());
  return out;
}

function cellText(v: ExcelJS.CellValue | undefined): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    if ('richText' in v && Array.isArray(v.richText)) return v.richText.map((r) => String(r?.text ?? '')).join('');
    if ('text' in v) return String(v.text ?? '');
    return '';
  }
  return String(v);
}

type WorksheetLike = AsyncIterable<ExcelJS.Row>;

interface SheetOut {
  no: number;
  /** csv: last row number written; rows: rows collected */
  rows: number;
  file?: string;
  data?: string[][];
  rowNumbers?: number[];
}

/** The row's cells as text, dense, without trailing empty cells; refuses values beyond MAX_COLUMNS. */
function rowCells(row: ExcelJS.Row, rn: number, where: { file?: string }): string[] {
  const values = row.values as ExcelJS.CellValue[];
  // forEach visits the cells present only (the array is sparse: a lone styled cell at XFD makes it 16,385 long).
  let last = 0;
  values.forEach((v, i) => {
    if (i > last && cellText(v) !== '') last = i;
  });
  if (last > MAX_COLUMNS)
    throw new AnalysisInputError(
      'TOO_MANY_COLUMNS',
      `row ${rn.toLocaleString('en')} has a value in column ${columnLetters(last)} (column ${last.toLocaleString('en')}); at most ${MAX_COLUMNS.toLocaleString('en')} columns are read. Delete the stray cells to the right of the data`,
      { ...where, row: rn },
    );
  const out: string[] = [];
  for (let i = 1; i <= last; i++) out.push(cellText(values[i]));
  return out;
}

/** Spreadsheet row number of `row` (rows without a number follow the previous one); refuses numbers past Excel's. */
function rowNumberOf(row: ExcelJS.Row, previous: number, where: { file?: string }): number {
  const n = row.number;
  const rn = Number.isInteger(n) && n > previous ? n : previous + 1;
  if (rn > MAX_ROWS)
    throw new AnalysisInputError(
      'TOO_MANY_ROWS',
      `the worksheet has a row numbered ${rn.toLocaleString('en')}, past Excel's last row (${MAX_ROWS.toLocaleString('en')})`,
      { ...where, row: rn },
    );
  return rn;
}

async function sheetToCsv(ws: WorksheetLike, no: number, job: ConvertJob, budget: { used: number }): Promise<SheetOut> {
  const where = { file: job.label };
  const file = path.join(job.scratch, `sheet${no}.csv`);
  const output = createWriteStream(file);
  let writeError: Error | undefined;
  output.on('error', (e) => (writeError ??= e));
  const write = async (s: string) => {
    if (writeError) throw writeError;
    if (!output.write(s)) await once(output, 'drain');
  };
  let width = -1;
  let last = 0;
  let seen = 0;
  try {
    for await (const row of ws) {
      if ((++seen & 4095) === 0) heapGuard(where);
      const rn = rowNumberOf(row, last, where);
      const cells = rowCells(row, rn, where);
      if (cells.length === 0) continue; // blank: written only if content follows
      if (width < 0) width = cells.length;
      while (cells.length < width) cells.push('');
      const line = stringify([cells]);
      const lineBytes = Buffer.byteLength(line);
      if (lineBytes > MAX_LINE_BYTES)
        throw new AnalysisInputError(
          'LINE_TOO_LONG',
          `the row is longer than ${formatMb(MAX_LINE_BYTES)} as text; a row of a supplier or spend file is a few hundred bytes`,
          { ...where, row: rn },
        );
      const gap = rn - last - 1;
      const blank = ','.repeat(Math.max(0, width - 1)) + '\n';
      if (budget.used + gap * blank.length + lineBytes > job.maxBytes)
        throw tooLarge(
          { ...where, row: rn },
          gap > 1000
            ? `row ${rn.toLocaleString('en')} follows ${gap.toLocaleString('en')} empty rows, which as CSV (${width.toLocaleString('en')} columns) take ${formatMb(budget.used + gap * blank.length)}`
            : `the worksheet expands past ${formatMb(job.maxBytes)} as CSV`,
          job.maxBytes,
        );
      if (gap > 0) {
        const per = Math.max(1, Math.floor((1 << 16) / blank.length));
        const chunk = blank.repeat(Math.min(per, gap));
        let left = gap;
        for (; left >= per; left -= per) await write(chunk);
        if (left > 0) await write(blank.repeat(left));
      }
      await write(line);
      budget.used += gap * blank.length + lineBytes;
      last = rn;
    }
  } catch (e) {
    output.destroy();
    throw e;
  }
  output.end();
  await once(output, 'finish');
  if (writeError) throw writeError;
  return { no, rows: last, file };
}

async function sheetRows(ws: WorksheetLike, no: number, job: ConvertJob, budget: { used: number }): Promise<SheetOut> {
  const where = { file: job.label };
  const data: string[][] = [];
  const rowNumbers: number[] = [];
  const max = job.maxRows ?? 20;
  let last = 0;
  for await (const row of ws) {
    const rn = rowNumberOf(row, last, where);
    last = rn;
    const cells = rowCells(row, rn, where);
    if (cells.length === 0) continue;
    for (const c of cells) budget.used += c.length * 2 + 16;
    const cap = Math.min(job.maxBytes, ROWS_MAX_BYTES);
    if (budget.used > cap)
      throw tooLarge({ ...where, row: rn }, `the first rows of the worksheet take more than ${formatMb(cap)}`, cap);
    data.push(cells);
    rowNumbers.push(rn);
    if (data.length >= max) break;
  }
  return { no, rows: data.length, data, rowNumbers };
}

interface SheetRef {
  name: string;
  /** the worksheet's part in the zip (xl/worksheets/…); null when the archive lacks it */
  part: string | null;
}

/** What exceljs' worksheet reader takes from its workbook. */
interface Book {
  model?: { sheets?: { name: string; rId: string }[] };
  workbookRels?: { Id: string; Target: string }[];
  sharedStrings?: string[];
  styles: unknown;
  properties?: unknown;
}

/** A relationship target ("worksheets/sheet1.xml", "/xl/worksheets/sheet1.xml") → the zip path. */
function partOf(target: string): string {
  const t = target.replace(/\\/g, '/');
  return path.posix.normalize(t.startsWith('/') ? t.slice(1) : `xl/${t}`);
}

/** Worksheets in workbook (tab) order; without a readable workbook.xml, the worksheet parts by number. */
function sheetOrder(reader: Book, parts: Map<string, unknown>): SheetRef[] {
  const sheets = reader.model?.sheets;
  const rels = reader.workbookRels;
  if (sheets?.length && rels)
    return sheets.flatMap((s) => {
      const rel = rels.find((r) => r.Id === s.rId);
      const part = rel ? partOf(String(rel.Target ?? '')) : null;
      // Chart, dialog and macro sheets are not worksheets: not listed, not counted by index.
      if (part && !part.startsWith('xl/worksheets/')) return [];
      return [{ name: String(s.name ?? ''), part: part && parts.has(part) ? part : null }];
    });
  const num = (p: string) => Number(/(\d+)\.xml$/.exec(p)?.[1] ?? 0);
  return [...parts.keys()]
    .filter((p) => p.startsWith('xl/worksheets/'))
    .sort((a, b) => num(a) - num(b))
    .map((p) => ({ name: `Sheet${num(p)}`, part: p }));
}

function resolveSheet(order: SheetRef[], sheet: string | number, where: { file?: string }): SheetRef {
  const list = order.map((s) => `"${s.name}"`).join(', ');
  if (typeof sheet === 'number') {
    const s = Number.isInteger(sheet) ? order[sheet] : undefined;
    if (!s)
      throw new AnalysisInputError(
        'UNKNOWN_SHEET',
        `the workbook has no sheet number ${sheet} (sheets are numbered from 0; it has ${order.length}: ${list})`,
        where,
      );
    return s;
  }
  const s =
    order.find((x) => x.name === sheet) ??
    order.find((x) => x.name.trim().toLowerCase() === sheet.trim().toLowerCase());
  if (!s)
    throw new AnalysisInputError('UNKNOWN_SHEET', `the workbook has no sheet "${sheet}" (sheets: ${list})`, where);
  return s;
}

/** Rows of each worksheet read to find the one holding the table. */
const SCORED_ROWS = 30;

/**
 * The worksheets best table first (tableScore of their first rows; tab order among equals). One worksheet is not
 * read ahead.
 */
async function rankSheets(
  refs: SheetRef[],
  head: (ref: SheetRef, i: number) => Promise<SheetOut>,
  kind: InputKind | undefined,
): Promise<SheetRef[]> {
  if (refs.length < 2) return refs;
  const scored: { ref: SheetRef; score: number; i: number }[] = [];
  for (const [i, ref] of refs.entries())
    scored.push({ ref, i, score: tableScore((await head(ref, i)).data ?? [], kind) });
  return scored.sort((a, b) => b.score - a.score || a.i - b.i).map((s) => s.ref);
}

/** Reads the workbook under the limits above; every failure about the file is an AnalysisInputError. */
export async function convertWorkbook(job: ConvertJob): Promise<ConvertResult> {
  const where = { file: job.label };
  const parts = await measureParts(job.file, job.maxBytes, where);
  // The second inflation produces the bytes just measured; counted again all the same.
  const budget2 = { used: 0, max: job.maxBytes };
  const stream = (p: string) => openEntry(job.file, parts.get(p)!, budget2, where);
  const reader: Book = { styles: new StyleManager(), properties: {} };
  (reader.styles as { init(): void }).init();
  const budget = { used: 0 };
  try {
    if (parts.has('xl/_rels/workbook.xml.rels'))
      reader.workbookRels = await new RelationshipsXform().parseStream(stream('xl/_rels/workbook.xml.rels'));
    if (parts.has('xl/workbook.xml')) {
      const wb = new WorkbookXform();
      await wb.parseStream(stream('xl/workbook.xml'));
      reader.properties = wb.map?.workbookPr ?? {};
      reader.model = wb.model;
    }
    if (parts.has('xl/styles.xml')) {
      const styles = new StyleManager();
      await styles.parseStream(stream('xl/styles.xml'));
      reader.styles = styles;
    }
    if (parts.has('xl/sharedStrings.xml'))
      reader.sharedStrings = await readSharedStrings(stream('xl/sharedStrings.xml'), where);
    const order = sheetOrder(reader, parts);
    if (!order.length) throw new AnalysisInputError('XLSX_INVALID', 'the workbook has no worksheet', where);
    const candidates =
      job.sheet !== undefined
        ? [resolveSheet(order, job.sheet, where)]
        : await rankSheets(
            order.filter((s) => s.part !== null),
            (ref, i) =>
              sheetRows(
                new WorksheetReader({
                  workbook: reader,
                  id: i + 1,
                  iterator: stream(ref.part!),
                  options: { worksheets: 'emit', hyperlinks: 'ignore' },
                }),
                i + 1,
                { ...job, maxRows: SCORED_ROWS },
                { used: 0 },
              ),
            job.kind,
          );
    let chosen: { ref: SheetRef; out: SheetOut | undefined } = { ref: candidates[0] ?? order[0]!, out: undefined };
    for (const [i, ref] of candidates.entries()) {
      if (!ref.part) continue;
      const ws = new WorksheetReader({
        workbook: reader,
        id: i + 1,
        iterator: stream(ref.part),
        options: { worksheets: 'emit', hyperlinks: 'ignore' },
      });
      const out =
        job.mode === 'csv' ? await sheetToCsv(ws, i + 1, job, budget) : await sheetRows(ws, i + 1, job, budget);
      if (out.rows > 0 || job.sheet !== undefined) {
        chosen = { ref, out };
        break;
      }
      if (i === 0) chosen = { ref, out };
    }
    const result: ConvertResult = {
      rows: chosen.out?.rows ?? 0,
      sheets: order.map((s) => s.name),
      sheet: chosen.ref.name,
    };
    if (job.mode === 'csv') {
      if (chosen.out?.file && chosen.out.rows > 0) renameSync(chosen.out.file, job.out!);
      else writeFileSync(job.out!, '');
    } else {
      result.data = chosen.out?.data ?? [];
      result.rowNumbers = chosen.out?.rowNumbers ?? [];
    }
    return result;
  } catch (e) {
    if (e instanceof AnalysisInputError) throw e;
    throw new AnalysisInputError('XLSX_INVALID', `could not read the workbook (${(e as Error).message})`, where);
  }
}
