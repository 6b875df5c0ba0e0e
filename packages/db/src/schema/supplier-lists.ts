import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TSupplierListType } from '@sextant/shared/values';
import { issuers } from './issuers.ts';

/**
 * Supplier include and exclude lists of an issuer (SPEC §3 hasSupplierIncludeList / hasSupplierExcludeList):
 * one row per listed supplier. normalisedName is the supplier name normalised like the analysis engine's
 * `sx_name_core` macro, so the pipeline can compare it with its own normalised supplier names.
 */
export const issuerSupplierLists = pgTable(
  'issuer_supplier_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    issuerId: uuid('issuer_id')
      .notNull()
      .references(() => issuers.id, { onDelete: 'cascade' }),
    listType: text('list_type').$type<TSupplierListType>().notNull(),
    supplierName: text('supplier_name').notNull(),
    supplierId: text('supplier_id'),
    normalisedName: text('normalised_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('issuer_supplier_lists_issuer_type_idx').on(t.issuerId, t.listType)],
);
