/** Buyer management calls (/api/v1/buyers). */
import { queryOptions } from '@tanstack/react-query';
import type {
  TBuyer,
  TBuyerCreate,
  TBuyerUpdate,
  TMutationResult,
  TPagedResult,
  TPagingRequest,
} from '@sextant/shared/values';
import { api } from './client.ts';

export const buyerKeys = {
  all: ['buyers'] as const,
  lists: () => [...buyerKeys.all, 'list'] as const,
  details: () => [...buyerKeys.all, 'detail'] as const,
  detail: (id: string) => [...buyerKeys.details(), id] as const,
};

export const fetchBuyers = (req: TPagingRequest) => api<TPagedResult<TBuyer>>('/api/v1/buyers/get', { body: req });
export const buyerQuery = (id: string) =>
  queryOptions({ queryKey: buyerKeys.detail(id), queryFn: () => api<TBuyer>(`/api/v1/buyers/${id}`) });
export const createBuyer = (body: TBuyerCreate) => api<TMutationResult & { id: string }>('/api/v1/buyers', { body });
export const updateBuyer = (id: string, body: TBuyerUpdate) =>
  api<TMutationResult>(`/api/v1/buyers/${id}`, { method: 'PUT', body });
export const deleteBuyer = (id: string) => api<TMutationResult>(`/api/v1/buyers/${id}`, { method: 'DELETE' });
