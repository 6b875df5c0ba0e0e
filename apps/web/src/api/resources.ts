/** Resource hub calls (/api/v1/resources): the hub, a job's story videos and the video-resources admin. */
import { queryOptions } from '@tanstack/react-query';
import { http, ok, withForm, type TQuery, type TRequest } from './client.ts';

export type TResourceListQuery = TQuery<'/api/v1/resources', 'get'>;
export type TResourceCreate = TRequest<'/api/v1/resources', 'post'>;
export type TResourceUpdate = TRequest<'/api/v1/resources/{id}', 'put'>;

const resource = (id: string) => ({ params: { path: { id } } });

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
    queryFn: () => ok(http.GET('/api/v1/resources', { params: { query: clean(q) } })),
    placeholderData: (prev) => prev,
  });

export const manageResourcesQuery = (q: TResourceListQuery) =>
  queryOptions({
    queryKey: resourceKeys.manage(q),
    queryFn: () => ok(http.GET('/api/v1/resources/manage', { params: { query: clean(q) } })),
    placeholderData: (prev) => prev,
  });

export const resourceQuery = (id: string) =>
  queryOptions({
    queryKey: resourceKeys.detail(id),
    queryFn: () => ok(http.GET('/api/v1/resources/{id}', resource(id))),
  });

export const createResource = (body: TResourceCreate) => ok(http.POST('/api/v1/resources', { body }));
export const updateResource = (id: string, body: TResourceUpdate) =>
  ok(http.PUT('/api/v1/resources/{id}', { ...resource(id), body }));
export const deleteResource = (id: string) => ok(http.DELETE('/api/v1/resources/{id}', resource(id)));

const fileForm = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return [withForm(form)];
};
export const uploadResourceFile = (id: string, file: File) =>
  ok(http.POST('/api/v1/resources/{id}/file', { ...resource(id), middleware: fileForm(file) }));
export const uploadResourcePoster = (id: string, file: File) =>
  ok(http.POST('/api/v1/resources/{id}/poster', { ...resource(id), middleware: fileForm(file) }));
export const deleteResourcePoster = (id: string) => ok(http.DELETE('/api/v1/resources/{id}/poster', resource(id)));
