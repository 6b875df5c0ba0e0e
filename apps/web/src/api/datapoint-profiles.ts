/** Datapoint profiles (/api/v1/datapoint-profiles). */
import { queryOptions } from '@tanstack/react-query';
import type { TDatapointProfileInput } from '@sextant/shared/values';
import { http, ok } from './client.ts';

const profile = (id: string) => ({ params: { path: { id } } });

export const datapointProfileKeys = {
  all: ['datapoint-profiles'] as const,
  list: () => [...datapointProfileKeys.all, 'list'] as const,
  detail: (id: string) => [...datapointProfileKeys.all, 'detail', id] as const,
};

export const datapointProfilesQuery = () =>
  queryOptions({
    queryKey: datapointProfileKeys.list(),
    queryFn: () => ok(http.GET('/api/v1/datapoint-profiles')),
  });

export const datapointProfileQuery = (id: string) =>
  queryOptions({
    queryKey: datapointProfileKeys.detail(id),
    queryFn: () => ok(http.GET('/api/v1/datapoint-profiles/{id}', profile(id))),
  });

export const createDatapointProfile = (body: TDatapointProfileInput) =>
  ok(http.POST('/api/v1/datapoint-profiles', { body }));
export const updateDatapointProfile = (id: string, body: TDatapointProfileInput) =>
  ok(http.PUT('/api/v1/datapoint-profiles/{id}', { ...profile(id), body }));
export const deleteDatapointProfile = (id: string) => ok(http.DELETE('/api/v1/datapoint-profiles/{id}', profile(id)));
