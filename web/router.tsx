import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RootHydrateFallback, RootLayout } from './components/layout/root-layout.js';
import { RouteError } from './components/layout/route-error.js';
import { type Locale, loadNamespaces } from './lib/i18n.js';
import type { Prefetch, RouteHandle } from './lib/ssr.js';
import type { PageTitleKey } from './routes/coming-soon.js';

/** Every screen loads with its route, with its texts' namespaces, so a page ships only its own code. */
function lazyPage(load: () => Promise<ComponentType>, namespaces: readonly string[] = []): RouteObject['lazy'] {
  return async () => {
    const [Component] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return { Component };
  };
}

/** The server's prefetch of a public page, kept in the page's module so the entry stays small. */
function prefetchOf(load: () => Promise<{ prefetch: Prefetch }>): RouteHandle {
  return { prefetch: async (context) => (await load()).prefetch(context) };
}

const comingSoonPage = lazyPage(async () => (await import('./routes/coming-soon.js')).ComingSoonPage);
const notFoundPage = lazyPage(async () => (await import('./routes/not-found.js')).NotFoundPage);

/** A blog list: the path names the posts' language, and its loader keeps the UI language in step. */
function blogListPage(locale: Locale): RouteObject['lazy'] {
  return async () => {
    const [page] = await Promise.all([import('./routes/blogs.js'), loadNamespaces(['blog'])]);
    return { Component: page.BlogListPage, loader: page.blogListLoader(locale), shouldRevalidate: () => false };
  };
}

/** Routes of SPEC §2 whose screens later issues build; until then they say so. */
const COMING_SOON: ReadonlyArray<[path: string, titleKey: PageTitleKey]> = [];

/** Signed-in and admin screens of later issues: coming soon, behind their guards already. */
const USER_COMING_SOON: ReadonlyArray<[path: string, titleKey: PageTitleKey]> = [['bookmarks', 'bookmarks']];
const ADMIN_COMING_SOON: ReadonlyArray<[path: string, titleKey: PageTitleKey]> = [
  ['admin/papers', 'managePapers'],
  ['admin/categories', 'manageCategories'],
  ['admin/queue', 'manageQueue'],
  ['admin-scraper', 'adminScraper'],
];

const comingSoonRoute = ([path, titleKey]: [string, PageTitleKey]): RouteObject => ({
  path,
  handle: { titleKey },
  lazy: comingSoonPage,
});

/** Account screens load with the auth texts; admin screens with the admin texts. */
const authPage = (load: () => Promise<ComponentType>) => lazyPage(load, ['auth']);
const adminPage = (load: () => Promise<ComponentType>) => lazyPage(load, ['admin']);

/** Layout routes that render their pages only for a signed-in user, or for an admin (SPEC §2). */
const requireUser: RouteObject['lazy'] = async () => ({
  Component: (await import('./features/auth/components/route-guards.js')).RequireUser,
});
const requireAdmin: RouteObject['lazy'] = async () => ({
  Component: (await import('./features/auth/components/route-guards.js')).RequireAdmin,
});

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: RootHydrateFallback,
    children: [
      { index: true, lazy: lazyPage(async () => (await import('./routes/home.js')).HomePage, ['home']) },
      {
        path: 'privacy-policy',
        lazy: lazyPage(async () => (await import('./routes/privacy-policy.js')).PrivacyPolicyPage, ['privacy']),
      },
      {
        path: 'documentation',
        lazy: lazyPage(async () => {
          const page = await import('./routes/documentation.js');
          if (!import.meta.env.SSR) await page.preloadDocumentation();
          return page.DocumentationPage;
        }, ['docs']),
        handle: prefetchOf(() => import('./routes/documentation.js')),
      },
      {
        path: 'ai-digest',
        lazy: lazyPage(async () => (await import('./routes/ai-digest.js')).DigestListPage),
        handle: prefetchOf(() => import('./routes/ai-digest.js')),
      },
      // A splat, because old-style arXiv ids hold a slash (math/9501234).
      {
        path: 'ai-digest/*',
        lazy: lazyPage(async () => (await import('./routes/paper.js')).PaperPage),
        handle: prefetchOf(() => import('./routes/paper.js')),
      },
      { path: 'blogs', lazy: blogListPage('en'), handle: prefetchOf(() => import('./routes/blogs.js')) },
      { path: 'ar/blogs', lazy: blogListPage('ar'), handle: prefetchOf(() => import('./routes/blogs.js')) },
      {
        path: 'blog/:id',
        lazy: lazyPage(async () => (await import('./routes/blog-post.js')).BlogPostPage, ['blog']),
        handle: prefetchOf(() => import('./routes/blog-post.js')),
      },
      ...COMING_SOON.map(comingSoonRoute),
      { path: 'authenticate', lazy: authPage(async () => (await import('./routes/authenticate.js')).AuthenticatePage) },
      { path: 'check-email', lazy: authPage(async () => (await import('./routes/check-email.js')).CheckEmailPage) },
      { path: 'verify-email', lazy: authPage(async () => (await import('./routes/verify-email.js')).VerifyEmailPage) },
      {
        path: 'forgot-password',
        lazy: authPage(async () => (await import('./routes/forgot-password.js')).ForgotPasswordPage),
      },
      {
        path: 'reset-password',
        lazy: authPage(async () => (await import('./routes/reset-password.js')).ResetPasswordPage),
      },
      { lazy: requireUser, children: USER_COMING_SOON.map(comingSoonRoute) },
      {
        lazy: requireAdmin,
        children: [
          {
            path: 'admin',
            lazy: adminPage(async () => (await import('./routes/admin-dashboard.js')).AdminDashboardPage),
          },
          {
            path: 'admin/users',
            lazy: adminPage(async () => (await import('./routes/admin-users.js')).ManageUsersPage),
          },
          ...ADMIN_COMING_SOON.map(comingSoonRoute),
        ],
      },
      { path: '404', lazy: notFoundPage },
      { path: '*', lazy: notFoundPage },
    ],
  },
];
