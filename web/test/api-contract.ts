/**
 * Holds the web tests' fake API to the server's contract: every answer a fetch stub gives under
 * /api is checked against the zod schema the server declares for that route and status, so a stub
 * cannot answer what the server never sends. A test whose stub broke the contract fails after it.
 */
import { afterEach } from 'vitest';
import { type ZodType, z } from 'zod';
import {
  adminCategoryListSchema,
  categoryCreateAnswerSchema,
  categoryDeleteAnswerSchema,
  deletedPaperEraseAnswerSchema,
  deletedPaperListSchema,
  deletedPaperRestoreAnswerSchema,
  paperDeleteAnswerSchema,
} from '../../common/admin-papers.js';
import { auditPageSchema } from '../../common/audit.js';
import { checkSchema, messageSchema, userMessageSchema, verifyAnswerSchema } from '../../common/auth.js';
import {
  bookmarkedPapersPageSchema,
  bookmarkedSchema,
  bookmarkListSchema,
  bookmarkSchema,
} from '../../common/bookmarks.js';
import { commentListSchema, commentPageSchema, commentSchema, uploadAnswerSchema } from '../../common/comments.js';
import { digestSubscriptionSchema } from '../../common/digest-subscription.js';
import { apiErrorSchema } from '../../common/errors.js';
import { healthSchema } from '../../common/health.js';
import { adminCommentListSchema, dismissReportsAnswerSchema, reportSchema } from '../../common/moderation.js';
import {
  categoryListSchema,
  categoryNamesSchema,
  categoryRefSchema,
  paperCategoriesSchema,
  paperDetailSchema,
  paperListSchema,
} from '../../common/papers.js';
import {
  processNowAnswerSchema,
  queueActionAnswerSchema,
  queueListSchema,
  queueSearchSchema,
  scrapeAnswerSchema,
} from '../../common/queue.js';
import { recommendationsSchema } from '../../common/recommendations.js';
import { paperMatchesSchema } from '../../common/search.js';
import { managedUserSchema, userListSchema } from '../../common/users.js';

interface RouteContract {
  method: string;
  path: RegExp;
  /** The success statuses and their body. */
  statuses: readonly number[];
  schema: ZodType;
  /** Whether the route refuses requests with 4xx answers; server failures (5xx) can come from any. */
  refuses: boolean;
}

const route = (
  method: string,
  path: RegExp,
  status: number | readonly number[],
  schema: ZodType,
  refuses = true,
): RouteContract => ({ method, path, statuses: typeof status === 'number' ? [status] : status, schema, refuses });

/**
 * The API routes the web app calls, as the server declares them (server/modules/\*\/routes.ts); the
 * first that matches a request is its contract.
 */
const CONTRACT: readonly RouteContract[] = [
  // A visitor who is not signed in gets 200 with `user: null`, never an error.
  route('GET', /^\/api\/auth\/check$/, 200, checkSchema, false),
  route('POST', /^\/api\/auth\/signup$/, 201, messageSchema),
  route('POST', /^\/api\/auth\/login$/, 200, userMessageSchema),
  route('GET', /^\/api\/auth\/verify-email$/, 200, verifyAnswerSchema),
  route(
    'POST',
    /^\/api\/auth\/(logout|forgot-password|resend-verification|reset-password|verify-email)$/,
    200,
    messageSchema,
  ),
  route('GET', /^\/api\/users$/, 200, userListSchema),
  route('PATCH', /^\/api\/users\/\d+\/(verify|unverify)$/, 200, managedUserSchema),
  route('POST', /^\/api\/admin\/users\/\d+\/(suspend|restore)$/, 200, managedUserSchema),
  route('PATCH', /^\/api\/admin\/users\/\d+\/role$/, 200, managedUserSchema),
  route('DELETE', /^\/api\/admin\/users\/\d+$/, 200, messageSchema),
  route('DELETE', /^\/api\/account$/, 200, messageSchema),
  route('GET', /^\/api\/admin\/audit$/, 200, auditPageSchema),
  route('GET', /^\/api\/admin\/comments$/, 200, adminCommentListSchema),
  route('DELETE', /^\/api\/admin\/comments\/\d+$/, 200, commentSchema),
  route('POST', /^\/api\/admin\/comments\/\d+\/dismiss-reports$/, 200, dismissReportsAnswerSchema),
  route('GET', /^\/api\/papers$/, 200, paperListSchema),
  // Semantic search and related papers (before a paper's own route, which would match them), and the
  // health answer, which reports the search index's progress.
  route('POST', /^\/api\/papers\/semantic$/, 200, paperMatchesSchema),
  route('GET', /^\/api\/papers\/.+\/related$/, 200, paperMatchesSchema),
  route('GET', /^\/api\/health$/, 200, healthSchema, false),
  route('GET', /^\/api\/papers\/.+\/categories$/, 200, paperCategoriesSchema),
  // BibTeX is text, which passes unchecked: a JSON success would be a stub's mistake.
  route('GET', /^\/api\/papers\/.+\/bibtex$/, 200, z.never()),
  route('GET', /^\/api\/papers\/.+$/, 200, paperDetailSchema),
  route('GET', /^\/api\/categories$/, 200, categoryNamesSchema),
  route('PUT', /^\/api\/papers\/.+$/, 200, paperDetailSchema),
  route('DELETE', /^\/api\/papers\/.+$/, 200, paperDeleteAnswerSchema),
  route('POST', /^\/api\/papers\/.+\/categories$/, 200, paperCategoriesSchema),
  route('GET', /^\/api\/admin\/deleted-papers$/, 200, deletedPaperListSchema),
  route('DELETE', /^\/api\/admin\/deleted-papers\/.+\/paper$/, 200, deletedPaperEraseAnswerSchema),
  route('DELETE', /^\/api\/admin\/deleted-papers\/.+$/, 200, deletedPaperRestoreAnswerSchema),
  // 201 when added, 200 when a category of that name existed.
  route('POST', /^\/api\/categories$/, [200, 201], categoryCreateAnswerSchema),
  route('DELETE', /^\/api\/categories\/[^/]+$/, 200, categoryDeleteAnswerSchema),
  route('GET', /^\/api\/categories\/names$/, 200, categoryListSchema),
  route('GET', /^\/api\/admin\/categories$/, 200, adminCategoryListSchema),
  route('PUT', /^\/api\/categories\/[^/]+$/, 200, categoryRefSchema),
  route('GET', /^\/api\/queue$/, 200, queueListSchema),
  route('GET', /^\/api\/queue\/search\/.+$/, 200, queueSearchSchema),
  route('PUT', /^\/api\/queue\/.+\/(move-first|move-last)$/, 200, queueActionAnswerSchema),
  route('POST', /^\/api\/queue\/.+\/process-now$/, 200, processNowAnswerSchema),
  route('DELETE', /^\/api\/queue\/.+$/, 200, queueActionAnswerSchema),
  route('POST', /^\/api\/admin\/scrape$/, 200, scrapeAnswerSchema),
  route('GET', /^\/api\/bookmarks$/, 200, bookmarkListSchema),
  // The bookmarks screen's page of cards, before the route that answers whether a paper is bookmarked.
  route('GET', /^\/api\/bookmarks\/papers$/, 200, bookmarkedPapersPageSchema),
  route('GET', /^\/api\/bookmarks\/.+$/, 200, bookmarkedSchema),
  route('POST', /^\/api\/bookmarks\/.+$/, 201, bookmarkSchema),
  route('DELETE', /^\/api\/bookmarks\/\d+$/, 200, bookmarkSchema),
  // A visitor is refused (401): recommendations come from a reader's bookmarks.
  route('GET', /^\/api\/recommendations$/, 200, recommendationsSchema),
  route('GET', /^\/api\/comments\/\d+$/, 200, commentListSchema),
  route('GET', /^\/api\/comments\/\d+\/page$/, 200, commentPageSchema),
  route('GET', /^\/api\/comments\/comment\/\d+$/, 200, commentSchema),
  route('POST', /^\/api\/comments$/, 201, commentSchema),
  route('PATCH', /^\/api\/comments\/\d+$/, 200, commentSchema),
  route('DELETE', /^\/api\/comments\/\d+$/, 200, commentSchema),
  route('POST', /^\/api\/comments\/\d+\/reports$/, 201, reportSchema),
  route('POST', /^\/api\/upload$/, 201, uploadAnswerSchema),
  route('GET', /^\/api\/digest-subscription$/, 200, digestSubscriptionSchema),
  route('PUT', /^\/api\/digest-subscription$/, 200, digestSubscriptionSchema),
  route('DELETE', /^\/api\/digest-subscription$/, 200, digestSubscriptionSchema),
  route('POST', /^\/api\/digest-subscription\/unsubscribe$/, 200, messageSchema),
];

const violations: string[] = [];

afterEach(() => {
  const found = violations.splice(0);
  if (found.length > 0) throw new Error(`A fetch stub broke the API contract:\n${found.join('\n')}`);
});

/** What is wrong with an answer of the fake API, or null when the server could have sent it. */
export function contractViolation(method: string, url: URL, status: number, body: unknown): string | null {
  const request = `${method} ${url.pathname}`;
  const contract = CONTRACT.find((candidate) => candidate.method === method && candidate.path.test(url.pathname));
  if (!contract) return `${request}: no such route in the contract`;
  let schema: ZodType;
  if (contract.statuses.includes(status)) schema = contract.schema;
  else if (status >= 500 || (status >= 400 && contract.refuses)) schema = apiErrorSchema;
  else return `${request}: the server never answers ${status}`;
  const result = schema.safeParse(body);
  return result.success ? null : `${request} ${status}: ${z.prettifyError(result.error)}`;
}

/**
 * A fetch stub whose API answers are checked against the contract. Answers without a JSON body
 * pass: they stand for a proxy's error page, which the client must survive too.
 */
export function checkedFetch(
  stub: (input: RequestInfo | URL, init?: RequestInit) => Response | Promise<Response>,
): (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> {
  return async (input, init) => {
    const response = await stub(input, init);
    const url = new URL(String(input), 'http://localhost');
    const isJson = response.headers.get('content-type')?.includes('application/json');
    if (url.pathname.startsWith('/api/') && isJson) {
      const violation = contractViolation(init?.method ?? 'GET', url, response.status, await response.clone().json());
      if (violation) violations.push(violation);
    }
    return response;
  };
}
