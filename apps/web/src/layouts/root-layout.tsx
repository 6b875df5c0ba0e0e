/** Root of every page: notifications and the route error boundary. */
import { useEffect } from 'react';
import { Outlet, isRouteErrorResponse, useRouteError } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { Notifications } from '../components/notifications/notifications.tsx';
import { ERROR_PAGES, ErrorPanel } from '../routes/errors/error-pages.tsx';
import { meQuery } from '../api/auth.ts';
import { browserLanguage, setLanguage } from '../app/i18n.ts';

/** The reader's language: the signed-in user's (issuer's), else the browser's when supported, else en. Reads the cached user only. */
export function useReaderLanguage(): string {
  const me = useQuery({ ...meQuery(), enabled: false });
  return me.data?.language ?? browserLanguage();
}

/** Keeps the UI in the reader's language. */
function LanguageSync() {
  const lang = useReaderLanguage();
  useEffect(() => {
    void setLanguage(lang);
  }, [lang]);
  return null;
}

export function RootLayout() {
  return (
    <>
      <LanguageSync />
      <Outlet />
      <Notifications />
    </>
  );
}

export function RouteErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const message =
    error instanceof Error
      ? error.message
      : isRouteErrorResponse(error)
        ? `${error.status} ${error.statusText}`
        : String(error);
  return (
    <Box sx={{ bgcolor: 'background.default', minHeight: '100dvh' }}>
      <ErrorPanel page={notFound ? ERROR_PAGES['404'] : ERROR_PAGES['500']} />
      {!notFound && (
        <Alert severity="error" sx={{ maxWidth: 560, mx: 'auto', mb: 4 }} data-testid="route-error">
          {message}
        </Alert>
      )}
    </Box>
  );
}
