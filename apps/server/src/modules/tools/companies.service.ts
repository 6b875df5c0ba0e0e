/**
 * Companies lookup: search the reference network (the card-acceptance merchants every job matches against) and the
 * imported company register by name or number. A register import is a CSV in the documented layout
 * (COMPANY_REGISTER_COLUMNS), validated row by row with csv-parse; any invalid row refuses the whole file.
 */
import { parse } from 'csv-parse/sync';
import type { FastifyRequest } from 'fastify';
import { withDb } from '@sextant/analysis';
import {
  COMPANY_REGISTER_COLUMNS,
  COMPANY_REGISTER_MAX_ROWS,
  type TCompany,
  type TCompanyRegisterImportResult,
  type TCompanySearchResult,
  type TRegisterOfficer,
} from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { writeAudit } from '../../lib/audit.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import { csvDelimiter, readUploadedFile, uploadText } from '../../lib/upload-buffer.ts';
import { existingNetworkFile } from '../jobs/index.ts';
import { isInternalStaff } from '../authorization/index.ts';
import { importRegister, searchRegister, type RegisterRow } from './tools.repo.ts';
import { networkSearchSql, type NetworkCompanyRow } from './companies-sql.ts';

const REGISTER_MAX_BYTES = 100 * 1024 * 1024;
const headerKey = (h: string) => h.toLowerCase().replace(/[^a-z]/g, '');
const COLUMN_BY_HEADER = new Map<string, string>([
  ...COMPANY_REGISTER_COLUMNS.map((c) => [headerKey(c.key), c.key] as const),
  ['companynumber', 'number'],
  ['companyname', 'name'],
  ['companystatus', 'status'],
  ['registeredaddress', 'address'],
  ['registeredofficeaddress', 'address'],
  ['sicnumber', 'sic'],
  ['siccodes', 'sic'],
]);

function parseDate(v: string): string | null | 'invalid' {
  if (!v) return null;
  let y: number, m: number, d: number;
  let match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v)))
    [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else return 'invalid';
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return 'invalid';
  if (y < 1800 || date.getTime() > Date.now()) return 'invalid';
  return date.toISOString().slice(0, 10);
}

/** "Jane Smith (Director, appointed 2019-04-01); John Doe (Secretary)" → officers. */
export function parseOfficers(v: string): TRegisterOfficer[] | 'invalid' {
  const out: TRegisterOfficer[] = [];
  for (const raw of v
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^([^()]+?)\s*(?:\(([^)]*)\))?$/.exec(raw);
    if (!m) return 'invalid';
    const inner = (m[2] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    let role: string | null = null;
    let appointedOn: string | null = null;
    for (const p of inner) {
      const date = /^(?:appointed\s+)?(\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}\/\d{4})$/i.exec(p);
      if (date) {
        const d = parseDate(date[1]!);
        if (d === 'invalid') return 'invalid';
        appointedOn = d;
      } else role = role ? `${role}, ${p}` : p;
    }
    out.push({ name: m[1]!.trim(), role, appointedOn });
  }
  return out;
}

/** Reads and validates a register CSV: every row checked, every problem named (up to 50) — no partial import. */
export function readRegisterCsv(text: string): RegisterRow[] {
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      delimiter: csvDelimiter(text),
    });
  } catch (e) {
    throw badRequest(`The file is not a readable CSV: ${(e as Error).message}`, [
      { path: 'file', message: (e as Error).message },
    ]);
  }
  if (!records.length) throw badRequest('The file has no header row', [{ path: 'file', message: 'empty' }]);
  const header = records[0]!.map((h) => COLUMN_BY_HEADER.get(headerKey(h)) ?? null);
  const missing = COMPANY_REGISTER_COLUMNS.filter((c) => c.required && !header.includes(c.key)).map((c) => c.key);
  if (missing.length)
    throw badRequest(`The header row lacks the required column(s) ${missing.join(', ')}`, [
      { path: 'file', message: `missing columns: ${missing.join(', ')}` },
    ]);
  if (records.length - 1 > COMPANY_REGISTER_MAX_ROWS)
    throw badRequest(`The file has more than ${COMPANY_REGISTER_MAX_ROWS.toLocaleString('en')} companies`, [
      { path: 'file', message: 'too many rows' },
    ]);
  const errors: { path: string; message: string }[] = [];
  const rows: RegisterRow[] = [];
  const seen = new Map<string, number>();
  for (let i = 1; i < records.length; i++) {
    const rec = records[i]!;
    const line = i + 1;
    const get = (key: string) => {
      const idx = header.indexOf(key);
      return idx >= 0 ? (rec[idx] ?? '').trim() : '';
    };
    const err = (field: string, message: string) => errors.push({ path: `row ${line}.${field}`, message });
    const number = get('number').toUpperCase().replace(/\s+/g, '');
    const name = get('name');
    if (!number) err('number', 'company number is empty');
    else if (!/^[A-Z0-9-]{1,20}$/.test(number))
      err('number', `"${get('number')}" is not a company number (letters and digits, up to 20)`);
    else if (seen.has(number)) err('number', `company number ${number} is also on row ${seen.get(number)}`);
    else seen.set(number, line);
    if (!name) err('name', 'name is empty');
    else if (name.length > 300) err('name', 'name is longer than 300 characters');
    const status = get('status') || null;
    if (status && status.length > 60) err('status', 'status is longer than 60 characters');
    const incorporationDate = parseDate(get('incorporationDate'));
    if (incorporationDate === 'invalid')
      err('incorporationDate', `"${get('incorporationDate')}" is not a past date (YYYY-MM-DD or DD/MM/YYYY)`);
    const sic = get('sic')
      .split(/[;|]/)
      .map((s) => s.trim())
      .filter(Boolean);
    const badSic = sic.filter((s) => !/^\d{4,5}$/.test(s));
    if (badSic.length) err('sic', `"${badSic.join('", "')}" is not a SIC code (4 or 5 digits)`);
    const officersText = get('officers');
    const officers = officersText ? parseOfficers(officersText) : null;
    if (officers === 'invalid')
      err('officers', `"${officersText}" is not a list of "Name (Role, appointed YYYY-MM-DD)"`);
    if (errors.length >= 50) break;
    rows.push({
      number,
      name,
      status,
      address: get('address') || null,
      incorporationDate: incorporationDate === 'invalid' ? null : incorporationDate,
      sic,
      officers: officers === 'invalid' ? null : officers,
    });
  }
  if (errors.length)
    throw badRequest(
      `The register file has ${errors.length >= 50 ? '50 or more' : errors.length} invalid value(s); nothing was imported. First: ${errors[0]!.path}: ${errors[0]!.message}`,
      errors,
    );
  if (!rows.length) throw badRequest('The file has no companies', [{ path: 'file', message: 'no data rows' }]);
  return rows;
}

export async function importRegisterFile(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
): Promise<TCompanyRegisterImportResult> {
  // The register is shared reference data: an import changes every tenant's company lookup.
  if (!isInternalStaff(auth))
    throw forbidden('The company register is shared by every issuer; only internal staff may import it');
  const file = await readUploadedFile(req, REGISTER_MAX_BYTES, 'a company register CSV');
  const rows = readRegisterCsv(uploadText(file));
  const { updated } = await ctx.db.transaction(async (tx) => {
    const r = await importRegister(tx, file.fileName, rows, auth.user.id);
    await writeAudit(
      tx,
      {
        action: 'tools.company-register.import',
        targetType: 'company-register',
        targetId: r.importId,
        details: { fileName: file.fileName, rows: rows.length, updated: r.updated },
      },
      req,
    );
    return r;
  });
  return {
    success: true,
    statusCode: 200,
    message: `${rows.length} compan${rows.length === 1 ? 'y' : 'ies'} imported from ${file.fileName} (${updated} updated)`,
    imported: rows.length,
    updated,
  };
}

const s = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));

async function searchNetwork(file: string, q: string, limit: number): Promise<TCompany[]> {
  const rows = await withDb({ memoryLimit: '256MB', threads: 1 }, (db) =>
    db.all<NetworkCompanyRow>(networkSearchSql(file, q, limit)),
  );
  return rows.map((r) => ({
    source: 'network' as const,
    number: String(r.merchantId),
    name: String(r.name),
    status:
      r.acceptsCard === null || r.acceptsCard === undefined
        ? null
        : r.acceptsCard
          ? 'Accepts cards'
          : 'No card acceptance',
    address: [r.addressLine1, r.addressLine2, [r.postcode, r.city].filter(Boolean).join(' '), r.region]
      .map(s)
      .filter(Boolean)
      .join(', '),
    country: s(r.country),
    incorporationDate: null,
    sic: [],
    mcc: s(r.mcc),
    taxId: s(r.taxId),
    officers: null,
  }));
}

export async function searchCompanies(
  ctx: AppContext,
  query: { q: string; source: 'all' | 'network' | 'register'; limit: number },
): Promise<TCompanySearchResult> {
  const results: TCompany[] = [];
  const sources: TCompanySearchResult['sources'] = [];
  if (query.source !== 'network') {
    const rows = await searchRegister(ctx.db, query.q, query.limit);
    results.push(
      ...rows.map((r) => ({
        source: 'register' as const,
        number: r.number,
        name: r.name,
        status: r.status,
        address: r.address,
        country: null,
        incorporationDate: r.incorporationDate,
        sic: r.sic,
        mcc: null,
        taxId: null,
        officers: r.officers ?? null,
      })),
    );
    sources.push({ source: 'register', searched: true, note: null });
  }
  if (query.source !== 'register') {
    const file = existingNetworkFile(ctx);
    if (file) {
      results.push(...(await searchNetwork(file, query.q, query.limit)));
      sources.push({ source: 'network', searched: true, note: null });
    } else
      sources.push({
        source: 'network',
        searched: false,
        note: 'The reference network is prepared with the first analysis run; it is not there yet',
      });
  }
  return { results, sources };
}
