/** /api/v1/issuers/{id}/supplier-lists: an issuer's supplier include and exclude lists (used by the analysis). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SUPPLIER_LIST_LABELS,
  ZIssuerIdParam,
  ZMutationResult,
  ZSupplierListEntry,
  ZSupplierListEntryAdd,
  ZSupplierListEntryParams,
  ZSupplierListPage,
  ZSupplierListParams,
  ZSupplierListQuery,
  ZSupplierListsSummary,
  ZSupplierListUploadQuery,
  ZSupplierListUploadResult,
} from '@sextant/shared';
import { authOf } from '../../plugins/access.ts';
import { addEntry, clearList, listPage, listsSummary, removeEntry, uploadList } from './supplier-lists.service.ts';

const tags = ['Issuers'];
const base = '/api/v1/issuers/:id/supplier-lists';

export async function supplierListRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get(base, {
    config: { access: { permissions: ['Issuer_View'] } },
    schema: {
      tags,
      summary: 'Entry counts of the issuer’s supplier include and exclude lists',
      params: ZIssuerIdParam,
      response: { 200: ZSupplierListsSummary },
    },
    handler: async (req) => listsSummary(ctx, authOf(req), req.params.id),
  });

  r.get(`${base}/:listType`, {
    config: { access: { permissions: ['Issuer_View'] } },
    schema: {
      tags,
      summary: 'Paged entries of the include or exclude list (supplier name order; search on name or id)',
      params: ZSupplierListParams,
      querystring: ZSupplierListQuery,
      response: { 200: ZSupplierListPage },
    },
    handler: async (req) => listPage(ctx, authOf(req), req.params.id, req.params.listType, req.query),
  });

  r.post(`${base}/:listType/upload`, {
    config: { access: { permissions: ['Issuer_Update'] } },
    schema: {
      tags,
      summary:
        'Upload the list from a CSV or XLSX file (multipart field "file"; a "Supplier Name" column, optionally "Supplier ID")',
      description:
        'mode=replace (default) replaces the list, mode=append adds the entries not in it yet. A file that cannot be used (empty, no supplier name column, no names) is refused with a message and nothing is stored.',
      params: ZSupplierListParams,
      querystring: ZSupplierListUploadQuery,
      response: { 200: ZSupplierListUploadResult },
    },
    handler: async (req) => uploadList(ctx, req, authOf(req), req.params.id, req.params.listType, req.query.mode),
  });

  r.post(`${base}/:listType/entries`, {
    config: { access: { permissions: ['Issuer_Update'] } },
    schema: {
      tags,
      summary: 'Add one supplier to the list',
      params: ZSupplierListParams,
      body: ZSupplierListEntryAdd,
      response: { 200: ZSupplierListEntry },
    },
    handler: async (req) => addEntry(ctx, req, authOf(req), req.params.id, req.params.listType, req.body),
  });

  r.delete(`${base}/:listType/entries/:entryId`, {
    config: { access: { permissions: ['Issuer_Update'] } },
    schema: {
      tags,
      summary: 'Remove one supplier from the list',
      params: ZSupplierListEntryParams,
      response: { 200: ZMutationResult },
    },
    handler: async (req) => {
      await removeEntry(ctx, req, authOf(req), req.params.id, req.params.listType, req.params.entryId);
      return { success: true, statusCode: 200, message: 'Supplier removed from the list' };
    },
  });

  r.delete(`${base}/:listType`, {
    config: { access: { permissions: ['Issuer_Update'] } },
    schema: {
      tags,
      summary: 'Clear the list (the issuer then has no such list)',
      params: ZSupplierListParams,
      response: { 200: ZMutationResult },
    },
    handler: async (req) => {
      const n = await clearList(ctx, req, authOf(req), req.params.id, req.params.listType);
      return {
        success: true,
        statusCode: 200,
        message: `${SUPPLIER_LIST_LABELS[req.params.listType]} cleared (${n} removed)`,
      };
    },
  });
}
