/** Preview of an upload (first N rows, headers, detected mapping) for the mapping UI. */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { AnalysisInputError } from '../errors.ts';
import { detectColumns } from './detect.ts';
import type { DetectedMapping } from './detect.ts';
import type { InputKind } from './datapoints.ts';
import { parseCsvLine, readHead, sniffDelimiter, sniffEncoding } from './sniff.ts';
import iconv from 'iconv-lite';
import { declaredUncompressedSize, DEFAULT_XLSX_MAX_BYTES } from './xlsx.ts';

export interface FilePreview {
  format: 'csv' | 'xlsx';
  encoding: string;
  delimiter: string | null;
  headers: string[];
  rows: string[][];
  detected: DetectedMapping;
}

export async function previewFile(
  file: string,
  options: { rows?: number; kind?: InputKind } = {},
): Promise<FilePreview> {
  const n = options.rows ?? 20;
  const label = path.basename(file);
  if (!existsSync(file)) throw new AnalysisInputError('UNREADABLE_FILE', 'file not found', { file: label });
  if (statSync(file).size === 0) throw new AnalysisInputError('EMPTY_FILE', 'the file is empty', { file: label });
  const head = readHead(file);
  if (head[0] === 0x50 && head[1] === 0x4b) {
    if (declaredUncompressedSize(file) > DEFAULT_XLSX_MAX_BYTES)
      throw new AnalysisInputError('XLSX_TOO_LARGE', 'the workbook inflates past the size limit', { file: label });
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
      sharedStrings: 'cache',
      worksheets: 'emit',
      styles: 'ignore',
      hyperlinks: 'ignore',
      entries: 'emit',
    });
    const all: string[][] = [];
    outer: for await (const sheet of reader) {
      for await (const row of sheet) {
        all.push(
          (row.values as ExcelJS.CellValue[])
            .slice(1)
            .map((v) =>
              v instanceof Date
                ? v.toISOString().slice(0, 10)
                : v === null || v === undefined
                  ? ''
                  : typeof v === 'object'
                    ? String(('result' in v ? v.result : 'text' in v ? v.text : '') ?? '')
                    : String(v),
            ),
        );
        if (all.length > n) break outer;
      }
      break;
    }
    const headers = (all[0] ?? []).map((h, i) => h || `Column ${i + 1}`);
    return {
      format: 'xlsx',
      encoding: 'XLSX',
      delimiter: null,
      headers,
      rows: all.slice(1),
      detected: detectColumns(headers, options.kind),
    };
  }
  const sniff = sniffEncoding(head);
  const text = (
    sniff.needsTranscode
      ? iconv.decode(head.subarray(sniff.bom), sniff.encoding)
      : head.subarray(sniff.bom).toString('utf8')
  ).replace(/^\uFEFF/, '');
  const { delimiter } = sniffDelimiter(text);
  const lines = text
    .split(/\r?\n/)
    .filter((l) => l.length > 0)
    .slice(0, n + 1);
  const headers = parseCsvLine(lines[0] ?? '', delimiter).map((h, i) => h || `Column ${i + 1}`);
  return {
    format: 'csv',
    encoding: sniff.encoding,
    delimiter,
    headers,
    rows: lines.slice(1).map((l) => parseCsvLine(l, delimiter)),
    detected: detectColumns(headers, options.kind),
  };
}
