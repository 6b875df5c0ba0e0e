/** Preview of an upload (first N rows, headers, detected mapping) for the mapping UI. */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { AnalysisInputError } from '../errors.ts';
import { detectColumns } from './detect.ts';
import type { DetectedMapping } from './detect.ts';
import type { InputKind } from './datapoints.ts';
import { parseCsvLine, readHead, sniffDelimiter, sniffEncoding } from './sniff.ts';
import iconv from 'iconv-lite';
import { readXlsxRows } from './xlsx.ts';
import { checkColumnCount, checkCsvHead } from './limits.ts';

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
    // Untrusted workbook: read in a worker with limits (xlsx.ts); rows come back dense, blank rows skipped.
    const all = (await readXlsxRows(file, { rows: n + 1 })).rows;
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
  checkCsvHead(head, statSync(file).size, { file: label }, /^UTF-16/i.test(sniff.encoding));
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
  checkColumnCount(headers.length, { file: label, row: 1 });
  return {
    format: 'csv',
    encoding: sniff.encoding,
    delimiter,
    headers,
    rows: lines.slice(1).map((l) => parseCsvLine(l, delimiter)),
    detected: detectColumns(headers, options.kind),
  };
}
