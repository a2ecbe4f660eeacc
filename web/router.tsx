import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootHydrateFallback, RootLayout } from './components/layout/root-layout.js';
import { RouteError } from './components/layout/route-error.js';
import { loadNamespaces } from './lib/i18n.js';
import type { PageTitleKey } from './routes/coming-soon.js';

/** Every screen loads with its route, with its texts' namespaces, so a page ships only its own code. */
function lazyPage(load: () => Promise<ComponentType>, namespaces: readonly string[] = []): RouteObject['lazy'] {
  return async () => {
    const [Component] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return { Component };
  };
}

const comingSoonPage = lazyPage(async () => (await import('./routes/coming-soon.js')).ComingSoonPage);
const notFoundPage = lazyPage(async () => (await import('./routes/not-found.js')).NotFoundPage);

/** Routes of SPEC §2 whose screens later issues build; until then they say so. */
const COMING_SOON: ReadonlyArray<[path: string, titleKey: PageTitleKey]> = [
  ['privacy-policy', 'privacy'],
  ['documentation', 'documentation'],
  ['authenticate', 'authenticate'],
  ['blogs', 'blogs'],
  ['ar/blogs', 'arBlogs'],
  ['blog/:id', 'blogPost'],
  ['check-email', 'checkEmail'],
  ['verify-email', 'verifyEmail'],
  ['forgot-password', 'forgotPassword'],
  ['reset-password', 'resetPassword'],
  ['bookmarks', 'bookmarks'],
  ['admin', 'adminDashboard'],
  ['admin/papers', 'managePapers'],
  ['admin/categories', 'manageCategories'],
  ['admin/queue', 'manageQueue'],
  ['admin/users', 'manageUsers'],
  ['admin-scraper', 'adminScraper'],
];

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: RootHydrateFallback,
    children: [
      { index: true, lazy: lazyPage(async () => (await import('./routes/home.js')).HomePage) },
      { path: 'ai-digest', lazy: lazyPage(async () => (await import('./routes/ai-digest.js')).DigestListPage) },
      // A splat, because old-style arXiv ids hold a slash (math/9501234).
      { path: 'ai-digest/*', lazy: lazyPage(async () => (await import('./routes/paper.js')).PaperPage) },
      ...COMING_SOON.map(([path, titleKey]): RouteObject => ({ path, handle: { titleKey }, lazy: comingSoonPage })),
      { path: '404', lazy: notFoundPage },
      { path: '*', lazy: notFoundPage },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
