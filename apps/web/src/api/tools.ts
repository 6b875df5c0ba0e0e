/** Tools area calls (/api/v1/tools): address parser and validator, companies lookup, send email. */
import { queryOptions } from '@tanstack/react-query';
import type { TAddressToValidate, TSendEmailRequest } from '@sextant/shared/values';
import { download, http, ok, withForm } from './client.ts';

export const toolKeys = {
  all: ['tools'] as const,
  countries: () => [...toolKeys.all, 'countries'] as const,
  companies: (q: string, source: string) => [...toolKeys.all, 'companies', source, q] as const,
  register: () => [...toolKeys.all, 'register'] as const,
  recipients: (q: string) => [...toolKeys.all, 'recipients', q] as const,
  emailLog: () => [...toolKeys.all, 'email-log'] as const,
};

export const parseAddresses = (addresses: string[], country?: string) =>
  ok(http.POST('/api/v1/tools/address-parser', { body: { addresses, ...(country ? { country } : {}) } }));

export const countriesQuery = () =>
  queryOptions({
    queryKey: toolKeys.countries(),
    queryFn: () => ok(http.GET('/api/v1/tools/countries')),
    staleTime: Infinity,
  });

export const validateAddresses = (addresses: TAddressToValidate[]) =>
  ok(http.POST('/api/v1/tools/address-validator', { body: { addresses } }));

/** A form with these fields and then the file (multipart routes read the fields first). */
export function fileForm(file: File, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', file);
  return [withForm(form)];
}
/** Posts a CSV file and downloads the validated CSV the server answers; returns the response headers. */
export const validateAddressCsv = (file: File) =>
  download(
    http.POST('/api/v1/tools/address-validator/csv', { middleware: fileForm(file), parseAs: 'blob' }),
    'download.csv',
  );

export const companiesQuery = (q: string, source: 'all' | 'network' | 'register') =>
  queryOptions({
    queryKey: toolKeys.companies(q, source),
    queryFn: () => ok(http.GET('/api/v1/tools/companies', { params: { query: { q, source, limit: 50 } } })),
    enabled: q.trim().length >= 2,
  });

export const registerStatusQuery = () =>
  queryOptions({
    queryKey: toolKeys.register(),
    queryFn: () => ok(http.GET('/api/v1/tools/companies/register')),
  });

export const importRegister = (file: File) =>
  ok(http.POST('/api/v1/tools/companies/register', { middleware: fileForm(file) }));

export const recipientsQuery = (q: string) =>
  queryOptions({
    queryKey: toolKeys.recipients(q),
    queryFn: () => ok(http.GET('/api/v1/tools/email/recipients', { params: { query: { q } } })),
    staleTime: 30_000,
  });

export const previewEmail = (body: TSendEmailRequest) => ok(http.POST('/api/v1/tools/email/preview', { body }));
export const sendEmail = (body: TSendEmailRequest) => ok(http.POST('/api/v1/tools/email/send', { body }));
export const emailLogQuery = () =>
  queryOptions({
    queryKey: toolKeys.emailLog(),
    queryFn: async () => (await ok(http.GET('/api/v1/tools/email/log'))).items,
  });
