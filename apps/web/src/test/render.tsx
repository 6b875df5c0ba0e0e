/**
 * Renders a component as the app does (a query client, a router, the English texts), for jsdom component tests.
 * `seed` puts API responses in the query cache beforehand; `fetch` is stubbed so that a request not seeded fails
 * instead of reaching the network.
 */
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { cleanup, render } from '@testing-library/react';
import { vi } from 'vitest';
import type { TCurrentUser } from '@sextant/shared/values';
import { ensureEnglish } from '../app/i18n.ts';
import { authKeys } from '../api/auth.ts';

// the page namespaces' English texts, which the app loads with the first page that needs them
await ensureEnglish();

export interface TRenderOptions {
  /** Query-cache entries: each a query key and the data the API would have returned. */
  seed?: [readonly unknown[], unknown][];
  /** The permissions of the signed-in user (none signed in when omitted). */
  permissions?: string[];
  /** The address the router starts at and the route pattern the element is mounted on. */
  path?: string;
  route?: string;
}

export function testUser(permissions: string[]): TCurrentUser {
  const roles = { standard: [], tabbedView: [] };
  return {
    id: '00000000-0000-4000-8000-000000000001',
    idpId: 'idp',
    idProviderName: 'Local',
    username: 'tester',
    displayName: 'Tester',
    givenName: null,
    surname: null,
    email: { email: null },
    roles,
    ownRoles: null,
    permissions,
    approved: true,
    eligible: true,
    canSwitchRoles: false,
    authenticated: true,
    effectiveBrandingId: null,
    effectiveBrandingDisplayName: null,
    branding: null,
    agreedLatestPrivacyPolicy: true,
    agreedLatestTermsOfService: true,
    sessionExpiresAt: '2099-01-01T00:00:00.000Z',
    language: 'en',
    idleTimeoutSeconds: 0,
    idleWarningSeconds: 0,
    pdfRendering: false,
  };
}

/** Where a click navigated to (any address other than the mounted route). */
function NavigatedTo() {
  const location = useLocation();
  return <div data-testid="navigated">{location.pathname}</div>;
}

export function renderWithApp(ui: ReactNode, opts: TRenderOptions = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL): Promise<Response> => {
    throw new Error(`unexpected request in a component test: ${String(input instanceof Request ? input.url : input)}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity }, mutations: { retry: false } },
  });
  if (opts.permissions) client.setQueryData(authKeys.me(), testUser(opts.permissions));
  for (const [key, data] of opts.seed ?? []) client.setQueryData(key, data);
  const path = opts.path ?? '/here';
  cleanup(); // also done after each test (src/test/cleanup.ts); a render left by a test without it is removed here
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={opts.route ?? '/here'} element={ui} />
          <Route path="*" element={<NavigatedTo />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, client, fetchMock };
}
