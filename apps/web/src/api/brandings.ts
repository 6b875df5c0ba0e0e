/** Branding administration calls (/api/v2/brandings: create, edit, retire, images; issue #33). */
import { queryOptions } from '@tanstack/react-query';
import type { TBrandingAssetKind, TBrandingWrite } from '@sextant/shared/values';
import { http, ok, withForm } from './client.ts';

const byId = (id: string) => ({ params: { path: { id } } });

export const brandingKeys = {
  all: ['brandings'] as const,
  list: () => [...brandingKeys.all, 'all'] as const,
  detail: (id: string) => [...brandingKeys.all, 'detail', id] as const,
};

export const brandingQuery = (id: string) =>
  queryOptions({ queryKey: brandingKeys.detail(id), queryFn: () => ok(http.GET('/api/v2/brandings/{id}', byId(id))) });

export const createBranding = (body: TBrandingWrite) => ok(http.POST('/api/v2/brandings', { body: body as never }));

export const updateBranding = (id: string, body: TBrandingWrite) =>
  ok(http.PUT('/api/v2/brandings/{id}', { ...byId(id), body: body as never }));

export const retireBranding = (id: string) => ok(http.DELETE('/api/v2/brandings/{id}', byId(id)));

export function uploadBrandingImage(id: string, kind: TBrandingAssetKind, file: File) {
  const form = new FormData();
  form.append('file', file);
  return ok(
    http.PUT('/api/v2/brandings/{id}/logo', {
      params: { path: { id }, query: { kind } },
      middleware: [withForm(form)],
    }),
  );
}
