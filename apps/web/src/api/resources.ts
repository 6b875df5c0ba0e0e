/** Resource hub calls (/api/v1/resources): the hub, a job's story videos and the video-resources admin. */
import { queryOptions } from '@tanstack/react-query';
import type {
  TMutationResult,
  TResource,
  TResourceCreate,
  TResourceCreated,
  TResourceList,
  TResourceListQuery,
  TResourceUpdate,
} from '@sextant/shared/values';
import { api } from './client.ts';

export const resourceKeys = {
  all: ['resources'] as const,
  lists: () => [...resourceKeys.all, 'list'] as const,
  hub: (q: TResourceListQuery) => [...resourceKeys.lists(), 'hub', q] as const,
  manage: (q: TResourceListQuery) => [...resourceKeys.lists(), 'manage', q] as const,
  details: () => [...resourceKeys.all, 'detail'] as const,
  detail: (id: string) => [...resourceKeys.details(), id] as const,
};

const clean = (q: TResourceListQuery) => ({
  search: q.search || undefined,
  category: q.category,
  language: q.language,
  mediaKind: q.mediaKind,
  jobId: q.jobId,
});

export const hubResourcesQuery = (q: TResourceListQuery) =>
  queryOptions({
    queryKey: resourceKeys.hub(q),
    queryFn: () => api<TResourceList>('/api/v1/resources', { query: clean(q) }),
    placeholderData: (prev) => prev,
  });

export const manageResourcesQuery = (q: TResourceListQuery) =>
  queryOptions({
    queryKey: resourceKeys.manage(q),
    queryFn: () => api<TResourceList>('/api/v1/resources/manage', { query: clean(q) }),
    placeholderData: (prev) => prev,
  });

export const resourceQuery = (id: string) =>
  queryOptions({ queryKey: resourceKeys.detail(id), queryFn: () => api<TResource>(`/api/v1/resources/${id}`) });

export const createResource = (body: TResourceCreate) => api<TResourceCreated>('/api/v1/resources', { body });
export const updateResource = (id: string, body: TResourceUpdate) =>
  api<TMutationResult>(`/api/v1/resources/${id}`, { method: 'PUT', body });
export const deleteResource = (id: string) => api<TMutationResult>(`/api/v1/resources/${id}`, { method: 'DELETE' });

const fileForm = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return form;
};
export const uploadResourceFile = (id: string, file: File) =>
  api<TResource>(`/api/v1/resources/${id}/file`, { method: 'POST', body: fileForm(file) });
export const uploadResourcePoster = (id: string, file: File) =>
  api<TResource>(`/api/v1/resources/${id}/poster`, { method: 'POST', body: fileForm(file) });
export const deleteResourcePoster = (id: string) =>
  api<TResource>(`/api/v1/resources/${id}/poster`, { method: 'DELETE' });
