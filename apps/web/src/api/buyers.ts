/** Buyer management calls (/api/v1/buyers). */
import { queryOptions } from '@tanstack/react-query';
import type { TBuyerCreate, TBuyerUpdate, TPagingRequest } from '@sextant/shared/values';
import { http, ok } from './client.ts';

export const buyerKeys = {
  all: ['buyers'] as const,
  lists: () => [...buyerKeys.all, 'list'] as const,
  details: () => [...buyerKeys.all, 'detail'] as const,
  detail: (id: string) => [...buyerKeys.details(), id] as const,
};

const buyer = (id: string) => ({ params: { path: { id } } });

export const fetchBuyers = (req: TPagingRequest) => ok(http.POST('/api/v1/buyers/get', { body: req }));
export const buyerQuery = (id: string) =>
  queryOptions({ queryKey: buyerKeys.detail(id), queryFn: () => ok(http.GET('/api/v1/buyers/{id}', buyer(id))) });
export const createBuyer = (body: TBuyerCreate) => ok(http.POST('/api/v1/buyers', { body }));
export const updateBuyer = (id: string, body: TBuyerUpdate) =>
  ok(http.PUT('/api/v1/buyers/{id}', { ...buyer(id), body }));
export const deleteBuyer = (id: string) => ok(http.DELETE('/api/v1/buyers/{id}', buyer(id)));
