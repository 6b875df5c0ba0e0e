/** Translations, magic links and linked-account merges (analysis admin), and the upload-link holder's calls. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  TLinkedAccountGroup,
  TMagicLink,
  TMagicLinkPage,
  TMagicLinkQuery,
  TMergePreview,
  TMergeRequest,
  TMergeResult,
  TMutationResult,
  TTranslationImportResult,
  TTranslationOverrideSet,
  TTranslationPage,
  TTranslationQuery,
  TTranslationRow,
  TUploadLinkCreate,
  TUploadLinkCreated,
  TUploadLinkFile,
  TUploadLinkView,
} from '@sextant/shared/values';
import { ApiError, api } from './client.ts';

export const translationKeys = {
  all: ['translations'] as const,
  lists: () => [...translationKeys.all, 'list'] as const,
  list: (q: TTranslationQuery) => [...translationKeys.lists(), q] as const,
};

export const translationsQuery = (q: TTranslationQuery) =>
  queryOptions({
    queryKey: translationKeys.list(q),
    queryFn: () => api<TTranslationPage>('/api/v1/translations', { query: { ...q } }),
    placeholderData: keepPreviousData,
  });

export const setTranslationOverride = (body: TTranslationOverrideSet) =>
  api<TTranslationRow>('/api/v1/translations', { method: 'PUT', body });

export const importTranslations = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return api<TTranslationImportResult>('/api/v1/translations/import', { body: form });
};

export const translationExportUrl = (language?: string) =>
  `/api/v1/translations/export.csv${language ? `?language=${encodeURIComponent(language)}` : ''}`;

export const magicLinkKeys = {
  all: ['magic-links'] as const,
  lists: () => [...magicLinkKeys.all, 'list'] as const,
  list: (q: TMagicLinkQuery) => [...magicLinkKeys.lists(), q] as const,
};

export const magicLinksQuery = (q: TMagicLinkQuery) =>
  queryOptions({
    queryKey: magicLinkKeys.list(q),
    queryFn: () => api<TMagicLinkPage>('/api/v1/magic-links', { query: { ...q } }),
    placeholderData: keepPreviousData,
  });

export const issueUploadLink = (body: TUploadLinkCreate) =>
  api<TUploadLinkCreated>('/api/v1/magic-links/upload-links', { body });

export const revokeMagicLink = (id: string) =>
  api<TMagicLink>(`/api/v1/magic-links/${encodeURIComponent(id)}/revoke`, { method: 'POST' });

export const linkedAccountKeys = {
  all: ['linked-accounts'] as const,
  list: (q: string) => [...linkedAccountKeys.all, 'list', q] as const,
  preview: (r: TMergeRequest) => [...linkedAccountKeys.all, 'preview', r.sourceUserId, r.targetUserId] as const,
};

export const linkedAccountsQuery = (q: string) =>
  queryOptions({
    queryKey: linkedAccountKeys.list(q),
    queryFn: () => api<TLinkedAccountGroup[]>('/api/v1/linked-accounts', { query: { q: q || undefined } }),
    placeholderData: keepPreviousData,
  });

export const mergePreviewQuery = (r: TMergeRequest) =>
  queryOptions({
    queryKey: linkedAccountKeys.preview(r),
    queryFn: () => api<TMergePreview>('/api/v1/linked-accounts/preview', { body: r }),
  });

export const mergeAccounts = (r: TMergeRequest) => api<TMergeResult>('/api/v1/linked-accounts/merge', { body: r });

// ---------- the upload-link holder (no session: the token travels in a header) ----------
async function withToken<T>(token: string, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(path, {
    ...init,
    credentials: 'omit',
    cache: 'no-store',
    headers: { Accept: 'application/json', 'X-Upload-Token': token, ...(init.headers ?? {}) },
  });
  const text = await res.text();
  const body = text ? (JSON.parse(text) as unknown) : null;
  if (!res.ok) throw new ApiError(res.status, body as never, path, init.method ?? 'GET');
  return body as T;
}

export const uploadLinkKeys = { view: (token: string) => ['upload-link', token.slice(0, 8)] as const };

export const uploadLinkQuery = (token: string) =>
  queryOptions({
    queryKey: uploadLinkKeys.view(token),
    queryFn: () => withToken<TUploadLinkView>(token, '/api/v1/upload-links/current'),
    retry: false,
  });

export const uploadWithLink = (token: string, dataKind: string, file: File) => {
  const form = new FormData();
  form.append('file', file);
  return withToken<TUploadLinkFile>(
    token,
    `/api/v1/upload-links/current/files?dataKind=${encodeURIComponent(dataKind)}`,
    { method: 'POST', body: form },
  );
};

export const finishUploadLink = (token: string) =>
  withToken<TMutationResult>(token, '/api/v1/upload-links/current/finish', { method: 'POST' });
