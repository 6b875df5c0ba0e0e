/** Translations, magic links and linked-account merges (analysis admin), and the upload-link holder's calls. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  TMagicLinkQuery,
  TMergeMagicLinkCreate,
  TMergeRequest,
  TTranslationOverrideSet,
  TTranslationQuery,
  TUploadLinkCreate,
} from '@sextant/shared/values';
import { http, ok, withForm, type TQuery } from './client.ts';

export type TUploadKind = TQuery<'/api/v1/upload-links/current/files', 'post'>['dataKind'];

export const translationKeys = {
  all: ['translations'] as const,
  lists: () => [...translationKeys.all, 'list'] as const,
  list: (q: TTranslationQuery) => [...translationKeys.lists(), q] as const,
};

export const translationsQuery = (q: TTranslationQuery) =>
  queryOptions({
    queryKey: translationKeys.list(q),
    queryFn: () => ok(http.GET('/api/v1/translations', { params: { query: q } })),
    placeholderData: keepPreviousData,
  });

export const setTranslationOverride = (body: TTranslationOverrideSet) => ok(http.PUT('/api/v1/translations', { body }));

export const importTranslations = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return ok(http.POST('/api/v1/translations/import', { middleware: [withForm(form)] }));
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
    queryFn: () => ok(http.GET('/api/v1/magic-links', { params: { query: q } })),
    placeholderData: keepPreviousData,
  });

export const issueUploadLink = (body: TUploadLinkCreate) => ok(http.POST('/api/v1/magic-links/upload-links', { body }));

/** A Merge magic link for the client to connect their accounting system to a job (issuer option MergeMagicLink). */
export const issueMergeMagicLink = (body: TMergeMagicLinkCreate) =>
  ok(http.POST('/api/v1/magic-links/merge-links', { body }));

export const revokeMagicLink = (id: string) =>
  ok(http.POST('/api/v1/magic-links/{id}/revoke', { params: { path: { id } } }));

export const linkedAccountKeys = {
  all: ['linked-accounts'] as const,
  list: (q: string) => [...linkedAccountKeys.all, 'list', q] as const,
  preview: (r: TMergeRequest) => [...linkedAccountKeys.all, 'preview', r.sourceUserId, r.targetUserId] as const,
};

export const linkedAccountsQuery = (q: string) =>
  queryOptions({
    queryKey: linkedAccountKeys.list(q),
    queryFn: () => ok(http.GET('/api/v1/linked-accounts', { params: { query: { q: q || undefined } } })),
    placeholderData: keepPreviousData,
  });

export const mergePreviewQuery = (r: TMergeRequest) =>
  queryOptions({
    queryKey: linkedAccountKeys.preview(r),
    queryFn: () => ok(http.POST('/api/v1/linked-accounts/preview', { body: r })),
  });

export const mergeAccounts = (r: TMergeRequest) => ok(http.POST('/api/v1/linked-accounts/merge', { body: r }));

// ---------- the upload-link holder (no session: the token travels in a header) ----------
const withToken = (token: string) =>
  ({ credentials: 'omit', cache: 'no-store', headers: { 'X-Upload-Token': token } }) as const;

export const uploadLinkKeys = { view: (token: string) => ['upload-link', token.slice(0, 8)] as const };

export const uploadLinkQuery = (token: string) =>
  queryOptions({
    queryKey: uploadLinkKeys.view(token),
    queryFn: () => ok(http.GET('/api/v1/upload-links/current', withToken(token))),
    retry: false,
  });

export const uploadWithLink = (token: string, dataKind: TUploadKind, file: File) => {
  const form = new FormData();
  form.append('file', file);
  return ok(
    http.POST('/api/v1/upload-links/current/files', {
      ...withToken(token),
      params: { query: { dataKind } },
      middleware: [withForm(form)],
    }),
  );
};

export const finishUploadLink = (token: string) =>
  ok(http.POST('/api/v1/upload-links/current/finish', withToken(token)));
