import type { ComponentType } from 'react';
import type { LoaderFunction, RouteObject, ShouldRevalidateFunction } from 'react-router';
import { ALL_ROUTES, type ClientRoute } from '../common/routes.js';
import { RootHydrateFallback, RootLayout } from './components/layout/root-layout.js';
import { RouteError } from './components/layout/route-error.js';
import { loadNamespaces } from './lib/i18n.js';
import type { Prefetch, RouteHandle } from './lib/ssr.js';

/**
 * What a screen module (web/routes/*.tsx) may export beside its page: React Router's `loader` and
 * `shouldRevalidate`, the server's `prefetch` of a public page's data, and `preload`, awaited in the
 * browser before the first render so the page shows complete.
 */
export interface ScreenModule {
  [page: string]: unknown;
  loader?: LoaderFunction;
  shouldRevalidate?: ShouldRevalidateFunction;
  prefetch?: Prefetch;
  preload?: () => Promise<void>;
}

/**
 * Every screen module, each its own chunk, loaded with its route, so a page ships only its own code.
 * The admin screens are listed apart (admin-screens.ts), and so are the admin routes' modules.
 */
const screens = import.meta.glob<ScreenModule>(['./routes/*.tsx', '!./routes/*.test.tsx', '!./routes/admin-*.tsx']);

const missing = ({ screen, name }: ClientRoute) =>
  new Error(`The route ${name} names a screen module that does not exist: web/${screen.module}`);

function loadScreen(route: ClientRoute): () => Promise<ScreenModule> {
  const key = `./${route.screen.module}`;
  if (route.guard === 'admin')
    return async () => {
      const load = (await import('./admin-screens.js')).adminScreens[key];
      if (!load) throw missing(route);
      return load();
    };
  const load = screens[key];
  if (!load) throw missing(route);
  return load;
}

/** The route object of a table entry: its screen and texts loaded lazily, and its server prefetch. */
function routeObject(route: ClientRoute): RouteObject {
  const load = loadScreen(route);
  const handle: RouteHandle & { routeName: string } = { routeName: route.name };
  if (route.access === 'public') handle.prefetch = async (context) => (await load()).prefetch?.(context);
  return {
    ...(route.path === '/' ? { index: true } : { path: route.path.slice(1) }),
    handle,
    lazy: async () => {
      const [screen] = await Promise.all([load(), loadNamespaces(route.namespaces)]);
      if (!import.meta.env.SSR) await screen.preload?.();
      const { loader, shouldRevalidate } = screen;
      return {
        Component: screen[route.screen.page] as ComponentType,
        ...(loader && { loader }),
        ...(shouldRevalidate && { shouldRevalidate }),
      };
    },
  };
}

/** Layout routes that render their pages only for a signed-in user, or for an admin (SPEC §2). */
const GUARDS = {
  user: async () => ({ Component: (await import('./features/auth/components/route-guards.js')).RequireUser }),
  admin: async () => ({ Component: (await import('./features/auth/components/route-guards.js')).RequireAdmin }),
} satisfies Record<NonNullable<ClientRoute['guard']>, RouteObject['lazy']>;

const open = ALL_ROUTES.filter((route) => !route.guard).map(routeObject);
const guarded = (Object.keys(GUARDS) as (keyof typeof GUARDS)[]).map(
  (guard): RouteObject => ({
    lazy: GUARDS[guard],
    children: ALL_ROUTES.filter((route) => route.guard === guard).map(routeObject),
  }),
);
const notFound = ALL_ROUTES.find((route) => route.notFound);

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: RootHydrateFallback,
    children: [
      ...open,
      ...guarded,
      ...(notFound ? [{ ...routeObject(notFound), path: '*', handle: { routeName: notFound.name } }] : []),
    ],
  },
];
