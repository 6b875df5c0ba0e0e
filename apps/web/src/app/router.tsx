/**
 * The data router, built from the shared route table (packages/shared/src/routes.ts). Pages load lazily;
 * a route without a page yet renders the "not available yet" panel. Route loaders enforce the session
 * (401 → /login?callbackUrl), eligibility (→ /lobby) and the route's permissions (→ /401) using the
 * server-provided permissions of the current user.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { ERROR_CODES, hasAll, ROUTES, type TCurrentUser, type TRouteDef } from '@sextant/shared/values';
import { meQuery } from '../api/auth.ts';
import { isApiError } from '../api/client.ts';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { MinimalFrame } from '../layouts/minimal-frame.tsx';
import { RootLayout, RouteErrorBoundary } from '../layouts/root-layout.tsx';
import { ADMIN_PAGES } from '../routes/admin/pages.ts';
import { ANALYSIS_ADMIN_PAGES } from '../routes/analysis-admin/pages.ts';
import { DEVOPS_PAGES } from '../routes/devops/pages.ts';
import { DEV_PAGES } from '../routes/dev/pages.ts';
import { TOOLS_PAGES } from '../routes/tools/pages.ts';
import { ADMIN_ACCOUNTS_PAGES } from '../routes/admin-accounts/pages.ts';
import { CHAT_PAGES } from '../routes/chat/pages.ts';
import { AI_PROMPT_PAGES } from '../routes/ai-prompts/pages.ts';
import { VENDOR_PAGES } from '../routes/vendors/pages.ts';
import { GLOBAL_INSIGHTS_PAGES } from '../routes/global-insights/pages.ts';
import { JOB_PAGES, prefetchPageData } from '../routes/jobs/pages.ts';
import { CAMPAIGN_PAGES } from '../routes/campaigns/pages.ts';
import { RESOURCE_HUB_PAGES } from '../routes/resource-hub/pages.ts';
import { ML_PREDICTION_PAGES } from '../routes/ml-prediction/pages.ts';
import { loginUrl, setNavigator } from './navigation.ts';
import { queryClient } from './query-client.ts';
import { ensureEnglish } from './i18n.ts';
import { themeStore } from './theme/theme-store.ts';

type TPageModule = { Component: ComponentType };

/**
 * The signed-in frames load with the first page that needs them: the sign-in page (minimal frame) does not download
 * the navbar, toolbar and quick views.
 */
const FRAMES = {
  main: async () => ({ Component: (await withPageTexts(import('../layouts/main-frame.tsx'))).MainFrame }),
  adaptive: async () => ({ Component: (await withPageTexts(import('../layouts/adaptive-frame.tsx'))).AdaptiveFrame }),
  printable: async () => ({
    Component: (await withPageTexts(import('../layouts/printable-frame.tsx'))).PrintableFrame,
  }),
};

/** Pages that show only the bundled texts (i18n.ts BOOT_NAMESPACES); every other page waits for the rest. */
const BOOT_PAGES = new Set(['login', 'loginMagic', 'lobby', 'error401', 'error404', 'error500', 'error503']);
/** A page's module, once the English texts of every namespace are in too. */
async function withPageTexts<T>(module: Promise<T>): Promise<T> {
  const [m] = await Promise.all([module, ensureEnglish()]);
  return m;
}

/** Pages built so far, by route id. Everything else shows the "not available yet" panel. */
export const PAGES: Record<string, () => Promise<TPageModule>> = {
  login: () => import('../routes/login/login-page.tsx'),
  loginMagic: () => import('../routes/login/magic-page.tsx'),
  lobby: () => import('../routes/lobby/lobby-page.tsx'),
  error401: () => import('../routes/errors/error-401.tsx'),
  error404: () => import('../routes/errors/error-404.tsx'),
  error500: () => import('../routes/errors/error-500.tsx'),
  error503: () => import('../routes/errors/error-503.tsx'),
  profile: () => import('../routes/profile/profile-page.tsx'),
  releaseNotes: () => import('../routes/release-notes/release-notes-page.tsx'),
  dashboard: () => import('../routes/dashboard/dashboard-page.tsx'),
  ...ADMIN_PAGES,
  ...JOB_PAGES,
  ...DEVOPS_PAGES,
  ...ANALYSIS_ADMIN_PAGES,
  ...TOOLS_PAGES,
  ...DEV_PAGES,
  ...CAMPAIGN_PAGES,
  ...RESOURCE_HUB_PAGES,
  ...ML_PREDICTION_PAGES,
  ...ADMIN_ACCOUNTS_PAGES,
  ...CHAT_PAGES,
  ...AI_PROMPT_PAGES,
  ...VENDOR_PAGES,
  ...GLOBAL_INSIGHTS_PAGES,
};

const notAvailable = () => import('../routes/not-available/not-available-page.tsx');

/** The signed-in user, or null while the system is in maintenance (the frame then shows the maintenance screen). */
export async function requireUser(request: Request): Promise<TCurrentUser | null> {
  try {
    return await queryClient.ensureQueryData(meQuery());
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
  const load = PAGES[def.id] ?? notAvailable;
  return {
    path: def.path,
    handle: { route: def },
    lazy: async () => ({ Component: (await (BOOT_PAGES.has(def.id) ? load() : withPageTexts(load()))).Component }),
    loader: def.public
      ? undefined
      : async ({ request, params }: LoaderFunctionArgs) => {
          const user = await requireUser(request);
          if (user && !hasAll(new Set(user.permissions), def.permissions)) throw redirect('/401');
          prefetchPageData(def.id, params, new URL(request.url).searchParams);
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
            lazy: async () => ({ Component: (await PAGES.error404!()).Component }),
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
