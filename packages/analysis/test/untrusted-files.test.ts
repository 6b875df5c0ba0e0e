/**
 * Attack tests on the upload parsers of the engine (DESIGN §6): one hostile file per class — cell
 * far to the right, row far below, blank fill, a zip directory that lies, an honest bomb, a row past Excel's last,
 * a reference past XFD, a heap bomb, a slow file — each ends in a specific AnalysisInputError, quickly and with bounded
 * memory; plus the worksheet choice and the CSV limits (long lines, too many columns, binary content).
 */
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { AnalysisInputError } from '../src/errors.ts';
import { ingestFile } from '../src/ingest/ingest.ts';
import { MAX_COLUMNS } from '../src/ingest/limits.ts';
import { previewFile } from '../src/ingest/preview.ts';
import { declaredUncompressedSize, readXlsxRows, xlsxToCsv } from '../src/ingest/xlsx.ts';
import { tmpDir, writeFile } from './helpers.ts';
import { colName, lyingZipBomb, makeXlsx, sharedStringsBomb, sheetXml, xfdBomb } from './hostile-files.ts';

const { dir, cleanup } = tmpDir('sx-untrusted-');
afterAll(cleanup);

/** Runs `fn`, sampling this process's RSS (the worker threads included) every 20 ms; returns the peak growth. */
async function measured<T>(
  fn: () => Promise<T>,
): Promise<{ result: T | AnalysisInputError; seconds: number; rssGrowthMb: number }> {
  const base = process.memoryUsage().rss;
  let peak = base;
  const iv = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t0 = performance.now();
  let result: T | AnalysisInputError;
  try {
    result = await fn();
  } catch (e) {
    if (!(e instanceof AnalysisInputError)) throw e;
    result = e;
  } finally {
    clearInterval(iv);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  return { result, seconds: (performance.now() - t0) / 1000, rssGrowthMb: (peak - base) / 1048576 };
}

const ROWS = [
  {
    r: 1,
    cells: [
      { col: 1, value: 'Supplier Name' },
      { col: 2, value: 'Annual Spend' },
    ],
  },
  {
    r: 2,
    cells: [
      { col: 1, value: 'Acme Ltd' },
      { col: 2, value: 1200 },
    ],
  },
];

describe('hostile workbooks', () => {
  it.each([1, 2] as const)(
    'the 1.6 KB XFD bomb (wide cell in row %i, a row numbered 1,048,576) is refused in seconds by ingest and preview',
    async (wideRow) => {
      const f = writeFile(dir, `xfd${wideRow}.xlsx`, xfdBomb(wideRow));
      expect(readFileSync(f).length).toBeLessThan(2000);
      const ingest = await measured(() => ingestFile({ file: f, kind: 'suppliers', workDir: dir }));
      expect(ingest.result).toBeInstanceOf(AnalysisInputError);
      expect(ingest.result).toMatchObject({
        code: 'TOO_MANY_COLUMNS',
        row: wideRow === 1 ? 1 : 1_048_576,
        reason: expect.stringMatching(/column XFD \(column 16,384\); at most 2,000 columns/),
      });
      expect(ingest.rssGrowthMb).toBeLessThan(1024);
      // The preview used to throw TypeError (reading 'datapoint') on the sparse header row.
      const preview = await measured(() => previewFile(f, { kind: 'suppliers' }));
      expect(preview.result).toMatchObject({ code: 'TOO_MANY_COLUMNS' });
      expect(preview.rssGrowthMb).toBeLessThan(1024);
    },
    60_000,
  );

  it('counts blank fill against the byte limit before writing it, and never writes trailing empty rows', async () => {
    const header = Array.from({ length: MAX_COLUMNS }, (_, i) => ({
      col: i + 1,
      value: i ? `C${i}` : 'Supplier Name',
    }));
    const wide = writeFile(
      dir,
      'fill.xlsx',
      makeXlsx({
        sheets: [
          {
            name: 'S',
            rows: [
              { r: 1, cells: header },
              { r: 1_048_576, cells: [{ col: 1, value: 'x' }] },
            ],
          },
        ],
      }),
    );
    const r = await measured(() => xlsxToCsv(wide, `${dir}/fill.csv`));
    expect(r.result).toMatchObject({
      code: 'XLSX_TOO_LARGE',
      row: 1_048_576,
      reason: expect.stringMatching(/follows 1,048,574 empty rows, which as CSV \(2,000 columns\) take 2,097 MB/),
    });
    expect(r.rssGrowthMb).toBeLessThan(1024);
    // A narrow sheet with a far row is legitimate: numbering is kept, the fill is counted.
    const narrow = writeFile(
      dir,
      'narrow.xlsx',
      makeXlsx({
        sheets: [
          {
            name: 'S',
            xml: sheetXml([
              { r: 1, cells: [{ col: 1, value: 'Supplier Name' }] },
              { r: 5, cells: [{ col: 1, value: 'Acme' }] },
            ]).replace(
              '</sheetData>',
              '<row r="1048576"><c r="A1048576" s="0"/><c r="XFD1048576" t="inlineStr"><is><t></t></is></c></row></sheetData>',
            ),
          },
        ],
      }),
    );
    const ok = await xlsxToCsv(narrow, `${dir}/narrow.csv`);
    expect(ok).toEqual({ rows: 5, sheets: ['S'], sheet: 'S' });
    expect(readFileSync(`${dir}/narrow.csv`, 'utf8')).toBe('Supplier Name\n\n\n\nAcme\n');
    await expect(xlsxToCsv(narrow, `${dir}/narrow2.csv`, { maxBytes: 16 })).rejects.toMatchObject({
      code: 'XLSX_TOO_LARGE',
    });
  }, 60_000);

  it('counts the bytes really inflated, whatever the zip directory declares', async () => {
    const f = writeFile(dir, 'lying.xlsx', lyingZipBomb(64 * 1024 * 1024, 1000));
    expect(declaredUncompressedSize(f)).toBeLessThan(10_000); // the directory lies
    const r = await measured(() => xlsxToCsv(f, `${dir}/lying.csv`, { maxBytes: 16 * 1024 * 1024 }));
    expect(r.result).toMatchObject({
      code: 'XLSX_TOO_LARGE',
      reason: expect.stringMatching(/inflates to more than 17 MB \(whatever its zip directory declares\)/),
    });
    expect(r.rssGrowthMb).toBeLessThan(512);
    await expect(readXlsxRows(f, { rows: 5, maxBytes: 16 * 1024 * 1024 })).rejects.toMatchObject({
      code: 'XLSX_TOO_LARGE',
    });
  }, 60_000);

  it('refuses an honest bomb from its declared sizes without starting a worker', async () => {
    const f = writeFile(
      dir,
      'honest.xlsx',
      makeXlsx({ sheets: [{ name: 'S', rows: ROWS, declaredSize: 50_000_000 }] }),
    );
    const t0 = performance.now();
    await expect(xlsxToCsv(f, `${dir}/honest.csv`, { maxBytes: 10_000_000 })).rejects.toMatchObject({
      code: 'XLSX_TOO_LARGE',
      reason: expect.stringMatching(/inflates to 50 MB, over the 10 MB limit/),
    });
    expect(performance.now() - t0).toBeLessThan(200);
  });

  it('refuses row numbers past Excel’s last row and cell references past column XFD', async () => {
    const far = writeFile(
      dir,
      'far-row.xlsx',
      makeXlsx({ sheets: [{ name: 'S', rows: [...ROWS, { r: 99_999_999_999, cells: [{ col: 1, value: 'x' }] }] }] }),
    );
    await expect(xlsxToCsv(far, `${dir}/far.csv`)).rejects.toMatchObject({
      code: 'TOO_MANY_ROWS',
      reason: expect.stringMatching(/row numbered 99,999,999,999, past Excel's last row \(1,048,576\)/),
    });
    const beyond = writeFile(
      dir,
      'beyond.xlsx',
      makeXlsx({
        sheets: [
          {
            name: 'S',
            rows: [
              {
                r: 1,
                cells: [
                  { col: 1, value: 'Supplier Name' },
                  { col: 'ZZZZZZ', value: 'x' },
                ],
              },
            ],
          },
        ],
      }),
    );
    const r = await measured(() => xlsxToCsv(beyond, `${dir}/beyond.csv`));
    expect(r.result).toMatchObject({ code: 'XLSX_INVALID' });
    expect(r.rssGrowthMb).toBeLessThan(512);
  }, 60_000);

  it('stops a workbook whose shared strings outgrow the worker’s heap; the calling thread keeps serving', async () => {
    const f = writeFile(dir, 'sst.xlsx', sharedStringsBomb(5_000_000)); // 85 MB of XML, millions of strings
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const r = await measured(() => xlsxToCsv(f, `${dir}/sst.csv`, { heapMb: 64 }));
    lag.disable();
    expect(r.result).toMatchObject({
      code: 'XLSX_TOO_LARGE',
      reason: expect.stringMatching(/needs more than \d+ MB of memory/),
    });
    expect(r.rssGrowthMb).toBeLessThan(512);
    // The parse ran in the worker: this thread's event loop was never held for long.
    expect(lag.max / 1e6).toBeLessThan(1000);
  }, 120_000);

  it('expands no XML entities (billion laughs, external entities)', async () => {
    const dtd =
      '<!DOCTYPE worksheet [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">' +
      '<!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;">' +
      '<!ENTITY x SYSTEM "file:///etc/passwd">]>';
    const xml = sheetXml([
      { r: 1, cells: [{ col: 1, value: 'Supplier Name' }] },
      { r: 2, cells: [{ col: 1, value: 'ENTITY' }] },
    ]).replace('?>', `?>${dtd}`);
    const f = writeFile(
      dir,
      'laughs.xlsx',
      makeXlsx({ sheets: [{ name: 'S', xml: xml.replace('ENTITY</t>', '&f;&x;</t>') }] }),
    );
    await expect(xlsxToCsv(f, `${dir}/laughs.csv`)).rejects.toMatchObject({
      code: 'XLSX_INVALID',
      reason: expect.stringMatching(/undefined entity/),
    });
    // In the shared strings, an entity reference stays text.
    const sst = `<?xml version="1.0"?>${dtd.replace('worksheet', 'sst')}<sst><si><t>&f;&x;</t></si><si><t>&amp;</t></si></sst>`;
    const g = writeFile(
      dir,
      'laughs-sst.xlsx',
      makeXlsx({
        sheets: [
          {
            name: 'S',
            xml: sheetXml([]).replace(
              '<sheetData></sheetData>',
              '<sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row></sheetData>',
            ),
          },
        ],
        sharedStrings: [],
        sharedStringsPart: deflated(sst),
      }),
    );
    await xlsxToCsv(g, `${dir}/laughs-sst.csv`);
    expect(readFileSync(`${dir}/laughs-sst.csv`, 'utf8')).toBe('&f;&x;,&\n');
  });

  it('stops a conversion at its wall clock', async () => {
    const f = writeFile(dir, 'slow.xlsx', makeXlsx({ sheets: [{ name: 'S', rows: ROWS }] }));
    await expect(xlsxToCsv(f, `${dir}/slow.csv`, { timeoutMs: 1 })).rejects.toMatchObject({ code: 'XLSX_TIMEOUT' });
  });

  it('refuses a value far to the right even when the row is otherwise short', async () => {
    const f = writeFile(
      dir,
      'right.xlsx',
      makeXlsx({
        sheets: [
          {
            name: 'S',
            rows: [
              ...ROWS,
              {
                r: 3,
                cells: [
                  { col: 1, value: 'B' },
                  { col: MAX_COLUMNS + 1, value: 'x' },
                ],
              },
            ],
          },
        ],
      }),
    );
    await expect(xlsxToCsv(f, `${dir}/right.csv`)).rejects.toMatchObject({
      code: 'TOO_MANY_COLUMNS',
      row: 3,
      reason: expect.stringContaining(`column ${colName(MAX_COLUMNS + 1)}`),
    });
  });
});

describe('worksheets', () => {
  it('lists every sheet, skips an empty first sheet by default, and takes a sheet by name or index', async () => {
    const other = [
      { r: 1, cells: [{ col: 1, value: 'Vendor' }] },
      { r: 2, cells: [{ col: 1, value: 'Globex' }] },
    ];
    // Shared strings after the worksheets, as Excel writes them (exceljs' streaming reader drops sheet 2 there).
    const f = writeFile(
      dir,
      'sheets.xlsx',
      makeXlsx({
        sheets: [
          { name: 'Cover', rows: [] },
          { name: 'Data', rows: ROWS },
          { name: 'Other', rows: other },
        ],
        sharedStrings: ['unused'],
      }),
    );
    expect(await xlsxToCsv(f, `${dir}/s0.csv`)).toEqual({ rows: 2, sheets: ['Cover', 'Data', 'Other'], sheet: 'Data' });
    expect(readFileSync(`${dir}/s0.csv`, 'utf8')).toBe('Supplier Name,Annual Spend\nAcme Ltd,1200\n');
    expect(await xlsxToCsv(f, `${dir}/s2.csv`, { sheet: 2 })).toMatchObject({ rows: 2, sheet: 'Other' });
    expect(readFileSync(`${dir}/s2.csv`, 'utf8')).toBe('Vendor\nGlobex\n');
    expect(await xlsxToCsv(f, `${dir}/s1.csv`, { sheet: 'other' })).toMatchObject({ sheet: 'Other' });
    expect(await xlsxToCsv(f, `${dir}/sc.csv`, { sheet: 'Cover' })).toMatchObject({ rows: 0, sheet: 'Cover' });
    await expect(xlsxToCsv(f, `${dir}/sx.csv`, { sheet: 'Totals' })).rejects.toMatchObject({
      code: 'UNKNOWN_SHEET',
      reason: 'the workbook has no sheet "Totals" (sheets: "Cover", "Data", "Other")',
    });
    await expect(xlsxToCsv(f, `${dir}/sx.csv`, { sheet: 3 })).rejects.toMatchObject({ code: 'UNKNOWN_SHEET' });
    expect(await readXlsxRows(f, { rows: 1, sheet: 'Other' })).toEqual({
      rows: [['Vendor']],
      rowNumbers: [1],
      sheets: ['Cover', 'Data', 'Other'],
      sheet: 'Other',
    });
    // workbook.xml after the worksheets in the zip: same answers.
    const late = writeFile(
      dir,
      'late.xlsx',
      makeXlsx({
        sheets: [
          { name: 'Cover', rows: [] },
          { name: 'Data', rows: ROWS },
        ],
        workbookLast: true,
      }),
    );
    expect(await xlsxToCsv(late, `${dir}/late.csv`)).toEqual({ rows: 2, sheets: ['Cover', 'Data'], sheet: 'Data' });
    // The old positional byte limit still works.
    expect(await xlsxToCsv(late, `${dir}/late2.csv`, 1_000_000)).toMatchObject({ sheet: 'Data' });
  }, 60_000);

  it('reads a workbook written by exceljs: dates, formulas, hyperlinks, booleans, rich text, a second sheet', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Notes');
    const ws = wb.addWorksheet('Spend');
    ws.addRow(['Supplier Name', 'Invoice Date', 'Amount', 'Paid', 'Site']);
    ws.addRow([
      'Acme, Ltd',
      new Date(Date.UTC(2024, 11, 31)),
      { formula: 'A1', result: 12.5 },
      true,
      { text: 'web', hyperlink: 'https://acme.example' },
    ]);
    ws.addRow([{ richText: [{ text: 'Glo' }, { text: 'bex', font: { bold: true } }] }, null, 7, false, 'x']);
    const f = `${dir}/exceljs.xlsx`;
    await wb.xlsx.writeFile(f);
    expect(await xlsxToCsv(f, `${dir}/exceljs.csv`)).toEqual({ rows: 3, sheets: ['Notes', 'Spend'], sheet: 'Spend' });
    expect(readFileSync(`${dir}/exceljs.csv`, 'utf8')).toBe(
      'Supplier Name,Invoice Date,Amount,Paid,Site\n"Acme, Ltd",2024-12-31,12.5,true,web\nGlobex,,7,false,x\n',
    );
  });

  it('reads shared strings: rich-text runs joined, phonetic runs left out, entities decoded', async () => {
    const xml = sheetXml([]).replace(
      '<sheetData></sheetData>',
      '<sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row><row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2" t="s"><v>3</v></c></row></sheetData>',
    );
    // Hand-written shared strings: rich runs, a phonetic run, entities, an empty <si/>.
    const sst =
      '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>Supplier Name</t></si><si><t xml:space="preserve">Amount </t></si>' +
      '<si><r><rPr><b/></rPr><t>Ac</t></r><r><t>me &amp; Sons</t></r><rPh sb="0" eb="1"><t>ア</t></rPh></si><si/></sst>';
    const g = writeFile(
      dir,
      'rich2.xlsx',
      makeXlsx({ sheets: [{ name: 'S', xml }], sharedStrings: [], sharedStringsPart: deflated(sst) }),
    );
    await xlsxToCsv(g, `${dir}/rich.csv`);
    expect(readFileSync(`${dir}/rich.csv`, 'utf8')).toBe('Supplier Name,Amount \nAcme & Sons,\n');
  });
});

function deflated(s: string) {
  const raw = Buffer.from(s);
  return { body: deflateRawSync(raw), crc: crc32(raw), size: raw.length };
}

describe('hostile CSV', () => {
  it('refuses a first line longer than the sniffed head, too many columns and binary content', async () => {
    const long = writeFile(dir, 'long.csv', 'Supplier Name,' + 'x'.repeat(300 * 1024) + '\nAcme,1\n');
    await expect(ingestFile({ file: long, kind: 'suppliers', workDir: dir })).rejects.toMatchObject({
      code: 'LINE_TOO_LONG',
    });
    await expect(previewFile(long)).rejects.toMatchObject({ code: 'LINE_TOO_LONG' });
    const wide = writeFile(
      dir,
      'wide.csv',
      ['Supplier Name', ...Array.from({ length: MAX_COLUMNS + 5 }, (_, i) => `C${i}`)].join(',') + '\nAcme\n',
    );
    await expect(ingestFile({ file: wide, kind: 'suppliers', workDir: dir })).rejects.toMatchObject({
      code: 'TOO_MANY_COLUMNS',
    });
    await expect(previewFile(wide)).rejects.toMatchObject({ code: 'TOO_MANY_COLUMNS' });
    const bin = writeFile(dir, 'bin.csv', Buffer.from('Supplier Name\nAc\u0000me\n'));
    await expect(ingestFile({ file: bin, kind: 'suppliers', workDir: dir })).rejects.toMatchObject({
      code: 'UNSUPPORTED_FORMAT',
    });
    await expect(previewFile(bin)).rejects.toMatchObject({ code: 'UNSUPPORTED_FORMAT' });
  });

  it('turns a line past the reader’s limit further down into an input error', async () => {
    const f = writeFile(dir, 'longrow.csv', `Supplier Name,Amount\nAcme,1\n"${'y'.repeat(4_200_000)}",2\nGlobex,3\n`);
    const r = await ingestFile({ file: f, kind: 'suppliers', workDir: dir }).catch((e: unknown) => e);
    // Either DuckDB rejects the row (reported) or gives up on the file (an input error); never another error.
    if (r instanceof AnalysisInputError) expect(r.code).toMatch(/LINE_TOO_LONG|UNREADABLE_FILE/);
    else expect(r).toMatchObject({ rowsAccepted: 2 });
  }, 60_000);

  it('previews a workbook whose header row has gaps (the sparse row behind the TypeError)', async () => {
    const f = writeFile(
      dir,
      'gaps.xlsx',
      makeXlsx({
        sheets: [
          {
            name: 'S',
            rows: [
              {
                r: 1,
                cells: [
                  { col: 1, value: 'Supplier Name' },
                  { col: 5, value: 'Annual Spend' },
                ],
              },
              {
                r: 2,
                cells: [
                  { col: 1, value: 'Acme' },
                  { col: 5, value: 10 },
                ],
              },
            ],
          },
        ],
      }),
    );
    const p = await previewFile(f, { kind: 'invoices' });
    expect(p.headers).toEqual(['Supplier Name', 'Column 2', 'Column 3', 'Column 4', 'Annual Spend']);
    expect(p.rows).toEqual([['Acme', '', '', '', '10']]);
    expect(p.detected.columns).toHaveLength(5);
  });
});
