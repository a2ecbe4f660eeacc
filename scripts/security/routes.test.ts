import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ClientRoute } from '../../common/routes.js';
import type { RegisteredRoute } from '../../server/test/routes.js';
import { pageScanRoutes, serverScanRoutes } from './routes.js';

const registered = (method: string, url: string, schema?: object): RegisteredRoute => ({
  method,
  url,
  options: { method, url, handler: () => {}, schema } as RouteOptions,
});

describe('routes to scan', () => {
  it('takes each route with input once per method, HEAD twins and input-less routes left out', () => {
    const routes = serverScanRoutes(
      [
        registered('GET', '/api/health'),
        registered('GET', '/api/papers/:arxivId'),
        registered('HEAD', '/api/papers/:arxivId'),
        registered('GET', '/api/papers', { querystring: z.object({ page: z.string(), limit: z.string() }) }),
        registered('POST', '/api/auth/logout'),
      ],
      [],
    );
    expect(routes.map((route) => [route.key, route.pathParams, route.query])).toEqual([
      ['GET /api/papers/:arxivId', ['arxivId'], []],
      ['GET /api/papers', [], ['page', 'limit']],
    ]);
  });

  it('reads a JSON body’s fields and their types from the route’s schema, a nullable field by its other type', () => {
    const [route] = serverScanRoutes(
      [
        registered('PUT', '/api/categories/:name', {
          body: z.object({
            nameAr: z.string().nullable(),
            order: z.number().int(),
            tags: z.array(z.string()),
            any: z.unknown(),
          }),
        }),
      ],
      [],
    );
    expect(route?.body).toEqual({
      kind: 'json',
      fields: [
        { name: 'nameAr', type: 'string' },
        { name: 'order', type: 'integer' },
        { name: 'tags', type: 'array' },
        { name: 'any', type: 'any' },
      ],
    });
  });

  it('takes a route that consumes multipart bodies as an upload, though its schema declares no body', () => {
    const [route] = serverScanRoutes([registered('POST', '/api/upload', { consumes: ['multipart/form-data'] })], []);
    expect(route?.body).toEqual({ kind: 'multipart' });
  });

  it('scans the MCP route once per tool, with the tool’s own arguments', () => {
    const tools = [
      { name: 'get_paper', inputSchema: { properties: { arxiv_id_or_url: { type: 'string' } } } },
      { name: 'recent_papers', inputSchema: { properties: { limit: { type: 'integer' } } } },
    ];
    const routes = serverScanRoutes([registered('POST', '/api/mcp', { body: z.unknown() })], tools);
    expect(routes.map((route) => [route.key, route.body])).toEqual([
      [
        'POST /api/mcp get_paper',
        { kind: 'tool-call', tool: 'get_paper', fields: [{ name: 'arxiv_id_or_url', type: 'string' }] },
      ],
      [
        'POST /api/mcp recent_papers',
        { kind: 'tool-call', tool: 'recent_papers', fields: [{ name: 'limit', type: 'integer' }] },
      ],
    ]);
  });

  it('scans public pages with the query parameters the server renders, private pages by their path only', () => {
    const page = (path: string, access: 'public' | 'private') => ({ path, access }) as ClientRoute;
    const routes = pageScanRoutes(
      [
        page('/ai-digest', 'public'),
        page('/ai-digest/*', 'public'),
        page('/comments/comment/:id', 'private'),
        page('/account', 'private'),
      ],
      ['q', 'page'],
    );
    expect(routes.map((route) => [route.key, route.pathParams, route.query])).toEqual([
      ['GET /ai-digest (page)', [], ['q', 'page']],
      ['GET /ai-digest/{rest} (page)', ['*'], ['q', 'page']],
      ['GET /comments/comment/:id (page)', ['id'], []],
    ]);
  });
});
