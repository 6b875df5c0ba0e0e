/**
 * Outcome and contact files of a workflow (CSV, parsed with csv-parse). Outcomes: a supplier id or key, the
 * status, optionally the date and a note. Contacts: a supplier id or key and the contact email. Every row is
 * checked first (columns, supplier in the workflow, status name and legal transition, date, duplicates); any
 * error answers 400 with a row-level report and nothing is applied. A valid file is applied in one transaction.
 */
import type { FastifyRequest } from 'fastify';
import { parse } from 'csv-parse/sync';
import {
  ENROLMENT_STATUSES,
  OUTCOME_MAX_BYTES,
  OUTCOME_MAX_ROWS,
  canMoveEnrolment,
  type TEnrolmentStatus,
  type TOutcomeUploadResult,
} from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { AppError, badRequest, fieldError } from '../../lib/errors.ts';
import * as enrolmentsRepo from './enrolments.repo.ts';
import { actorOf, auditWorkflow, openWorkflow } from './workflow-access.ts';
import { applyStatuses } from './suppliers.service.ts';

const MAX_REPORTED = 200;
const norm = (h: string) =>
  h
    .replace(/^\uFEFF/, '')
    .trim()
    .replace(/[\s_-]+/g, '')
    .toLowerCase();

async function readCsv(req: FastifyRequest): Promise<{ name: string; rows: string[][] }> {
  if (!req.isMultipart()) throw fieldError('file', 'Upload a CSV file as the multipart/form-data field "file"');
  const part = await req.file({ limits: { fileSize: OUTCOME_MAX_BYTES, files: 1 } });
  if (!part) throw fieldError('file', 'Choose a CSV file to upload');
  const buf = await part.toBuffer().catch((err: unknown) => {
    if (part.file.truncated || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'ValidationError', `The file is larger than ${OUTCOME_MAX_BYTES / 1024 / 1024} MB`, [
        { path: 'file', message: 'too large' },
      ]);
    throw err;
  });
  let rows: string[][];
  try {
    rows = parse(buf, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch (err) {
    throw fieldError(
      'file',
      `"${part.filename}" is not a readable CSV file (${(err as Error).message.split('\n')[0]})`,
    );
  }
  if (rows.length < 2) throw fieldError('file', `"${part.filename}" has no data rows under its header`);
  if (rows.length - 1 > OUTCOME_MAX_ROWS)
    throw fieldError('file', `"${part.filename}" has more than ${OUTCOME_MAX_ROWS.toLocaleString('en')} rows`);
  return { name: part.filename, rows };
}

interface Columns {
  key: number;
  id: number;
  extra: Record<string, number>;
}

function columnsOf(header: string[], required: string[], optional: string[]): Columns {
  const idx = new Map(header.map((h, i) => [norm(h), i]));
  const allowed = new Set(['supplierkey', 'supplierid', ...required, ...optional].map(norm));
  const errors: { path: string; message: string }[] = [];
  header.forEach((h, i) => {
    if (!allowed.has(norm(h))) errors.push({ path: `columns.${i + 1}`, message: `unknown column "${h}"` });
  });
  const key = idx.get('supplierkey') ?? -1;
  const id = idx.get('supplierid') ?? -1;
  if (key < 0 && id < 0)
    errors.push({ path: 'columns', message: 'a "supplierKey" or "supplierId" column is required' });
  for (const r of required)
    if (!idx.has(norm(r))) errors.push({ path: 'columns', message: `a "${r}" column is required` });
  if (errors.length)
    throw badRequest(
      `The file's columns are not usable: ${errors.map((e) => e.message).join('; ')}. Expected supplierKey or supplierId, ${[...required, ...optional.map((o) => `${o} (optional)`)].join(', ')}. Nothing was applied`,
      errors,
    );
  const extra: Record<string, number> = {};
  for (const c of [...required, ...optional]) extra[c] = idx.get(norm(c)) ?? -1;
  return { key, id, extra };
}

/** Enrolments named by the rows (by key or by supplier id), with row errors for unknown and duplicate suppliers. */
async function resolveRows(
  ctx: AppContext,
  workflowId: string,
  rows: string[][],
  cols: Columns,
  errors: { path: string; message: string }[],
) {
  const cell = (r: string[], i: number) => (i >= 0 ? (r[i] ?? '').trim() : '');
  const keys = rows.map((r) => cell(r, cols.key)).filter(Boolean);
  const ids = rows.map((r) => cell(r, cols.id)).filter(Boolean);
  const byKey = new Map(
    (await enrolmentsRepo.enrolmentsByKeys(ctx.db, workflowId, [...new Set(keys)])).map((e) => [e.supplierKey, e]),
  );
  const byId = new Map<string, enrolmentsRepo.EnrolmentRow[]>();
  for (const e of await enrolmentsRepo.enrolmentsBySupplierIds(ctx.db, workflowId, [...new Set(ids)]))
    (byId.get(e.supplierId!) ?? byId.set(e.supplierId!, []).get(e.supplierId!)!).push(e);
  const seen = new Map<string, number>();
  return rows.map((r, i) => {
    const line = i + 2;
    const key = cell(r, cols.key);
    const sid = cell(r, cols.id);
    let en: enrolmentsRepo.EnrolmentRow | undefined;
    if (key) {
      en = byKey.get(key);
      if (!en)
        errors.push({ path: `row ${line}: supplierKey`, message: `"${key}" is not a supplier of this workflow` });
    } else if (sid) {
      const found = byId.get(sid) ?? [];
      if (found.length === 1) en = found[0];
      else if (!found.length)
        errors.push({ path: `row ${line}: supplierId`, message: `"${sid}" is not a supplier of this workflow` });
      else
        errors.push({
          path: `row ${line}: supplierId`,
          message: `"${sid}" names ${found.length} suppliers of this workflow: use supplierKey`,
        });
    } else errors.push({ path: `row ${line}: supplier`, message: 'supplierKey or supplierId is empty' });
    if (en) {
      const first = seen.get(en.id);
      if (first) {
        errors.push({ path: `row ${line}: supplier`, message: `"${en.supplierName}" is already on row ${first}` });
        en = undefined;
      } else seen.set(en.id, line);
    }
    return en;
  });
}

function reject(name: string, rows: number, errors: { path: string; message: string }[]): never {
  throw badRequest(
    `"${name}": ${errors.length}${errors.length >= MAX_REPORTED ? '+' : ''} error${errors.length === 1 ? '' : 's'} in ${rows} row${rows === 1 ? '' : 's'}; nothing was applied. ${errors
      .slice(0, 3)
      .map((e) => `${e.path}: ${e.message}`)
      .join('; ')}`,
    errors.slice(0, MAX_REPORTED),
  );
}

function parseDate(v: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v)) return null;
  const d = new Date(v.length === 10 ? `${v}T12:00:00Z` : v);
  return Number.isNaN(d.getTime()) ? null : d;
}

export async function uploadOutcomes(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  jobId: string,
  id: string,
): Promise<TOutcomeUploadResult> {
  const { wf } = await openWorkflow(ctx, auth, jobId, id);
  const { name, rows } = await readCsv(req);
  const cols = columnsOf(rows[0]!, ['status'], ['date', 'note']);
  const data = rows.slice(1);
  const errors: { path: string; message: string }[] = [];
  const enrolments = await resolveRows(ctx, id, data, cols, errors);
  const now = Date.now();
  const changes: Parameters<typeof applyStatuses>[2] = [];
  data.forEach((r, i) => {
    const line = i + 2;
    const raw = (r[cols.extra.status!] ?? '').trim();
    const status = ENROLMENT_STATUSES.find((s) => s.toLowerCase() === raw.toLowerCase()) as
      TEnrolmentStatus | undefined;
    if (!status)
      errors.push({
        path: `row ${line}: status`,
        message: `"${raw}" is not a status; use ${ENROLMENT_STATUSES.join(', ')}`,
      });
    const dateRaw = cols.extra.date! >= 0 ? (r[cols.extra.date!] ?? '').trim() : '';
    let at: Date | undefined;
    if (dateRaw) {
      const d = parseDate(dateRaw);
      if (!d) errors.push({ path: `row ${line}: date`, message: `"${dateRaw}" is not a date (use YYYY-MM-DD)` });
      else if (d.getTime() > now + 86_400_000)
        errors.push({ path: `row ${line}: date`, message: `${dateRaw} is in the future` });
      else at = d;
    }
    const note = cols.extra.note! >= 0 ? (r[cols.extra.note!] ?? '').trim().slice(0, 2000) : '';
    const en = enrolments[i];
    if (en && status && status !== en.status && !canMoveEnrolment(en.status, status))
      errors.push({
        path: `row ${line}: status`,
        message: `"${en.supplierName}" is ${en.status}; it cannot move to ${status}`,
      });
    if (en && status) changes.push({ enrolment: en, status, note: note || null, ...(at ? { at } : {}) });
  });
  if (errors.length) reject(name, data.length, errors);
  const actor = actorOf(auth);
  const r = await ctx.db.transaction(async (tx) => {
    const out = await applyStatuses(tx, id, changes, actor);
    await auditWorkflow(tx, req, 'outcomes.upload', wf.workflow, { fileName: name, rows: data.length, ...out });
    return out;
  });
  return {
    rows: data.length,
    applied: r.updated,
    unchanged: r.unchanged,
    message: `"${name}": ${r.updated} outcome${r.updated === 1 ? '' : 's'} applied${r.unchanged ? `, ${r.unchanged} unchanged` : ''}`,
  };
}

const EMAIL = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;

export async function uploadContacts(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  jobId: string,
  id: string,
): Promise<TOutcomeUploadResult> {
  const { wf } = await openWorkflow(ctx, auth, jobId, id);
  const { name, rows } = await readCsv(req);
  const cols = columnsOf(rows[0]!, ['contactEmail'], []);
  const data = rows.slice(1);
  const errors: { path: string; message: string }[] = [];
  const enrolments = await resolveRows(ctx, id, data, cols, errors);
  const changes: { en: enrolmentsRepo.EnrolmentRow; email: string }[] = [];
  data.forEach((r, i) => {
    const email = (r[cols.extra.contactEmail!] ?? '').trim();
    if (!EMAIL.test(email) || email.length > 320)
      errors.push({ path: `row ${i + 2}: contactEmail`, message: `"${email}" is not an email address` });
    else if (enrolments[i]) changes.push({ en: enrolments[i]!, email });
  });
  if (errors.length) reject(name, data.length, errors);
  const actor = actorOf(auth);
  const real = changes.filter((c) => c.en.contactEmail !== c.email);
  await ctx.db.transaction(async (tx) => {
    for (const c of real) await enrolmentsRepo.updateEnrolment(tx, c.en.id, { contactEmail: c.email });
    await enrolmentsRepo.insertEvents(
      tx,
      real.map((c) => ({
        enrolmentId: c.en.id,
        kind: 'contact' as const,
        note: `Contact set to ${c.email}`,
        userId: actor.id,
        userName: actor.name,
      })),
    );
    await auditWorkflow(tx, req, 'contacts.upload', wf.workflow, {
      fileName: name,
      rows: data.length,
      updated: real.length,
    });
  });
  return {
    rows: data.length,
    applied: real.length,
    unchanged: changes.length - real.length,
    message: `"${name}": ${real.length} contact${real.length === 1 ? '' : 's'} set${changes.length - real.length ? `, ${changes.length - real.length} unchanged` : ''}`,
  };
}
