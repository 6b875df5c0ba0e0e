/**
 * Builders of hostile (and honest) XLSX files for the attack and fuzz tests: a minimal zip writer with full control
 * over what the headers declare (so the central directory can lie about sizes), and minimal SpreadsheetML parts.
 * Used by packages/analysis/test (unit, fuzz) and apps/server tests (the same files uploaded over HTTP).
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

/** An entry already deflated: the compressed body, the CRC and the size of the inflated data. */
export interface Deflated {
  body: Buffer;
  crc: number;
  size: number;
}

export interface ZipEntry {
  name: string;
  data: Buffer | string | Deflated;
  /** 8 = deflate (default), 0 = stored */
  method?: 0 | 8;
  /** uncompressed size written in the local header and the central directory instead of the true one */
  declaredSize?: number;
}

/** A zip archive; `declaredSize` makes both headers lie about an entry's inflated size. */
export function makeZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const pre = typeof e.data === 'object' && !Buffer.isBuffer(e.data) ? e.data : null;
    const raw = pre ? null : Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data as string, 'utf8');
    const method = pre ? 8 : (e.method ?? 8);
    const body = pre ? pre.body : method === 8 ? deflateRawSync(raw!, { level: 9 }) : raw!;
    const name = Buffer.from(e.name, 'utf8');
    const crc = pre ? pre.crc : crc32(raw!);
    const size = e.declaredSize ?? (pre ? pre.size : raw!.length);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size >>> 0, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size >>> 0, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Column number (1-based) → letters: 1 → A, 16384 → XFD. */
export function colName(n: number): string {
  let s = '';
  for (let c = n; c > 0; c = Math.floor((c - 1) / 26)) s = String.fromCharCode(65 + ((c - 1) % 26)) + s;
  return s;
}

/** A cell for sheetXml: inline string, or a number. */
export type CellSpec = { col: number | string; value: string | number };
export type RowSpec = { r: number; cells: CellSpec[] };

/** `<sheetData>` of the given rows; `col` is a number or a raw reference column such as "XFD". */
export function sheetXml(rows: RowSpec[], extra = ''): string {
  const body = rows
    .map(
      (row) =>
        `<row r="${row.r}">${row.cells
          .map((c) => {
            const ref = `${typeof c.col === 'number' ? colName(c.col) : c.col}${row.r}`;
            return typeof c.value === 'number'
              ? `<c r="${ref}"><v>${c.value}</v></c>`
              : `<c r="${ref}" t="inlineStr"><is><t>${esc(c.value)}</t></is></c>`;
          })
          .join('')}</row>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${extra}<sheetData>${body}</sheetData></worksheet>`;
}

export interface XlsxSpec {
  /** worksheets in workbook order: name and the sheet XML (or rows) */
  sheets: { name: string; xml?: string | Deflated; rows?: RowSpec[]; declaredSize?: number }[];
  sharedStrings?: string[];
  /** the shared-strings part as given (replaces the one built from `sharedStrings`) */
  sharedStringsPart?: Deflated;
  /** workbook.xml after the worksheets in the zip */
  workbookLast?: boolean;
}

/** A minimal but valid XLSX (Excel and exceljs read it). */
export function makeXlsx(spec: XlsxSpec): Buffer {
  const n = spec.sheets.length;
  const sheetEntries: ZipEntry[] = spec.sheets.map((s, i) => ({
    name: `xl/worksheets/sheet${i + 1}.xml`,
    data: s.xml ?? sheetXml(s.rows ?? []),
    ...(s.declaredSize !== undefined ? { declaredSize: s.declaredSize } : {}),
  }));
  const workbook: ZipEntry[] = [
    {
      name: 'xl/workbook.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${spec.sheets
        .map((s, i) => `<sheet name="${esc(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
        .join('')}</sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${Array.from(
        { length: n },
        (_, i) =>
          `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
      ).join(
        '',
      )}${spec.sharedStrings ? `<Relationship Id="rId${n + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>` : ''}</Relationships>`,
    },
  ];
  const head: ZipEntry[] = [
    {
      name: '[Content_Types].xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${spec.sheets
        .map(
          (_, i) =>
            `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
        )
        .join(
          '',
        )}${spec.sharedStrings ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' : ''}</Types>`,
    },
    {
      name: '_rels/.rels',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
  ];
  const shared: ZipEntry[] = spec.sharedStrings
    ? [
        {
          name: 'xl/sharedStrings.xml',
          data:
            spec.sharedStringsPart ??
            `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${spec.sharedStrings.length}" uniqueCount="${spec.sharedStrings.length}">${spec.sharedStrings.map((s) => `<si><t>${esc(s)}</t></si>`).join('')}</sst>`,
        },
      ]
    : [];
  const parts = spec.workbookLast
    ? [...head, ...sheetEntries, ...shared, ...workbook]
    : [...head, ...workbook, ...sheetEntries, ...shared];
  return makeZip(parts);
}

/**
 * The XFD bomb (1.6 KB): a header row with a cell at XFD1, and a second row numbered 1,048,576.
 * `wideRow: 2` puts the wide cell in the second row instead.
 */
export function xfdBomb(wideRow: 1 | 2 = 1): Buffer {
  const header: CellSpec[] = [
    { col: 1, value: 'Supplier Name' },
    { col: 2, value: 'Annual Spend' },
  ];
  const last: CellSpec[] = [
    { col: 1, value: 'Acme Ltd' },
    { col: 2, value: 100 },
  ];
  (wideRow === 1 ? header : last).push({ col: 'XFD', value: 'x' });
  return makeXlsx({
    sheets: [
      {
        name: 'Suppliers',
        rows: [
          { r: 1, cells: header },
          { r: 1_048_576, cells: last },
        ],
      },
    ],
  });
}

/**
 * Deflates prefix + `repeats` copies of `pattern` + suffix without holding the repeated part in memory: independently
 * compressed, sync-flushed blocks concatenate into one valid deflate stream, so one compressed block is repeated.
 */
export function deflateRun(prefix: string, pattern: string, repeats: number, suffix: string): Deflated {
  const sync = { level: 9, finishFlush: constants.Z_SYNC_FLUSH };
  const unit = Buffer.from(pattern);
  const perBlock = Math.max(1, Math.floor((1 << 20) / unit.length));
  const block = Buffer.concat(Array.from({ length: perBlock }, () => unit));
  const parts = [deflateRawSync(Buffer.from(prefix), sync)];
  let crc = crc32(Buffer.from(prefix));
  const full = Math.floor(repeats / perBlock);
  const blockBody = deflateRawSync(block, sync);
  for (let i = 0; i < full; i++) {
    parts.push(blockBody);
    crc = crc32(block, crc);
  }
  const rest = Buffer.concat(Array.from({ length: repeats - full * perBlock }, () => unit));
  parts.push(deflateRawSync(rest, sync));
  crc = crc32(rest, crc);
  parts.push(deflateRawSync(Buffer.from(suffix), { level: 9 }));
  crc = crc32(Buffer.from(suffix), crc);
  return {
    body: Buffer.concat(parts),
    crc,
    size: Buffer.byteLength(prefix) + repeats * unit.length + Buffer.byteLength(suffix),
  };
}

/**
 * A worksheet that inflates to about `inflatedBytes` of XML (a run of spaces between elements) while both zip
 * headers declare only `declared` bytes: the central directory lies.
 */
export function lyingZipBomb(inflatedBytes: number, declared = 1000): Buffer {
  const xml = sheetXml([
    { r: 1, cells: [{ col: 1, value: 'Supplier Name' }] },
    { r: 2, cells: [{ col: 1, value: 'Acme Ltd' }] },
  ]);
  const at = xml.indexOf('<sheetData>');
  return makeXlsx({
    sheets: [
      { name: 'Sheet1', xml: deflateRun(xml.slice(0, at), ' ', inflatedBytes, xml.slice(at)), declaredSize: declared },
    ],
  });
}

/**
 * A workbook whose shared-string table holds `count` one-letter strings (17 bytes of XML each): small to inflate,
 * large to hold in memory, for the worker's heap cap.
 */
export function sharedStringsBomb(count: number): Buffer {
  const sst = deflateRun(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">',
    '<si><t>a</t></si>',
    count,
    '</sst>',
  );
  return makeXlsx({
    sheets: [{ name: 'Sheet1', rows: [{ r: 1, cells: [{ col: 1, value: 'Supplier Name' }] }] }],
    sharedStrings: [],
    sharedStringsPart: sst,
  });
}
