/** Dev area calls (/api/v1/dev): debug logging, CSV anonymiser, reset all jobs, database anonymiser, outbox. */
import { queryOptions } from '@tanstack/react-query';
import type {
  TAnonymizeKind,
  TAnonymizePreview,
  TDatabaseAnonymizeResult,
  TDebugLoggingState,
  TDebugLogLevel,
  TDevResetResult,
  TOutboxMessage,
} from '@sextant/shared/values';
import { api } from './client.ts';
import { postFileForCsv } from './tools.ts';

const base = '/api/v1/dev';

export const devKeys = {
  all: ['dev'] as const,
  debugLogging: () => [...devKeys.all, 'debug-logging'] as const,
  outbox: () => [...devKeys.all, 'outbox'] as const,
};

export const debugLoggingQuery = () =>
  queryOptions({ queryKey: devKeys.debugLogging(), queryFn: () => api<TDebugLoggingState>(`${base}/debug-logging`) });
export const startDebugLogging = (level: TDebugLogLevel, minutes: number) =>
  api<TDebugLoggingState>(`${base}/debug-logging`, { body: { level, minutes } });
export const endDebugLogging = () => api<TDebugLoggingState>(`${base}/debug-logging`, { method: 'DELETE' });

export function anonymizePreview(file: File) {
  const body = new FormData();
  body.append('file', file);
  return api<TAnonymizePreview>(`${base}/anonymize-csv/preview`, { body });
}
export const anonymizeCsv = (file: File, columns: Record<string, TAnonymizeKind>) =>
  postFileForCsv(`${base}/anonymize-csv`, file, { columns: JSON.stringify(columns) });

export const resetAllJobs = () => api<TDevResetResult>(`${base}/reset-all-jobs`, { body: { confirm: 'RESET' } });
export const anonymizeDatabase = () =>
  api<TDatabaseAnonymizeResult>(`${base}/database-anonymizer`, { body: { confirm: 'ANONYMIZE' } });

export const outboxQuery = () =>
  queryOptions({
    queryKey: devKeys.outbox(),
    queryFn: () => api<TOutboxMessage[]>(`${base}/outbox`, { query: { limit: 50 } }),
    retry: false,
  });
