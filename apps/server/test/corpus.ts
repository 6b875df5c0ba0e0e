/**
 * The first-contact corpus (apps/server/test/corpus): small files in the shapes real exports have, each with an
 * expectations file `<name>.expect.json`. Text files are stored as UTF-8 and re-encoded here when the
 * expectation says so (`encode`); workbooks are described by `<name>.xlsx.json` and built here with exceljs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';

export const CORPUS_DIR = path.join(import.meta.dirname, 'corpus');

export interface CorpusIssue {
  row: number;
  reason: string;
  severity?: 'error' | 'warning';
}

export interface CorpusExpectation {
  description: string;
  jobType: 'base' | 'matched-data-only' | 'advanced';
  kind: 'suppliers' | 'spend' | 'pos' | 'invoices' | 'payments' | 'transactions';
  encode?: 'utf16le' | 'utf16be' | 'windows-1252';
  /** HTTP status of the upload when it is refused (default 200) */
  upload?: number;
  message?: string;
  status?: 'validated' | 'invalid';
  fatal?: string;
  headerRow?: number;
  headers?: string[];
  mapping?: Record<string, string>;
  rowCount?: number;
  validRowCount?: number;
  totalsRows?: number;
  /** every issue (row, reason substring, severity) when given */
  issues?: CorpusIssue[];
  /** cells of the first preview row (column index → value), or of `previewRowIndex` */
  previewRow?: Record<string, string>;
  previewRowIndex?: number;
  /** the preview rows' numbers, as the validation report counts rows */
  previewRows?: number[];
  sheets?: string[];
  sheet?: string;
  /** a mapping change after the upload and what the file looks like then */
  remap?: Record<string, string>;
  afterRemap?: Partial<CorpusExpectation>;
  chooseHeaderRow?: { headerRow: number; expect: Partial<CorpusExpectation> };
  chooseSheet?: { sheet: string; expect: Partial<CorpusExpectation> };
  /** the file joins the pipeline run of that job type */
  run?: 'advanced' | 'mdo';
}

export interface CorpusFile {
  name: string;
  expect: CorpusExpectation;
  content: () => Promise<Buffer>;
}

interface SheetSpec {
  name: string;
  rows: (string | number | { date: string } | null)[][];
  merge?: string;
  hidden?: number[];
}

async function workbook(spec: { sheets: SheetSpec[] }): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const s of spec.sheets) {
    const ws = wb.addWorksheet(s.name);
    for (const row of s.rows)
      ws.addRow(row.map((v) => (v && typeof v === 'object' && 'date' in v ? new Date(`${v.date}T00:00:00Z`) : v)));
    if (s.merge) ws.mergeCells(s.merge);
    for (const c of s.hidden ?? []) ws.getColumn(c).hidden = true;
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function encode(text: string, enc: CorpusExpectation['encode']): Buffer {
  if (enc === 'utf16le') return Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf16le')]);
  if (enc === 'utf16be') return Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(text, 'utf16be')]);
  if (enc === 'windows-1252') return iconv.encode(text, 'windows-1252');
  return Buffer.from(text, 'utf8');
}

export function corpusFiles(): CorpusFile[] {
  return readdirSync(CORPUS_DIR)
    .filter((f) => f.endsWith('.expect.json'))
    .sort()
    .map((f) => {
      const name = f.replace(/\.expect\.json$/, '');
      const expect = JSON.parse(readFileSync(path.join(CORPUS_DIR, f), 'utf8')) as CorpusExpectation;
      const content = name.endsWith('.xlsx')
        ? () => workbook(JSON.parse(readFileSync(path.join(CORPUS_DIR, `${name}.json`), 'utf8')))
        : async () =>
            expect.encode
              ? encode(readFileSync(path.join(CORPUS_DIR, name), 'utf8'), expect.encode)
              : readFileSync(path.join(CORPUS_DIR, name));
      return { name, expect, content };
    });
}
