import { readFileSync } from 'node:fs';
import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookmarkSchema } from '../../common/bookmarks.js';
import { commentSchema } from '../../common/comments.js';
import { apiErrorSchema } from '../../common/errors.js';
import { healthSchema } from '../../common/health.js';
import { paperPaginationSchema } from '../../common/pagination.js';
import {
  arabicSummarySchema,
  categoryRefSchema,
  paperCardSchema,
  paperDetailSchema,
  paperListSchema,
  summarySchema,
} from '../../common/papers.js';
import { publicUserSchema, userListSchema } from '../../common/users.js';
import { SESSION_COOKIE } from '../modules/auth/sessions.js';
import { PACKAGE_VERSION } from '../package-version.js';
import { SITE_ICON_FILE } from '../paths.js';
import { registerApiDocsAssets } from './api-docs-assets.js';
import { SAFE_METHODS } from './origin-check.js';

/** The reference page; the document itself is at `${API_DOCS_PREFIX}/json`. */
export const API_DOCS_PREFIX = '/api/docs';

const TAGS = [
  { name: 'papers', description: 'The AI Research Digest: papers, their categories and cover images. Public.' },
  {
    name: 'categories',
    description: 'Category names (with their Arabic names), to filter the list of papers by. Public to read.',
  },
  { name: 'auth', description: 'Accounts and sessions: sign-up, email verification, sign-in, password reset.' },
  { name: 'users', description: 'User administration. Administrators only.' },
  {
    name: 'comments',
    description: "Readers' comments on papers: public to read; signed-in readers write and delete their own.",
  },
  { name: 'upload', description: 'Images for comments. Signed-in readers only.' },
  { name: 'bookmarks', description: 'The signed-in reader’s own bookmarks. Signed-in, verified readers only.' },
  {
    name: 'share-cards',
    description:
      'The pictures that link previews show of a page (og:image): papers, posts and pages, in either language. Public.',
  },
  {
    name: 'digest-subscription',
    description:
      'The email digest: the signed-in reader’s categories, frequency and language; unsubscribing by the link of a mail, without signing in.',
  },
  {
    name: 'account',
    description: 'The signed-in reader’s own account: deleting it. Signed-in readers only.',
  },
  {
    name: 'admin',
    description:
      'Administration: comment moderation, the audit log of every administrator action, deleted papers, categories with their paper counts. Administrators only.',
  },
  { name: 'health', description: 'Whether the service and its database answer.' },
  { name: 'mcp', description: 'The Model Context Protocol server for AI agents. Public, rate limited.' },
];

/** Shared schemas the document lists once, by name, and refers to wherever a route uses them. */
const NAMED_SCHEMAS: Record<string, z.ZodType> = {
  ApiError: apiErrorSchema,
  PaperList: paperListSchema,
  PaperCard: paperCardSchema,
  PaperDetail: paperDetailSchema,
  PaperPagination: paperPaginationSchema,
  Summary: summarySchema,
  ArabicSummary: arabicSummarySchema,
  Category: categoryRefSchema,
  User: publicUserSchema,
  Comment: commentSchema,
  UserList: userListSchema,
  Bookmark: bookmarkSchema,
  Health: healthSchema,
};

/** What a status means on every route that answers it, unless the route's schema says otherwise. */
const STATUS_DESCRIPTIONS: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  303: 'See other: the address in `Location`.',
  304: 'Not modified',
  400: 'The request is malformed: `fields` names each invalid field.',
  401: 'Not signed in, or the credentials are wrong.',
  403: 'Not allowed: signed in without the right, or sent from another site.',
  404: 'Not found.',
  405: 'Not answered on this path: `Allow` names the methods that are.',
  409: 'Conflicts with the current state (for example, a paper already bookmarked).',
  413: 'The body is larger than this route accepts.',
  429: 'Too many attempts: `Retry-After` gives the seconds to wait.',
  503: 'Unavailable for a moment (the database does not answer): `Retry-After` gives the seconds to wait.',
  507: 'The server has no room to store it now (its disk is full); try again later.',
};

/** A response in the document's form: its description (the route's, or the status's), then its content. */
function describedResponse(status: string, jsonSchema: Record<string, unknown>): Record<string, unknown> {
  const description = jsonSchema.description ?? STATUS_DESCRIPTIONS[status] ?? status;
  if ('content' in jsonSchema || jsonSchema.type === 'null') return { ...jsonSchema, description };
  return { description, content: { 'application/json': { schema: jsonSchema } } };
}

/** Every body has a limit (413, in the error shape of its 400) whether or not its route declares the answer. */
function withBodyLimit(
  response: Record<string, Record<string, unknown>>,
  hasBody: boolean,
): Record<string, Record<string, unknown>> {
  const invalid = response['400'];
  if (!hasBody || !invalid || response['413']) return response;
  const { description: _, ...errorShape } = invalid;
  return { ...response, 413: errorShape };
}

/**
 * A request that changes something, sent from another site, is refused with 403 on every route that
 * does not accept cross-site requests, whether or not the route declares it.
 */
function withForeignOriginRefusal(
  response: Record<string, Record<string, unknown>>,
  methods: string[],
  acceptsCrossSite: boolean,
): Record<string, Record<string, unknown>> {
  const changes = methods.some((method) => !SAFE_METHODS.has(method.toUpperCase()));
  if (!changes || acceptsCrossSite || response['403']) return response;
  return { ...response, 403: { $ref: '#/components/schemas/ApiError' } };
}

/** The session cookie, named in the document so clients and generators know what a signed-in call sends. */
const SESSION_SCHEME = 'session';

/**
 * Who may call an operation. One that answers 401 needs the session, except the sign-in flow's,
 * whose 401 means wrong credentials or a spent link; every other operation is public, and reads the
 * session when one comes (the signed-in user's own state, the rate limit of their account).
 */
function securityOf(status: string[], tags: string[]): Record<string, string[]>[] {
  const needsSession = status.includes('401') && !tags.includes('auth');
  return needsSession ? [{ [SESSION_SCHEME]: [] }] : [{}, { [SESSION_SCHEME]: [] }];
}

/** A stable name for client generators' methods: the method, then the path's words (`getPapersByArxivIdCategories`). */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .flatMap((segment) => {
      const parameter = /^\{(.+)\}$/.exec(segment) ?? /^:(.+)$/.exec(segment);
      return parameter?.[1] ? ['by', parameter[1]] : segment.split(/[-_]/);
    })
    .filter(Boolean);
  const capitalised = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return `${method.toLowerCase()}${capitalised.join('')}`;
}

/**
 * Documents the routes under /api from their own zod schemas: every other route (pages, feeds, static
 * files) is left out. A route without tags is tagged with the first segment of its path; each
 * operation gets the security it needs.
 */
const transform: SwaggerTransform = (document) => {
  if (!document.url.startsWith('/api/')) return { schema: { hide: true }, url: document.url };
  const { schema, url } = jsonSchemaTransform(document);
  const response = schema?.response as Record<string, Record<string, unknown>> | undefined;
  const described =
    response &&
    Object.fromEntries(
      Object.entries(
        withForeignOriginRefusal(
          withBodyLimit(response, schema?.body !== undefined),
          [document.route.method].flat(),
          document.route.config?.acceptsCrossSite === true,
        ),
      ).map(([status, json]) => [status, describedResponse(status, json)]),
    );
  const tags = (schema?.tags as string[] | undefined) ?? [url.split('/')[2] ?? ''];
  return {
    schema: {
      ...schema,
      tags,
      security: securityOf(Object.keys(described ?? {}), tags),
      response: described,
    },
    url,
  };
};

/**
 * The named schemas, keeping only those the document refers to (zod lists an input and an output
 * variant), and each operation's id.
 */
const transformObject: SwaggerTransformObject = (document) => {
  // A new object: pruning it leaves the registered schemas as they are.
  const openapi = jsonSchemaTransformObject(document);
  const schemas: Record<string, unknown> = ('components' in openapi && openapi.components?.schemas) || {};
  const used = new Set<string>();
  const visit = (value: unknown) => {
    for (const [, name] of JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (name && !used.has(name)) {
        used.add(name);
        visit(schemas[name]);
      }
    }
  };
  visit(openapi.paths);
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  // Ids per method: a route that answers several methods shares one operation object among them.
  for (const [path, operations] of Object.entries(openapi.paths ?? {})) {
    const byMethod = operations as Record<string, object>;
    for (const [method, operation] of Object.entries(byMethod)) {
      byMethod[method] = { ...operation, operationId: operationIdOf(method, path) };
    }
  }
  return openapi;
};

/**
 * The API's published contract: the OpenAPI document at /api/docs/json and a reference page at
 * /api/docs, whose assets (swagger-ui-dist, in the plugin's package) the site serves itself. Register
 * it before the routes: the document is made of the routes added after it.
 */
export async function registerApiDocs(
  app: FastifyInstance,
  { siteName, publicUrl }: { siteName: string; publicUrl: string },
): Promise<void> {
  for (const [id, schema] of Object.entries(NAMED_SCHEMAS)) {
    z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
  }
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${siteName} API`,
        version: PACKAGE_VERSION,
        description:
          'The JSON API behind the site. Every failure answers the same error shape: `{error, message, fields?, requestId}`; every answer names its request in `X-Request-Id`.',
        // The site's code is under the Apache License 2.0 (LICENSE at the repository's root).
        license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
      },
      servers: [{ url: publicUrl, description: 'This site' }],
      tags: TAGS,
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The session cookie that signing in (`POST /api/auth/login`) or verifying an email sets.',
          },
        },
      },
    },
    transform,
    transformObject,
  });
  registerApiDocsAssets(app, API_DOCS_PREFIX);
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    theme: { title: `${siteName} API reference` },
    // The site's own icon, leading back to its documentation, instead of the plugin's logo.
    logo: { type: 'image/svg+xml', content: readFileSync(SITE_ICON_FILE), href: '/documentation', target: '_self' },
  });
}
