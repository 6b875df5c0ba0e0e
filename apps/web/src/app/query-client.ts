/**
 * The one QueryClient. Failed calls are handled once here (SPEC §4 authorization outcome): 401 → sign-in
 * with a callback, 403 → /401, 503 EnvironmentMismatch → /503, 503 Maintenance → re-check system mode;
 * anything else becomes an error notification named after the operation.
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ERROR_CODES } from '@sextant/shared/values';
import { isApiError } from '../api/client.ts';
import { systemKeys } from '../api/system.ts';
import { notifyError } from '../components/notifications/notification-store.ts';
import { currentPath, loginUrl, navigateTo } from './navigation.ts';

declare module '@tanstack/react-query' {
  interface Register {
    /** `expected`: error statuses the page handles itself (e.g. 409 "still being built" → a loading page). */
    queryMeta: { operation?: string; silent?: boolean; expected?: readonly number[] };
    mutationMeta: { operation?: string; silent?: boolean };
  }
}

/** Returns true when the error was handled by navigation (no notification wanted). */
export function handleAuthorizationOutcome(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.status === 401) {
    const path = currentPath();
    if (!path.startsWith('/login'))
      navigateTo(loginUrl(path, error.code === ERROR_CODES.sessionExpired ? 'SessionExpired' : undefined), {
        replace: true,
      });
    return true;
  }
  if (error.status === 403 && error.code !== ERROR_CODES.csrf && error.code !== ERROR_CODES.readOnly) {
    navigateTo('/401', { replace: true });
    return true;
  }
  if (error.status === 503 && error.code === ERROR_CODES.environmentMismatch) {
    navigateTo('/503', { replace: true });
    return true;
  }
  if (error.status === 503 && error.code === ERROR_CODES.maintenance) {
    void queryClient.invalidateQueries({ queryKey: systemKeys.mode() });
    return true;
  }
  return false;
}

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (query.meta?.silent) return;
      if (isApiError(error) && query.meta?.expected?.includes(error.status)) return;
      if (handleAuthorizationOutcome(error)) return;
      notifyError(error, query.meta?.operation ?? 'Loading data');
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _vars, _ctx, mutation) => {
      if (mutation.meta?.silent) return;
      if (handleAuthorizationOutcome(error)) return;
      notifyError(error, mutation.meta?.operation ?? 'Saving changes');
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2,
    },
    mutations: { retry: false },
  },
});
