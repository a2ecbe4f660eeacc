/**
 * Every screen of SPEC §2 in one table, and what the web app and the server need to know of it:
 * the router builds its routes from it, the server answers, renders, announces and describes pages
 * from it, and the admin dashboard draws its tiles from it. The table is keyed by the spec's route
 * names and checked against RouteFacts, so a route with a missing fact does not compile. Free of zod
 * and of web/ and server/ code: both sides import it, and the web bundle carries it.
 */
import type { Locale } from './account-rules.js';
import { localeOfPath, localizedPath } from './locale-path.js';
import { DIGEST_PAGE_SIZE } from './paper-rules.js';

/**
 * The screens of SPEC §2, by the spec's names, the comment link that Share gives, and the email
 * digest's pages; a route's name is also the key of its texts and head.
 */
export type RouteName =
  | 'home'
  | 'privacy'
  | 'documentation'
  | 'authenticate'
  | 'blogs'
  | 'ArBlogs'
  | 'blogView'
  | 'aiDigest'
  | 'researchView'
  | 'checkEmail'
  | 'verifyEmail'
  | 'forgotPassword'
  | 'resetPassword'
  | 'bookmarks'
  | 'adminDashboard'
  | 'managePapers'
  | 'manageCategories'
  | 'manageQueue'
  | 'manageUsers'
  | 'manageComments'
  | 'auditLog'
  | 'adminScraper'
  | 'commentLink'
  | 'account'
  | 'unsubscribe'
  | 'notFound';

/** Texts a screen loads with its code: web/locales/{en,ar}/<namespace>.json. */
export type TextNamespace =
  | 'home'
  | 'privacy'
  | 'docs'
  | 'blog'
  | 'auth'
  | 'admin'
  | 'admin-papers'
  | 'admin-categories'
  | 'admin-queue'
  | 'admin-scraper'
  | 'admin-comments'
  | 'admin-audit'
  | 'account'
  | 'bookmarks'
  | 'comments'
  | 'email-digest'
  | 'search';

/** The admin dashboard's tiles, by the key of their texts (admin `dashboard.<key>`). */
export type AdminTileKey = 'queue' | 'papers' | 'categories' | 'users' | 'comments' | 'audit';

export interface RouteFacts {
  /** React Router's pattern: `:id` is one segment, `*` the rest (old arXiv ids hold a slash). */
  path: string;
  /** Public pages are listed for search engines and rendered by the server; private ones are neither. */
  access: 'public' | 'private';
  /** Who the app shows it to: a signed-in user, or an admin; a visitor signs in first. The API enforces it. */
  guard?: 'user' | 'admin';
  /** Its content ships with the site (texts, documentation, blog files), not the database. */
  shippedContent?: boolean;
  /** Not a page of its own: the server answers its path 404, as for any unknown path. */
  notFound?: boolean;
  /** Its screen: the module under web/ as Vite's build manifest names it, and the page component it exports. */
  screen: { module: `routes/${string}.tsx`; page: string };
  /** The texts loaded with its code (admin's hold the texts of the API errors admin screens show). */
  namespaces: readonly TextNamespace[];
  /**
   * The language its path names: an Arabic address (`/ar/…`) names Arabic; an English-only one
   * (`/blogs`, the spec's list of English posts) names English. Other pages follow the reader's choice.
   */
  locale?: Locale;
  /** What the page fetches first, so a preload starts with the HTML; `*` and `:id` take the path's values. */
  firstData?: readonly string[];
  /**
   * Modules its screen imports only when the reader asks (a dialog), as the build manifest names
   * them: left out of the code a page preloads, which takes the screen's other dynamic imports.
   */
  onDemand?: readonly string[];
  /** Its tile on the admin dashboard, in the table's order. */
  adminTile?: AdminTileKey;
}

const BLOG_LIST = { module: 'routes/blogs.tsx', page: 'BlogListPage' } as const;

export const ROUTES = {
  home: {
    path: '/',
    access: 'public',
    shippedContent: true,
    screen: { module: 'routes/home.tsx', page: 'HomePage' },
    namespaces: ['home'],
  },
  aiDigest: {
    path: '/ai-digest',
    access: 'public',
    screen: { module: 'routes/ai-digest.tsx', page: 'DigestListPage' },
    namespaces: ['search'],
    firstData: [`/api/papers?page=1&limit=${DIGEST_PAGE_SIZE}`, '/api/categories'],
  },
  researchView: {
    path: '/ai-digest/*',
    access: 'public',
    screen: { module: 'routes/paper.tsx', page: 'PaperPage' },
    namespaces: ['comments', 'search'],
    firstData: ['/api/papers/*'],
    onDemand: ['features/citations/components/cite-dialog.tsx'],
  },
  blogs: {
    path: '/blogs',
    access: 'public',
    shippedContent: true,
    screen: BLOG_LIST,
    namespaces: ['blog'],
    locale: 'en',
    firstData: ['/blogsFolder/en/blogs.json'],
  },
  ArBlogs: {
    path: '/ar/blogs',
    access: 'public',
    shippedContent: true,
    screen: BLOG_LIST,
    namespaces: ['blog'],
    locale: 'ar',
    firstData: ['/blogsFolder/ar/blogs.json'],
  },
  blogView: {
    path: '/blog/:id',
    access: 'public',
    shippedContent: true,
    screen: { module: 'routes/blog-post.tsx', page: 'BlogPostPage' },
    namespaces: ['blog'],
    firstData: ['/blogsFolder/en/blogs.json'],
  },
  documentation: {
    path: '/documentation',
    access: 'public',
    shippedContent: true,
    screen: { module: 'routes/documentation.tsx', page: 'DocumentationPage' },
    namespaces: ['docs'],
  },
  privacy: {
    path: '/privacy-policy',
    access: 'public',
    shippedContent: true,
    screen: { module: 'routes/privacy-policy.tsx', page: 'PrivacyPolicyPage' },
    namespaces: ['privacy'],
  },
  authenticate: {
    path: '/authenticate',
    access: 'private',
    screen: { module: 'routes/authenticate.tsx', page: 'AuthenticatePage' },
    namespaces: ['auth'],
  },
  checkEmail: {
    path: '/check-email',
    access: 'private',
    screen: { module: 'routes/check-email.tsx', page: 'CheckEmailPage' },
    namespaces: ['auth'],
  },
  verifyEmail: {
    path: '/verify-email',
    access: 'private',
    screen: { module: 'routes/verify-email.tsx', page: 'VerifyEmailPage' },
    namespaces: ['auth'],
  },
  forgotPassword: {
    path: '/forgot-password',
    access: 'private',
    screen: { module: 'routes/forgot-password.tsx', page: 'ForgotPasswordPage' },
    namespaces: ['auth'],
  },
  resetPassword: {
    path: '/reset-password',
    access: 'private',
    screen: { module: 'routes/reset-password.tsx', page: 'ResetPasswordPage' },
    namespaces: ['auth'],
  },
  bookmarks: {
    path: '/bookmarks',
    access: 'private',
    guard: 'user',
    screen: { module: 'routes/bookmarks.tsx', page: 'BookmarksPage' },
    namespaces: ['bookmarks'],
  },
  adminDashboard: {
    path: '/admin',
    access: 'private',
    guard: 'admin',
    screen: { module: 'routes/admin-dashboard.tsx', page: 'AdminDashboardPage' },
    namespaces: ['admin', 'admin-queue'],
  },
  manageQueue: {
    path: '/admin/queue',
    access: 'private',
    guard: 'admin',
    screen: { module: 'routes/admin-queue.tsx', page: 'ManageQueuePage' },
    namespaces: ['admin-queue', 'admin'],
    adminTile: 'queue',
  },
  managePapers: {
    path: '/admin/papers',
    access: 'private',
    guard: 'admin',
    screen: { module: 'routes/admin-papers.tsx', page: 'ManagePapersPage' },
    namespaces: ['admin-papers', 'admin'],
    adminTile: 'papers',
  },
  manageCategories: {
    path: '/admin/categories',
    access: 'private',
    guard: 'admin',
    screen: { module: 'routes/admin-categories.tsx', page: 'ManageCategoriesPage' },
    namespaces: ['admin-categories'],
    adminTile: 'categories',
  },
  manageUsers: {
    path: '/admin/users',
    access: 'private',
    guard: 'admin',
    screen: { module: 'routes/admin-users.tsx', page: 'ManageUsersPage' },
    namespaces: ['admin'],
    adminTile: 'users',
  },
  /** Recent comments, reported ones first: remove them, or dismiss their reports. */
  manageComments: {
    path: '/admin/comments',
    access: 'private',
    guard: 'admin',
    screen: { module: 'routes/admin-comments.tsx', page: 'ManageCommentsPage' },
    namespaces: ['admin-comments', 'comments', 'admin'],
    adminTile: 'comments',
  },
  /** Every administrator action, newest first. */
  auditLog: {
    path: '/admin/audit',
    access: 'private',
    guard: 'admin',
    screen: { module: 'routes/admin-audit.tsx', page: 'AuditLogPage' },
    namespaces: ['admin-audit', 'admin'],
    adminTile: 'audit',
  },
  adminScraper: {
    path: '/admin-scraper',
    access: 'private',
    guard: 'admin',
    screen: { module: 'routes/admin-scraper.tsx', page: 'AdminScraperPage' },
    namespaces: ['admin-scraper', 'admin'],
  },
  /** The link a comment's Share gives: it opens the comment's paper at the comment, for anyone. */
  commentLink: {
    path: '/comments/comment/:id',
    access: 'private',
    screen: { module: 'routes/comment-link.tsx', page: 'CommentLinkPage' },
    namespaces: ['comments'],
  },
  /** The signed-in reader's email digest (categories followed, frequency, language), and leaving the site. */
  account: {
    path: '/account',
    access: 'private',
    guard: 'user',
    screen: { module: 'routes/account.tsx', page: 'AccountPage' },
    namespaces: ['email-digest', 'account'],
  },
  /** Where a digest mail's unsubscribe link leads, for whoever holds the link, signed in or not. */
  unsubscribe: {
    path: '/unsubscribe',
    access: 'private',
    screen: { module: 'routes/unsubscribe.tsx', page: 'UnsubscribePage' },
    namespaces: ['email-digest'],
  },
  notFound: {
    path: '/404',
    access: 'public',
    notFound: true,
    screen: { module: 'routes/not-found.tsx', page: 'NotFoundPage' },
    namespaces: [],
  },
} as const satisfies Record<RouteName, RouteFacts>;

type Routes = typeof ROUTES;

/** The pages listed for search engines and rendered by the server, the not-found page aside. */
export type PublicRouteName = {
  [K in RouteName]: Routes[K] extends { access: 'public'; notFound?: undefined } ? K : never;
}[RouteName];

export interface ClientRoute extends RouteFacts {
  name: RouteName;
}

export interface RouteMatch {
  route: ClientRoute;
  /** The path's values: `id` for `:id`, `*` for the rest. */
  params: Record<string, string>;
}

export { ARABIC_PREFIX, localeOfPath, localizedPath } from './locale-path.js';

const tableRoutes: ClientRoute[] = (Object.keys(ROUTES) as RouteName[]).map((name) => ({ name, ...ROUTES[name] }));

/**
 * The Arabic address of each public page whose table entry names no language: the same screen at
 * /ar + its path. The blog's lists have both of theirs in the table (the spec names /ar/blogs).
 */
const arabicTwins: ClientRoute[] = tableRoutes
  .filter((route) => route.access === 'public' && !route.notFound && !route.locale)
  .map((route) => ({ ...route, path: localizedPath(route.path, 'ar'), locale: 'ar' }));

/** Every route, in the table's order (the order the router tries them), the Arabic addresses after them. */
export const ALL_ROUTES: readonly ClientRoute[] = [...tableRoutes, ...arabicTwins];

/** The routes the server answers with their page (200); any other non-API path is answered 404. */
export const CLIENT_ROUTES: readonly ClientRoute[] = ALL_ROUTES.filter((route) => !route.notFound);

const matchers = CLIENT_ROUTES.map((route) => ({
  route,
  pattern: new RegExp(
    `^${route.path
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/:([a-zA-Z]+)/g, '(?<$1>[^/]+)')
      .replace('*', '(?<splat>.+?)')}/?$`,
  ),
}));

/** The route that answers a path, with the path's values, or null for an unknown path. */
export function matchClientRoute(pathname: string): RouteMatch | null {
  for (const { route, pattern } of matchers) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    const { splat, ...named } = match.groups ?? {};
    return { route, params: splat === undefined ? named : { ...named, '*': splat } };
  }
  return null;
}

export function clientRouteOf(pathname: string): ClientRoute | undefined {
  return matchClientRoute(pathname)?.route;
}

export function isClientRoute(pathname: string): boolean {
  return clientRouteOf(pathname) !== undefined;
}

/** What a page fetches first, its `*` and `:id` filled from the path. */
export function firstDataOf({ route, params }: RouteMatch): string[] {
  return (route.firstData ?? []).map((url) =>
    url.replace(/:([a-zA-Z]+)|\*/g, (token, name?: string) => params[name ?? token] ?? token),
  );
}

/** The public pages without parameters, at their English (or language-neutral) address: the sitemap's fixed pages. */
export const PUBLIC_PAGES = CLIENT_ROUTES.filter(
  ({ access, path }) => access === 'public' && !/[:*]/.test(path) && !localeOfPath(path),
).map(({ path }) => path);

/** Whether a path is a public page's: such a page has an address in each language. */
export function isPublicPagePath(pathname: string): boolean {
  return clientRouteOf(pathname)?.access === 'public';
}

/** The first segments of the private routes: robots.txt disallows them, and every page under them is noindex. */
export const PRIVATE_PREFIXES = [
  ...new Set(CLIENT_ROUTES.filter(({ access }) => access === 'private').map(({ path }) => `/${path.split('/')[1]}`)),
];

export function isPrivatePath(pathname: string): boolean {
  return PRIVATE_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** The admin dashboard's tiles: the admin screens that have one, in the table's order. */
export const ADMIN_TILES: ReadonlyArray<{ key: AdminTileKey; path: string }> = ALL_ROUTES.flatMap(
  ({ adminTile, path }) => (adminTile ? [{ key: adminTile, path }] : []),
);

/** Where an admin edits a paper (SPEC §2: the Edit buttons of the digest and the paper page). */
export function editPaperPath(arxivId: string): string {
  return `${ROUTES.managePapers.path}?id=${encodeURIComponent(arxivId)}`;
}
