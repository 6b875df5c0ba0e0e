/**
 * Supplier include and exclude lists of an issuer: upload (CSV/XLSX, replace or append), paged view, add and
 * remove entries, clear. Read with Issuer_View within the caller's read scope; changed with Issuer_Update by
 * callers who manage the issuer (assertIssuerManageable: other issuers → 404, readable but not managed → 403).
 * The issuers' hasSupplierIncludeList / hasSupplierExcludeList flags are kept in step in the same transaction.
 * Every change is audited. `supplierListEntriesOf` is the analysis's read side (applied in DuckDB by the engine).
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { normaliseSupplierNames, type SupplierListEntry } from '@sextant/analysis';
import type { DbOrTx } from '@sextant/db';
import {
  SUPPLIER_LIST_LABELS,
  SUPPLIER_LIST_MAX_BYTES,
  SUPPLIER_LIST_MAX_ENTRIES,
  type TPagedResult,
  type TSupplierListEntry,
  type TSupplierListsSummary,
  type TSupplierListType,
  type TSupplierListUploadResult,
} from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { writeAudit } from '../../lib/audit.ts';
import { createFileStream } from '../../lib/durable-fs.ts';
import { AppError, conflict, fieldError, notFound } from '../../lib/errors.ts';
import { assertIssuerManageable, assertIssuerReadable } from '../issuer-members/index.ts';
import { readSupplierFile } from './supplier-lists.file.ts';
import {
  deleteEntries,
  entriesOf,
  findEntry,
  insertEntries,
  listCounts,
  pageEntries,
  syncFlags,
  type NewEntry,
  type SupplierListRow,
} from './supplier-lists.repo.ts';

/** The issuer's supplier list entries for the analysis (no access check: the caller is the pipeline). */
export async function supplierListEntriesOf(db: DbOrTx, issuerId: string): Promise<SupplierListEntry[]> {
  return (await entriesOf(db, issuerId)).map((r) => ({
    listType: r.listType === 'include' ? 'include' : 'exclude',
    normalisedName: r.normalisedName,
    supplierId: r.supplierId,
  }));
}

const toEntry = (r: SupplierListRow): TSupplierListEntry => ({
  id: r.id,
  supplierName: r.supplierName,
  supplierId: r.supplierId,
  normalisedName: r.normalisedName,
  createdAt: r.createdAt.toISOString(),
});

const audit = (db: DbOrTx, req: FastifyRequest, action: string, issuerId: string, details: Record<string, unknown>) =>
  writeAudit(
    db,
    { action: `issuer.supplierList.${action}`, targetType: 'issuer', targetId: issuerId, issuerId, details },
    req,
  );

export async function listsSummary(
  ctx: AppContext,
  auth: AuthContext,
  issuerId: string,
): Promise<TSupplierListsSummary> {
  await assertIssuerReadable(ctx, auth, issuerId);
  const out: TSupplierListsSummary = { include: { count: 0, updatedAt: null }, exclude: { count: 0, updatedAt: null } };
  for (const r of await listCounts(ctx.db, issuerId)) {
    const at = r.updatedAt as Date | string | null;
    out[r.listType] = {
      count: Number(r.n),
      updatedAt: at ? new Date(at).toISOString() : null,
    };
  }
  return out;
}

export async function listPage(
  ctx: AppContext,
  auth: AuthContext,
  issuerId: string,
  listType: TSupplierListType,
  q: { pageNumber: number; pageSize: number; search?: string | undefined },
): Promise<TPagedResult<TSupplierListEntry>> {
  await assertIssuerReadable(ctx, auth, issuerId);
  const { rows, total } = await pageEntries(ctx.db, issuerId, listType, q);
  const totalPages = Math.max(1, Math.ceil(total / q.pageSize));
  return {
    collection: rows.map(toEntry),
    currentPage: q.pageNumber,
    hasNextPage: q.pageNumber < totalPages,
    hasPreviousPage: q.pageNumber > 1,
    pageSize: q.pageSize,
    totalCount: total,
    totalPages,
  };
}

const entryKey = (e: { normalisedName: string; supplierId: string | null }) =>
  `${e.normalisedName}\u0000${e.supplierId ?? ''}`;

export async function uploadList(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  issuerId: string,
  listType: TSupplierListType,
  mode: 'replace' | 'append',
): Promise<TSupplierListUploadResult> {
  if (!req.isMultipart()) throw fieldError('file', 'Upload a CSV or XLSX file as the multipart/form-data field "file"');
  await assertIssuerManageable(ctx, auth, issuerId);
  const part = await req.file({ limits: { fileSize: SUPPLIER_LIST_MAX_BYTES, files: 1 } });
  if (!part) throw fieldError('file', 'Choose a CSV or XLSX file to upload');
  const originalName = path.basename(part.filename || 'upload');
  const dir = path.join(ctx.config.DATA_DIR, 'tmp', 'supplier-lists');
  await mkdir(dir, { recursive: true });
  const stored = path.join(dir, crypto.randomUUID());
  try {
    await pipeline(part.file, await createFileStream(stored));
    if (part.file.truncated)
      throw new AppError(
        413,
        'ValidationError',
        `"${originalName}" is larger than the ${SUPPLIER_LIST_MAX_BYTES / 1024 / 1024} MB limit`,
        [{ path: 'file', message: 'too large' }],
      );
    const parsed = await readSupplierFile(stored, originalName);
    let duplicates = parsed.duplicates;
    const result = await ctx.db.transaction(async (tx) => {
      let entries: NewEntry[] = parsed.entries;
      if (mode === 'replace') await deleteEntries(tx, issuerId, listType);
      else {
        const existing = new Set((await entriesOf(tx, issuerId, listType)).map(entryKey));
        entries = parsed.entries.filter((e) => !existing.has(entryKey(e)));
        duplicates += parsed.entries.length - entries.length;
        if (existing.size + entries.length > SUPPLIER_LIST_MAX_ENTRIES)
          throw fieldError(
            'file',
            `The list would hold more than ${SUPPLIER_LIST_MAX_ENTRIES.toLocaleString('en')} entries`,
          );
      }
      await insertEntries(tx, issuerId, listType, entries);
      const counts = await syncFlags(tx, issuerId);
      await audit(tx, req, 'upload', issuerId, {
        listType,
        mode,
        fileName: originalName,
        added: entries.length,
        skippedBlank: parsed.skippedBlank,
        duplicates,
        total: counts[listType],
      });
      return { added: entries.length, total: counts[listType] };
    });
    return {
      success: true,
      statusCode: 200,
      message: `${SUPPLIER_LIST_LABELS[listType]}: ${result.added} supplier${result.added === 1 ? '' : 's'} added from ${originalName} (${result.total} in the list)`,
      added: result.added,
      skippedBlank: parsed.skippedBlank,
      duplicates,
      total: result.total,
      nameColumn: parsed.nameColumn,
      idColumn: parsed.idColumn,
    };
  } catch (err) {
    part.file.resume();
    throw err;
  } finally {
    await rm(stored, { force: true });
  }
}

export async function addEntry(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  issuerId: string,
  listType: TSupplierListType,
  body: { supplierName: string; supplierId: string | null },
): Promise<TSupplierListEntry> {
  await assertIssuerManageable(ctx, auth, issuerId);
  const [normalisedName] = await normaliseSupplierNames([body.supplierName]);
  if (!normalisedName) throw fieldError('body.supplierName', 'Supplier name needs letters or digits');
  const entry = { supplierName: body.supplierName, supplierId: body.supplierId, normalisedName };
  return ctx.db.transaction(async (tx) => {
    const existing = new Set((await entriesOf(tx, issuerId, listType)).map(entryKey));
    if (existing.has(entryKey(entry)))
      throw conflict(`"${body.supplierName}" is already in the ${listType} list`, 'body.supplierName');
    if (existing.size >= SUPPLIER_LIST_MAX_ENTRIES)
      throw fieldError(
        'body.supplierName',
        `The list already holds ${SUPPLIER_LIST_MAX_ENTRIES.toLocaleString('en')} entries`,
      );
    const [row] = await insertEntries(tx, issuerId, listType, [entry]);
    await syncFlags(tx, issuerId);
    await audit(tx, req, 'add', issuerId, { listType, ...entry });
    return toEntry(row!);
  });
}

export async function removeEntry(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  issuerId: string,
  listType: TSupplierListType,
  entryId: string,
): Promise<void> {
  await assertIssuerManageable(ctx, auth, issuerId);
  const row = await findEntry(ctx.db, issuerId, listType, entryId);
  if (!row) throw notFound('Entry');
  await ctx.db.transaction(async (tx) => {
    await deleteEntries(tx, issuerId, listType, entryId);
    await syncFlags(tx, issuerId);
    await audit(tx, req, 'remove', issuerId, {
      listType,
      supplierName: row.supplierName,
      supplierId: row.supplierId,
    });
  });
}

export async function clearList(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  issuerId: string,
  listType: TSupplierListType,
): Promise<number> {
  await assertIssuerManageable(ctx, auth, issuerId);
  return ctx.db.transaction(async (tx) => {
    const before = (await entriesOf(tx, issuerId, listType)).length;
    await deleteEntries(tx, issuerId, listType);
    await syncFlags(tx, issuerId);
    await audit(tx, req, 'clear', issuerId, { listType, removed: before });
    return before;
  });
}
