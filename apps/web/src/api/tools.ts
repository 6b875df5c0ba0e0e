/** Tools area calls (/api/v1/tools): address parser and validator, companies lookup, send email. */
import { queryOptions } from '@tanstack/react-query';
import type {
  TAddressParseResponse,
  TAddressToValidate,
  TAddressValidateResponse,
  TCompanyRegisterImportResult,
  TCompanyRegisterStatus,
  TCompanySearchResult,
  TCountryItem,
  TEmailPreview,
  TEmailRecipient,
  TSendEmailRequest,
  TSendEmailResult,
  TSentEmail,
} from '@sextant/shared/values';
import { api, ApiError } from './client.ts';

const base = '/api/v1/tools';

export const toolKeys = {
  all: ['tools'] as const,
  countries: () => [...toolKeys.all, 'countries'] as const,
  companies: (q: string, source: string) => [...toolKeys.all, 'companies', source, q] as const,
  register: () => [...toolKeys.all, 'register'] as const,
  recipients: (q: string) => [...toolKeys.all, 'recipients', q] as const,
  emailLog: () => [...toolKeys.all, 'email-log'] as const,
};

export const parseAddresses = (addresses: string[], country?: string) =>
  api<TAddressParseResponse>(`${base}/address-parser`, { body: { addresses, ...(country ? { country } : {}) } });

export const countriesQuery = () =>
  queryOptions({
    queryKey: toolKeys.countries(),
    queryFn: () => api<TCountryItem[]>(`${base}/countries`),
    staleTime: Infinity,
  });

export const validateAddresses = (addresses: TAddressToValidate[]) =>
  api<TAddressValidateResponse>(`${base}/address-validator`, { body: { addresses } });

/** Posts a file and downloads the CSV the server answers; returns the response headers. */
export async function postFileForCsv(url: string, file: File, fields: Record<string, string> = {}): Promise<Headers> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', file);
  const res = await fetch(url, { method: 'POST', credentials: 'same-origin', body: form });
  if (!res.ok) throw new ApiError(res.status, (await res.json().catch(() => null)) as never, url, 'POST');
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'download.csv';
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  return res.headers;
}
export const validateAddressCsv = (file: File) => postFileForCsv(`${base}/address-validator/csv`, file);

export const companiesQuery = (q: string, source: 'all' | 'network' | 'register') =>
  queryOptions({
    queryKey: toolKeys.companies(q, source),
    queryFn: () => api<TCompanySearchResult>(`${base}/companies`, { query: { q, source, limit: 50 } }),
    enabled: q.trim().length >= 2,
  });

export const registerStatusQuery = () =>
  queryOptions({
    queryKey: toolKeys.register(),
    queryFn: () => api<TCompanyRegisterStatus>(`${base}/companies/register`),
  });

export function importRegister(file: File) {
  const body = new FormData();
  body.append('file', file);
  return api<TCompanyRegisterImportResult>(`${base}/companies/register`, { body });
}

export const recipientsQuery = (q: string) =>
  queryOptions({
    queryKey: toolKeys.recipients(q),
    queryFn: () => api<TEmailRecipient[]>(`${base}/email/recipients`, { query: { q } }),
    staleTime: 30_000,
  });

export const previewEmail = (body: TSendEmailRequest) => api<TEmailPreview>(`${base}/email/preview`, { body });
export const sendEmail = (body: TSendEmailRequest) => api<TSendEmailResult>(`${base}/email/send`, { body });
export const emailLogQuery = () =>
  queryOptions({
    queryKey: toolKeys.emailLog(),
    queryFn: async () => (await api<{ items: TSentEmail[] }>(`${base}/email/log`)).items,
  });
