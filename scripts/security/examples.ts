import type { Field, Role, ScanRoute } from './routes.js';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Rows that routes' path parameters name. */
export interface RowSet {
  paper: string;
  oldStylePaper: string;
  category: string;
  commentId: number;
  bookmarkId: number;
  queued: string;
  queuedOldStyle: string;
}

/** Real rows of the scanned site, so that a request's untouched inputs reach the route's work, not a 404. */
export interface ScanFixtures {
  /** The numeric id of the shared rows' paper. */
  paperId: number;
  /** The rows every scan reads, and a visitor's deletions name (refused before any row is touched). */
  shared: RowSet;
  /** Rows a signed-in role's scan of a deleting route removes: its own, so that no scan removes what another reads. */
  disposable: Record<'reader' | 'admin', RowSet>;
  /** A paper arXiv (the local fake) knows and the queue does not hold. */
  toScrape: string;
  victimId: number;
  /** An account the admin's scan of the account deletion removes. */
  doomedUserId: number;
  /** The admin's comment, for the reader's scan of reports (readers report others' comments only). */
  reportedCommentId: number;
  readerId: number;
  uploadName: string;
  blogSlug: string;
  /** The address each role signs in with (a visitor signs in as the reader). */
  emails: Record<Role, string>;
  password: string;
}

/**
 * The email sent where a route does not sign anyone in. Its letters are replaced in every request
 * (sqlmap's --randomize), because sign-up and the link mails are limited per address as well as
 * per client.
 */
export const FRESH_EMAIL = 'scanfreshaddress@example.org';

/** A well-formed token no link ever held. */
const UNKNOWN_TOKEN = 'f'.repeat(64);

interface Rule {
  name: string;
  /** Only for routes whose pattern starts so (the same name means different rows on different routes). */
  under?: string;
  value: (f: ScanFixtures, role: Role, route: ScanRoute) => JsonValue;
}

/** The rows a route names for a role: a signed-in role's own for deleting routes, else the shared ones. */
const rowsFor = (f: ScanFixtures, role: Role, route: ScanRoute): RowSet =>
  route.method === 'DELETE' && role !== 'visitor' ? f.disposable[role] : f.shared;
const oldStylePart = (id: string, part: 0 | 1) => id.split('/')[part] ?? '';

/** Path parameters, by the route they belong to: first match wins. */
const PATH_RULES: Rule[] = [
  { name: 'arxivId', under: '/api/queue', value: (f, role, r) => rowsFor(f, role, r).queued },
  { name: 'archive', under: '/api/queue', value: (f, role, r) => oldStylePart(rowsFor(f, role, r).queuedOldStyle, 0) },
  { name: 'number', under: '/api/queue', value: (f, role, r) => oldStylePart(rowsFor(f, role, r).queuedOldStyle, 1) },
  { name: 'arxivId', value: (f, role, r) => rowsFor(f, role, r).paper },
  { name: 'archive', value: (f, role, r) => oldStylePart(rowsFor(f, role, r).oldStylePaper, 0) },
  { name: 'number', value: (f, role, r) => oldStylePart(rowsFor(f, role, r).oldStylePaper, 1) },
  { name: 'id', under: '/api/bookmarks', value: (f, role, r) => rowsFor(f, role, r).bookmarkId },
  { name: 'id', under: '/api/users', value: (f) => f.victimId },
  {
    name: 'id',
    under: '/api/admin/users',
    value: (f, role, r) => (r.method === 'DELETE' && role !== 'visitor' ? f.doomedUserId : f.victimId),
  },
  { name: 'id', under: '/api/comments/:id/reports', value: (f) => f.reportedCommentId },
  { name: 'id', under: '/blog/', value: (f) => f.blogSlug },
  { name: 'id', under: '/api/share-cards/posts/', value: (f) => f.blogSlug },
  { name: 'page', under: '/api/share-cards/pages/', value: () => 'aiDigest' },
  { name: 'id', value: (f, role, r) => rowsFor(f, role, r).commentId },
  { name: 'paperId', value: (f) => f.paperId },
  { name: 'name', under: '/uploads/', value: (f) => f.uploadName },
  { name: 'name', under: '/api/categories', value: (f, role, r) => rowsFor(f, role, r).category },
  { name: 'n', value: () => '1' },
  { name: 'locale', value: () => 'en' },
  { name: '*', under: '/api/docs/', value: () => 'swagger-ui.css' },
  { name: '*', under: '/ai-digest/', value: (f) => f.shared.paper },
];

/** Query parameters and body fields (JSON and the MCP tools' arguments), by name. */
const FIELD_RULES: Rule[] = [
  { name: 'page', value: () => 1 },
  { name: 'limit', value: () => 10 },
  { name: 'category', value: (f) => f.shared.category },
  { name: 'verified', value: () => 'true' },
  { name: 'q', value: () => 'language model agents' },
  { name: 'query', value: () => 'language model agents' },
  { name: 'top_k', value: () => 5 },
  { name: 'token', value: () => UNKNOWN_TOKEN },
  { name: 'email', under: '/api/auth/login', value: (f, role) => f.emails[role] },
  { name: 'email', value: () => FRESH_EMAIL },
  // A wrong password: the deletion's check runs, and the scanning account stays.
  { name: 'password', under: '/api/account', value: () => 'not the scan password' },
  { name: 'password', value: (f) => f.password },
  { name: 'newPassword', value: (f) => f.password },
  { name: 'name', under: '/api/categories', value: () => 'Scanned Category' },
  { name: 'name', value: () => 'Scan Reader' },
  { name: 'locale', value: () => 'en' },
  { name: 'language', value: () => 'en' },
  { name: 'paperId', value: (f) => f.paperId },
  { name: 'userId', value: (f) => f.readerId },
  { name: 'text', value: () => '<p>Read with care.</p>' },
  { name: 'categories', value: (f) => [f.shared.category] },
  { name: 'frequency', value: () => 'weekly' },
  { name: 'version', value: () => 1 },
  { name: 'title', value: () => 'A title edited by the scan' },
  { name: 'pdfUrl', value: (f) => `https://arxiv.org/pdf/${f.shared.paper}v1` },
  { name: 'abstract', value: () => 'An abstract edited by the scan.' },
  { name: 'summary', value: () => null },
  { name: 'nameAr', value: () => 'تصنيف الفحص' },
  { name: 'arxivId', under: '/api/admin/scrape', value: (f) => f.toScrape },
  { name: 'arxiv_id_or_url', value: (f) => f.shared.paper },
  { name: 'processNow', value: () => false },
  { name: 'addToFront', value: () => false },
  { name: 'addToBookmarks', value: () => false },
  { name: 'v', value: () => '1' },
  { name: 'lang', value: () => 'en' },
  { name: 'offset', value: () => 0 },
  { name: 'order', value: () => 'newest' },
  { name: 'sort', value: () => 'popular' },
  // A page's cursor as the API writes it: `<epoch ms>_<id>`.
  { name: 'cursor', value: () => '1767607200000_1' },
  { name: 'reason', under: '/api/comments/', value: () => 'spam' },
  { name: 'reason', value: () => 'Scanned for safety' },
  { name: 'role', value: () => 'user' },
  { name: 'removeComments', value: () => false },
  { name: 'reported', value: () => 'true' },
  { name: 'authorId', value: (f) => f.readerId },
  { name: 'action', value: () => 'paper.edited' },
  { name: 'actor', value: (f) => f.readerId },
  { name: 'objectType', value: () => 'paper' },
  { name: 'objectId', value: (f) => f.shared.paper },
  { name: 'before', value: () => 1000 },
];

/** A value for each JSON type, for an input the tables above do not name. */
export const FALLBACK_BY_TYPE: Record<Field['type'], JsonValue> = {
  string: 'scan',
  number: 1,
  integer: 1,
  boolean: false,
  array: [],
  object: {},
  null: null,
  any: 'scan',
};

/**
 * The example value of a path parameter, or of a query parameter or body field, for this route and
 * role; undefined for a name the tables do not know.
 */
export function exampleValue(
  where: 'path' | 'field',
  name: string,
  route: ScanRoute,
  role: Role,
  f: ScanFixtures,
): JsonValue | undefined {
  const rules = where === 'path' ? PATH_RULES : FIELD_RULES;
  const rule = rules.find((r) => r.name === name && (r.under === undefined || route.url.startsWith(r.under)));
  return rule?.value(f, role, route);
}

/** A value as a body field's schema types it (a number where a query would hold its digits). */
export function typedValue(value: JsonValue, type: Field['type']): JsonValue {
  if ((type === 'integer' || type === 'number') && typeof value === 'string') return Number(value);
  if (type === 'string' && typeof value === 'number') return String(value);
  return value;
}
