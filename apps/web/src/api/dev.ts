/** Dev area calls (/api/v1/dev): debug logging, CSV anonymiser, reset all jobs, database anonymiser, outbox. */
import { queryOptions } from '@tanstack/react-query';
import type { TAnonymizeKind, TDebugLogLevel } from '@sextant/shared/values';
import { download, http, ok } from './client.ts';
import { fileForm } from './tools.ts';

export const devKeys = {
  all: ['dev'] as const,
  debugLogging: () => [...devKeys.all, 'debug-logging'] as const,
  outbox: () => [...devKeys.all, 'outbox'] as const,
};

export const debugLoggingQuery = () =>
  queryOptions({ queryKey: devKeys.debugLogging(), queryFn: () => ok(http.GET('/api/v1/dev/debug-logging')) });
export const startDebugLogging = (level: TDebugLogLevel, minutes: number) =>
  ok(http.POST('/api/v1/dev/debug-logging', { body: { level, minutes } }));
export const endDebugLogging = () => ok(http.DELETE('/api/v1/dev/debug-logging'));

export const anonymizePreview = (file: File) =>
  ok(http.POST('/api/v1/dev/anonymize-csv/preview', { middleware: fileForm(file) }));
export const anonymizeCsv = (file: File, columns: Record<string, TAnonymizeKind>) =>
  download(
    http.POST('/api/v1/dev/anonymize-csv', {
      middleware: fileForm(file, { columns: JSON.stringify(columns) }),
      parseAs: 'blob',
    }),
    'download.csv',
  );

export const resetAllJobs = () => ok(http.POST('/api/v1/dev/reset-all-jobs', { body: { confirm: 'RESET' } }));
export const anonymizeDatabase = () =>
  ok(http.POST('/api/v1/dev/database-anonymizer', { body: { confirm: 'ANONYMIZE' } }));

export const outboxQuery = () =>
  queryOptions({
    queryKey: devKeys.outbox(),
    queryFn: () => ok(http.GET('/api/v1/dev/outbox', { params: { query: { limit: 50 } } })),
    retry: false,
  });
