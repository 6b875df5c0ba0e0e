/**
 * The data router, built from the shared route table (packages/shared/src/routes.ts). Pages load lazily;
 * a route without a page yet renders the "not available yet" panel. Route loaders enforce the session
 * (401 → /login?callbackUrl), eligibility (→ /lobby) and the route's permissions (→ /401) using the
 * server-provided permissions of the current user.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type LoaderFunctionArgs, type Params, type RouteObject } from 'react-router';
import { ERROR_CODES, hasAll, ROUTES, type TCurrentUser, type TRouteDef } from '@sextant/shared/values';
import { meQuery } from '../api/auth.ts';
import { isApiError } from '../api/client.ts';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { preloadNotificationStack } from '../components/notifications/notifications.tsx';
import { MinimalFrame } from '../layouts/minimal-frame.tsx';
import { RootLayout, RouteErrorBoundary } from '../layouts/root-layout.tsx';
import { BOOT_PAGE_IDS, type TBootPageId } from './boot-pages.ts';
import { loginUrl, setNavigator } from './navigation.ts';
import { queryClient } from './query-client.ts';
import { ensureEnglish, preloadLanguage } from './i18n.ts';
import { themeStore } from './theme/theme-store.ts';

type TPageModule = { Component: ComponentType };

/**
 * The signed-in frames load with the first page that needs them: the sign-in page (minimal frame) does not download
 * the navbar, toolbar and quick views.
 */
const FRAMES = {
  main: async () => ({ Component: (await withFrameParts(import('../layouts/main-frame.tsx'))).MainFrame }),
  adaptive: async () => ({ Component: (await withFrameParts(import('../layouts/adaptive-frame.tsx'))).AdaptiveFrame }),
  printable: async () => ({
    Component: (await withFrameParts(import('../layouts/printable-frame.tsx'))).PrintableFrame,
  }),
};

/** A frame's module, with every English text and the notification stack (notifications.tsx) loading beside it. */
function withFrameParts<T>(module: Promise<T>): Promise<T> {
  void preloadNotificationStack().catch(() => undefined);
  return withPageTexts(module);
}

/**
 * The signed-out start (boot-pages.ts): pages that show only the bundled texts (i18n.ts BOOT_NAMESPACES), imported from
 * the app's first chunk. Every other page comes through the page registry (page-registry.ts, a chunk of its own) and
 * waits for the rest of the English texts too.
 */
const BOOT_PAGES: Record<TBootPageId, () => Promise<TPageModule>> = {
  login: () => import('../routes/login/login-page.tsx'),
  loginMagic: () => import('../routes/login/magic-page.tsx'),
  lobby: () => import('../routes/lobby/lobby-page.tsx'),
  error401: () => import('../routes/errors/error-401.tsx'),
  error404: () => import('../routes/errors/error-404.tsx'),
  error500: () => import('../routes/errors/error-500.tsx'),
  error503: () => import('../routes/errors/error-503.tsx'),
};

/** What page-registry.ts gives. */
interface TPageRegistry {
  PAGES: Record<string, () => Promise<TPageModule>>;
  notAvailable: () => Promise<TPageModule>;
  prefetchPageData: (routeId: string, params: Params, search: URLSearchParams) => void;
}
let registry: Promise<TPageRegistry> | null = null;
/** The page registry (loaded once). */
const pageRegistry = () => (registry ??= import('./page-registry.ts'));

/** A page's module, once the English texts of every namespace are in too. */
async function withPageTexts<T>(module: Promise<T>): Promise<T> {
  const [m] = await Promise.all([module, ensureEnglish()]);
  return m;
}

const isBootPage = (id: string): id is TBootPageId => (BOOT_PAGE_IDS as readonly string[]).includes(id);

/** The module of a route's page: a boot page at once, any other through the registry (the "not available" panel when it has none). */
async function pageModule(id: string): Promise<TPageModule> {
  if (isBootPage(id)) return BOOT_PAGES[id]();
  const texts = ensureEnglish();
  const { PAGES, notAvailable } = await pageRegistry();
  const [m] = await Promise.all([(PAGES[id] ?? notAvailable)(), texts]);
  return m;
}

/** The signed-in user, or null while the system is in maintenance (the frame then shows the maintenance screen). */
export async function requireUser(request: Request): Promise<TCurrentUser | null> {
  try {
    const user = await queryClient.ensureQueryData(meQuery());
    preloadLanguage(user.language);
    return user;
  } catch (e) {
    if (isApiError(e) && e.status === 503 && e.code === ERROR_CODES.maintenance) return null;
    if (isApiError(e) && e.status === 503 && e.code === ERROR_CODES.environmentMismatch) throw redirect('/503');
    if (isApiError(e) && e.status === 401) {
      const url = new URL(request.url);
      throw redirect(
        loginUrl(url.pathname + url.search, e.code === ERROR_CODES.sessionExpired ? 'SessionExpired' : undefined),
      );
    }
    throw e;
  }
}

async function sessionLoader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (user && !user.eligible) throw redirect('/lobby?reason=UserEligibility');
  // The user's branded theme before the frame first renders (the frame keeps it in step afterwards): set only from
  // the frame's effect, the whole page rendered twice, once in the default theme and again in the user's.
  if (user) themeStore.setUser(user.branding?.theme ?? null);
  return null;
}

function routeObject(def: TRouteDef): RouteObject {
  return {
    path: def.path,
    handle: { route: def },
    lazy: async () => ({ Component: (await pageModule(def.id)).Component }),
    loader: def.public
      ? undefined
      : async ({ request, params }: LoaderFunctionArgs) => {
          const user = await requireUser(request);
          if (user && !hasAll(new Set(user.permissions), def.permissions)) throw redirect('/401');
          const search = new URL(request.url).searchParams;
          void pageRegistry().then((r) => r.prefetchPageData(def.id, params, search));
          return null;
        },
  };
}

/** Home: the first page the user may open (SPEC §2 Home → Dashboard, else the job list, else the profile). */
export function homePath(user: TCurrentUser): string {
  const held = new Set(user.permissions);
  for (const id of ['dashboard', 'analysis'] as const) {
    const def = ROUTES.find((r) => r.id === id)!;
    if (hasAll(held, def.permissions)) return def.path;
  }
  return '/profile';
}

const byFrame = (frame: TRouteDef['frame'], pub: boolean) =>
  ROUTES.filter((r) => r.frame === frame && Boolean(r.public) === pub);
const ERROR_IDS = new Set(['error401', 'error404', 'error500', 'error503']);

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <LoadingScreen fullPage />,
    children: [
      {
        element: <MinimalFrame />,
        children: byFrame('minimal', true)
          .filter((r) => !ERROR_IDS.has(r.id))
          .map(routeObject),
      },
      {
        lazy: FRAMES.adaptive,
        children: [
          ...ROUTES.filter((r) => ERROR_IDS.has(r.id)).map(routeObject),
          {
            path: '*',
            handle: { route: ROUTES.find((r) => r.id === 'error404') },
            lazy: async () => ({ Component: (await BOOT_PAGES.error404()).Component }),
          },
        ],
      },
      {
        lazy: FRAMES.main,
        loader: sessionLoader,
        children: [
          {
            index: true,
            loader: async ({ request }: LoaderFunctionArgs) => {
              const user = await requireUser(request);
              return user ? redirect(homePath(user)) : null;
            },
          },
          ...byFrame('main', false).map(routeObject),
        ],
      },
      { lazy: FRAMES.printable, loader: sessionLoader, children: byFrame('printable', false).map(routeObject) },
    ],
  },
];

export const router = createBrowserRouter(routes);
setNavigator((to, opts) => void router.navigate(to, opts));
