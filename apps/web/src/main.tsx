import './app/zod-config.ts'; // first: before any module parses with zod
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import '@fontsource-variable/inter';
import '@fontsource-variable/figtree';
import '@fontsource-variable/source-sans-3';
import '@fontsource-variable/merriweather';
import '@fontsource-variable/ibm-plex-sans';
import '@fontsource-variable/nunito-sans';
import './app/i18n.ts';
import { queryClient } from './app/query-client.ts';
import { router } from './app/router.tsx';
import { AppThemeProvider } from './app/theme/app-theme-provider.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AppThemeProvider>
        <RouterProvider router={router} />
      </AppThemeProvider>
    </QueryClientProvider>
  </StrictMode>,
);
