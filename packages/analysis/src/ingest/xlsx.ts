/**
 * XLSX → UTF-8 CSV, streamed with exceljs' WorkbookReader (one worksheet), with a guard
 * against zip bombs: the declared uncompressed size of the archive (from the zip central
 * directory) and the bytes actually written are both capped.
 */
import { createWriteStream, openSync, readSync, fstatSync, closeSync } from 'node:fs';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import { AnalysisInputError } from '../errors.ts';

export const DEFAULT_XLSX_MAX_BYTES = 1024 * 1024 * 1024;

/** Sum of uncompressed sizes declared in the zip central directory; throws when not a zip. */
export function declaredUncompressedSize(file: string): number {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const tailLen = Math.min(size, 65557);
    const tail = Buffer.alloc(tailLen);
    readSync(fd, tail, 0, tailLen, size - tailLen);
    const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (eocd < 0)
      throw new AnalysisInputError('XLSX_INVALID', 'not a valid XLSX file (no zip directory found)', { file });
    const entries = tail.readUInt16LE(eocd + 10);
    const cdSize = tail.readUInt32LE(eocd + 12);
    const cdOffset = tail.readUInt32LE(eocd + 16);
    const cd = Buffer.alloc(cdSize);
    readSync(fd, cd, 0, cdSize, cdOffset);
    let total = 0;
    let p = 0;
    for (let i = 0; i < entries && p + 46 <= cd.length; i++) {
      if (cd.readUInt32LE(p) !== 0x02014b50) break;
      total += cd.readUInt32LE(p + 24);
      p += 46 + cd.readUInt16LE(p + 28) + cd.readUInt16LE(p + 30) + cd.readUInt16LE(p + 32);
    }
    return total;
  } finally {
    closeSync(fd);
  }
}

function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('text' in v) return String(v.text);
    if ('error' in v) return '';
    return '';
  }
  return String(v);
}

function csvCell(s: string): string {
  return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export interface XlsxToCsvOptions {
  maxBytes?: number;
  /** worksheet by name or 0-based index; default: the first worksheet with data */
  sheet?: string | number;
}

/**
 * One worksheet → CSV (spreadsheet row numbering kept: skipped empty rows become blank lines).
 * Returns the rows written, every worksheet's name and the name of the one converted.
 */
export async function xlsxToCsv(
  file: string,
  out: string,
  opts: XlsxToCsvOptions = {},
): Promise<{ rows: number; sheets: string[]; sheet: string }> {
  const maxBytes = opts.maxBytes ?? DEFAULT_XLSX_MAX_BYTES;
  const declared = declaredUncompressedSize(file);
  if (declared > maxBytes) {
    throw new AnalysisInputError(
      'XLSX_TOO_LARGE',
      `the workbook inflates to ${Math.round(declared / 1e6)} MB, over the ${Math.round(maxBytes / 1e6)} MB limit; save it as CSV instead`,
      { file },
    );
  }
  const output = createWriteStream(out);
  let written = 0;
  let rows = 0;
  const sheets: string[] = [];
  let chosen: string | null = null;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'emit',
  });
  try {
    let index = -1;
    for await (const sheet of reader) {
      index++;
      const name = (sheet as unknown as { name: string }).name;
      sheets.push(name);
      const wanted =
        chosen === null &&
        (opts.sheet === undefined ? true : typeof opts.sheet === 'number' ? opts.sheet === index : opts.sheet === name);
      for await (const row of sheet) {
        if (!wanted) continue;
        const values = (row.values as ExcelJS.CellValue[]).slice(1);
        const cells = values.map((v) => csvCell(cellText(v ?? null)));
        if (opts.sheet === undefined && rows === 0 && !cells.some((c) => c !== '')) continue;
        chosen = name;
        // Keep spreadsheet row numbering: emit blank lines for skipped empty rows.
        while (rows + 1 < row.number) {
          // a delimiter-only line: read as an empty row (a blank line would be skipped and shift the numbering)
          output.write(',\n');
          written += 2;
          rows++;
        }
        const line = cells.join(',') + '\n';
        written += line.length;
        if (written > maxBytes)
          throw new AnalysisInputError(
            'XLSX_TOO_LARGE',
            `the worksheet expands past the ${Math.round(maxBytes / 1e6)} MB limit; save it as CSV instead`,
            { file, row: row.number },
          );
        if (!output.write(line)) await once(output, 'drain');
        rows++;
      }
      if (wanted && opts.sheet !== undefined) chosen = name;
    }
  } catch (e) {
    output.destroy();
    if (e instanceof AnalysisInputError) throw e;
    throw new AnalysisInputError('XLSX_INVALID', `could not read the workbook: ${(e as Error).message}`, { file });
  }
  output.end();
  await once(output, 'finish');
  if (opts.sheet !== undefined && chosen === null)
    throw new AnalysisInputError(
      'XLSX_INVALID',
      `the workbook has no worksheet ${typeof opts.sheet === 'number' ? `number ${opts.sheet + 1}` : `"${opts.sheet}"`} (worksheets: ${sheets.map((s) => `"${s}"`).join(', ')})`,
      { file },
    );
  return { rows, sheets, sheet: chosen ?? sheets[0] ?? '' };
}
