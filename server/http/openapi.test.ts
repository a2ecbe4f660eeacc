import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.js';
import { testDatabaseKinds } from '../test/databases.js';
import { fetchApiDocument } from '../test/openapi.js';
import { SWAGGER_UI_STATIC_DIR } from './api-docs-assets.js';

/** `/api/papers/:arxivId` as OpenAPI writes it: `/api/papers/{arxivId}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe.each(testDatabaseKinds)('API reference on $name', (kind) => {
  const routes: RouteOptions[] = [];
  const target = useTestApp(kind, () => ({}), { onRoute: (route) => routes.push(route) });

  it('publishes an OpenAPI 3.1 document named after the site', async () => {
    const document = await fetchApiDocument(target.app);
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info).toMatchObject({ title: 'Agentic Framework API', version: expect.any(String) });
  });

  it('documents every route under /api with its method', async () => {
    const document = await fetchApiDocument(target.app);
    const apiRoutes = routes
      .flatMap((route) => [route.method].flat().map((method) => `${method.toLowerCase()} ${route.url}`))
      .filter((route) => /^(?!head|options)\w+ \/api\/(?!docs\b)/.test(route));
    expect(apiRoutes).toContain('get /api/papers/:arxivId/categories');
    const missing = apiRoutes.filter((route) => {
      const [method = '', url = ''] = route.split(' ');
      return !document.paths[openApiPath(url)]?.[method];
    });
    expect(missing).toEqual([]);
  });

  it('leaves pages, feeds and its own routes out of the document', async () => {
    const paths = Object.keys((await fetchApiDocument(target.app)).paths);
    expect(paths.filter((path) => !path.startsWith('/api/') || path.startsWith('/api/docs'))).toEqual([]);
  });

  it('declares the content of every success and the shared error shape for every 4xx', async () => {
    const document = await fetchApiDocument(target.app);
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, { responses }] of Object.entries(operations)) {
        const operation = `${method} ${path}`;
        const successes = Object.entries(responses).filter(([status]) => /^2\d\d$/.test(status));
        // A route that only sends the browser on (a mail's link to its page) answers a redirect instead,
        // and a path may answer a method only to refuse it (405 with Allow; 403 first when sent from another site).
        const redirects = Object.keys(responses).filter((status) => /^30[1-378]$/.test(status));
        const onlyRefused = ['405', '403,405'].includes(Object.keys(responses).sort().join());
        expect(successes.length + redirects.length > 0 || onlyRefused, operation).toBe(true);
        for (const [status, response] of successes) expect(response.content, `${operation} ${status}`).toBeDefined();
        for (const [status, response] of Object.entries(responses).filter(([code]) => /^4\d\d$/.test(code))) {
          expect(response.content?.['application/json']?.schema, `${operation} ${status}`).toEqual({
            $ref: '#/components/schemas/ApiError',
          });
        }
      }
    }
  });

  it('lists every named schema it refers to', async () => {
    const document = await fetchApiDocument(target.app);
    const referred = [...JSON.stringify(document).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map(
      ([, name]) => name,
    );
    expect(new Set(referred)).toEqual(new Set(Object.keys(document.components.schemas)));
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['ApiError', 'PaperList', 'PaperDetail', 'User']),
    );
  });

  it('serves the reference page with its assets from the site, under the site CSP', async () => {
    const page = await target.app.inject('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'[^;]*;/);
    expect(/script-src[^;]*'unsafe-(inline|eval)'/.test(csp)).toBe(false);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, url]) => url ?? '');
    expect(assets).toContain('/api/docs/static/swagger-ui-bundle.js');
    for (const asset of assets) {
      expect(asset).toMatch(/^\/api\/docs\/static\//);
      expect((await target.app.inject(asset)).statusCode, asset).toBe(200);
    }
  });

  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['', undefined],
  ])(
    'answers the large assets to Accept-Encoding "%s" precompressed (%s), with their length',
    async (accept, encoding) => {
      const response = await target.app.inject({
        url: '/api/docs/static/swagger-ui-bundle.js',
        headers: { 'accept-encoding': accept },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toContain('Accept-Encoding');
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      const decoded =
        encoding === 'br'
          ? brotliDecompressSync(response.rawPayload)
          : encoding === 'gzip'
            ? gunzipSync(response.rawPayload)
            : response.rawPayload;
      expect(decoded.equals(readFileSync(path.join(SWAGGER_UI_STATIC_DIR, 'swagger-ui-bundle.js')))).toBe(true);
    },
  );
});
