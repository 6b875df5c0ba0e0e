/** Datapoint profiles (/api/v1/datapoint-profiles). */
import { queryOptions } from '@tanstack/react-query';
import type {
  TDatapointProfile,
  TDatapointProfileInput,
  TDatapointProfileList,
  TMutationResult,
} from '@sextant/shared/values';
import { api } from './client.ts';

export const datapointProfileKeys = {
  all: ['datapoint-profiles'] as const,
  list: () => [...datapointProfileKeys.all, 'list'] as const,
  detail: (id: string) => [...datapointProfileKeys.all, 'detail', id] as const,
};

export const datapointProfilesQuery = () =>
  queryOptions({
    queryKey: datapointProfileKeys.list(),
    queryFn: () => api<TDatapointProfileList>('/api/v1/datapoint-profiles'),
  });

export const datapointProfileQuery = (id: string) =>
  queryOptions({
    queryKey: datapointProfileKeys.detail(id),
    queryFn: () => api<TDatapointProfile>(`/api/v1/datapoint-profiles/${encodeURIComponent(id)}`),
  });

export const createDatapointProfile = (body: TDatapointProfileInput) =>
  api<TDatapointProfile>('/api/v1/datapoint-profiles', { body });
export const updateDatapointProfile = (id: string, body: TDatapointProfileInput) =>
  api<TDatapointProfile>(`/api/v1/datapoint-profiles/${encodeURIComponent(id)}`, { method: 'PUT', body });
export const deleteDatapointProfile = (id: string) =>
  api<TMutationResult>(`/api/v1/datapoint-profiles/${encodeURIComponent(id)}`, { method: 'DELETE' });
