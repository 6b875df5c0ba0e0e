/** Paging request and paged result (SPEC §3), shared by every server-paged list. */
import { z } from 'zod';
import { ZFilterOperator } from './enums.ts';

import { DEFAULT_PAGE_SIZE } from './values/paging.ts';
export * from './values/paging.ts';

export const ZFilterItem = z.object({
  propertyName: z.string().min(1),
  itemComparisonOperator: ZFilterOperator,
  itemValue: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
  allowNullValue: z.boolean().optional(),
});
export type TFilterItem = z.infer<typeof ZFilterItem>;

const ORDER_BY_TEXT = /^\s*([A-Za-z_][\w.]*)(?:\s+(asc|desc))?\s*$/i;

/**
 * An ordering: `{ propertyName, direction }`, or the text form clients of the original API send ("name",
 * "name desc", "name ASC"), read into the same object.
 */
const ZOrderByObject = z.object({
  propertyName: z.string().min(1),
  direction: z.enum(['asc', 'desc']).default('asc'),
});

export const ZOrderBy = z.union([
  ZOrderByObject,
  z
    .string()
    .regex(ORDER_BY_TEXT, 'must be a property name, optionally followed by "asc" or "desc" (e.g. "name desc")')
    .transform((text) => {
      const [, propertyName = '', direction] = ORDER_BY_TEXT.exec(text) ?? [];
      return { propertyName, direction: direction?.toLowerCase() === 'desc' ? ('desc' as const) : ('asc' as const) };
    }),
]);
export type TOrderBy = z.infer<typeof ZOrderBy>;

export const MAX_PAGE_SIZE = 500;

export const ZPagingRequest = z.object({
  orderBy: ZOrderBy.optional(),
  secondaryOrderBy: ZOrderBy.optional(),
  filters: z.object({ filterItems: z.array(ZFilterItem).max(50).default([]) }).default({ filterItems: [] }),
  pageNumber: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
/** A paging request as this app's clients build it: orderings as objects (the API also reads the text form). */
export type TPagingRequest = Omit<z.input<typeof ZPagingRequest>, 'orderBy' | 'secondaryOrderBy'> & {
  orderBy?: z.input<typeof ZOrderByObject>;
  secondaryOrderBy?: z.input<typeof ZOrderByObject>;
};
export type TPagingRequestParsed = z.output<typeof ZPagingRequest>;

export const zPagedResult = <T extends z.ZodType>(item: T) =>
  z.object({
    collection: z.array(item),
    currentPage: z.number().int(),
    hasNextPage: z.boolean(),
    hasPreviousPage: z.boolean(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
  });
export interface TPagedResult<T> {
  collection: T[];
  currentPage: number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  pageSize: number;
  totalCount: number;
  totalPages: number;
}

export function pagedResult<T>(
  collection: T[],
  totalCount: number,
  pageNumber: number,
  pageSize: number,
): TPagedResult<T> {
  const totalPages = Math.max(1, Math.ceil(totalCount / pageSize));
  return {
    collection,
    currentPage: pageNumber,
    hasNextPage: pageNumber < totalPages,
    hasPreviousPage: pageNumber > 1,
    pageSize,
    totalCount,
    totalPages,
  };
}
