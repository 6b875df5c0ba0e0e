/**
 * Supplier include and exclude lists of an issuer (SPEC §3 hasSupplierIncludeList / hasSupplierExcludeList):
 * uploaded as CSV or XLSX (a supplier name column, optionally a supplier id column), viewed paged, edited entry
 * by entry, cleared. The analysis keeps only included suppliers (when an include list exists) and drops excluded.
 */
import { z } from 'zod';
import { zPagedResult } from './paging.ts';

export const SUPPLIER_LIST_TYPES = ['include', 'exclude'] as const;
export const ZSupplierListType = z.enum(SUPPLIER_LIST_TYPES, { error: 'List type must be include or exclude' });
export type TSupplierListType = z.infer<typeof ZSupplierListType>;
export const SUPPLIER_LIST_LABELS: Record<TSupplierListType, string> = {
  include: 'Supplier include list',
  exclude: 'Supplier exclude list',
};
/** Largest upload (bytes) and most entries a list may hold. */
export const SUPPLIER_LIST_MAX_BYTES = 20 * 1024 * 1024;
export const SUPPLIER_LIST_MAX_ENTRIES = 100_000;

export const ZSupplierListParams = z.object({
  id: z.uuid('Issuer id must be an id'),
  listType: ZSupplierListType,
});
export const ZSupplierListEntryParams = ZSupplierListParams.extend({
  entryId: z.uuid('Entry id must be an id'),
});

/** GET /api/v1/issuers/{id}/supplier-lists/{listType}: query of the paged view. */
export const ZSupplierListQuery = z.object({
  pageNumber: z.coerce.number('Page number must be a number').int().min(1, 'Page number starts at 1').default(1),
  pageSize: z.coerce
    .number('Page size must be a number')
    .int()
    .min(1, 'Page size must be at least 1')
    .max(200, 'Page size must be at most 200')
    .default(25),
  search: z.string().trim().max(200, 'Search is at most 200 characters').optional(),
});
export type TSupplierListQuery = z.input<typeof ZSupplierListQuery>;

export const ZSupplierListEntry = z.object({
  id: z.uuid(),
  supplierName: z.string(),
  supplierId: z.string().nullable(),
  normalisedName: z.string(),
  createdAt: z.string(),
});
export type TSupplierListEntry = z.infer<typeof ZSupplierListEntry>;
export const ZSupplierListPage = zPagedResult(ZSupplierListEntry);

/** GET /api/v1/issuers/{id}/supplier-lists: entry counts of both lists. */
export const ZSupplierListsSummary = z.object({
  include: z.object({ count: z.number().int(), updatedAt: z.string().nullable() }),
  exclude: z.object({ count: z.number().int(), updatedAt: z.string().nullable() }),
});
export type TSupplierListsSummary = z.infer<typeof ZSupplierListsSummary>;

/** POST /api/v1/issuers/{id}/supplier-lists/{listType}/entries: one entry. */
export const ZSupplierListEntryAdd = z.object({
  supplierName: z
    .string({ error: 'Supplier name is required' })
    .trim()
    .min(1, 'Supplier name is required')
    .max(300, 'Supplier name is at most 300 characters'),
  supplierId: z
    .string('Supplier id must be text')
    .trim()
    .max(100, 'Supplier id is at most 100 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type TSupplierListEntryAdd = z.input<typeof ZSupplierListEntryAdd>;

/** POST …/{listType}/upload?mode=: replace the list (default) or append to it. */
export const ZSupplierListUploadQuery = z.object({
  mode: z.enum(['replace', 'append'], { error: 'Mode must be replace or append' }).default('replace'),
});

export const ZSupplierListUploadResult = z.object({
  success: z.boolean(),
  statusCode: z.number().int(),
  message: z.string(),
  /** Entries added by this upload. */
  added: z.number().int(),
  /** Rows without a supplier name. */
  skippedBlank: z.number().int(),
  /** Rows repeating an entry already in the file or the list. */
  duplicates: z.number().int(),
  /** Entries in the list after the upload. */
  total: z.number().int(),
  nameColumn: z.string(),
  idColumn: z.string().nullable(),
});
export type TSupplierListUploadResult = z.infer<typeof ZSupplierListUploadResult>;
