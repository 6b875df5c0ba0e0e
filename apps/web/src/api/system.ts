/** System mode and app version (SPEC §4, §7 System). */
import { queryOptions } from '@tanstack/react-query';
import { http, ok } from './client.ts';

export const MAINTENANCE_POLL_MS = 10_000;
export const VERSION_CHECK_MS = 60_000;

export const systemKeys = {
  mode: () => ['system', 'mode'] as const,
  appTimestamp: () => ['system', 'app-timestamp'] as const,
};

export const systemModeQuery = () =>
  queryOptions({
    queryKey: systemKeys.mode(),
    queryFn: () => ok(http.GET('/api/v1/system-mode')),
    refetchInterval: MAINTENANCE_POLL_MS,
    refetchIntervalInBackground: true,
    retry: 1,
  });

export const appTimestampQuery = () =>
  queryOptions({
    queryKey: systemKeys.appTimestamp(),
    queryFn: () => ok(http.GET('/api/v1/system-data/app-timestamp')),
    refetchInterval: VERSION_CHECK_MS,
    refetchIntervalInBackground: true,
    retry: false,
  });
