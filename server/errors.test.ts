import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './test/app.js';
import { testDatabaseKinds } from './test/databases.js';

/**
 * The one error shape, answered as JSON with the security headers every answer carries, naming the
 * request by the id its X-Request-Id header gives.
 */
function expectErrorShape(response: LightMyRequestResponse, status: number, error: string): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toContain('application/json');
  expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  const body = response.json();
  expect(Object.keys(body).sort()).toEqual(['error', 'message', 'requestId']);
  expect(body.error).toBe(error);
  expect(typeof body.message).toBe('string');
  expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
  expect(response.headers['x-request-id']).toBe(body.requestId);
}

describe.each(testDatabaseKinds)('the error contract on $name', (kind) => {
  const target = useTestApp(kind);

  beforeAll(() => {
    // Routes standing in for a handler with a body and for a bug.
    target.app.post('/api/test/echo', async (request) => request.body);
    target.app.get('/api/test/bug', async () => {
      throw new Error('connection string postgres://admin:hunter2@db/site');
    });
    target.app.get<{ Params: { code: string } }>('/api/test/database-error/:code', async (request) => {
      throw Object.assign(new Error('the database said no'), { code: request.params.code });
    });
  });

  it('refuses a path that cannot be percent-decoded with a 400 in the one shape', async () => {
    for (const url of ['/api/%zz', '/%zz', '/ai-digest/%zz', '/api/papers/%C0%AF', '/api/%zz?page=1']) {
      const response = await target.app.inject(url);
      expectErrorShape(response, 400, 'invalid_request');
      expect(response.json().message).toMatch(/malformed percent-encoding/);
    }
    expectErrorShape(await target.app.inject({ method: 'POST', url: '/api/%zz' }), 400, 'invalid_request');
  });

  it('answers an over-long path parameter from its route, not from the router', async () => {
    const response = await target.app.inject(`/sitemaps/papers-${'1'.repeat(200)}.xml`);
    expectErrorShape(response, 404, 'not_found');
    expectErrorShape(await target.app.inject(`/feeds/blog-${'a'.repeat(200)}.xml`), 404, 'not_found');
    // Longer than Node's default header limit: a server started with a larger one still answers from the route.
    expectErrorShape(await target.app.inject(`/feeds/blog-${'a'.repeat(70_000)}.xml`), 404, 'not_found');
  });

  it('refuses malformed JSON with a 400', async () => {
    const response = await target.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@example.org",',
    });
    expectErrorShape(response, 400, 'invalid_request');
  });

  it('refuses a body over the limit with a 413', async () => {
    const response = await target.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expectErrorShape(response, 413, 'payload_too_large');
  });

  it('refuses a content type it does not read with a 415', async () => {
    const response = await target.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expectErrorShape(response, 415, 'unsupported_media_type');
  });

  it('answers an unexpected failure with a 500 that leaks neither message nor stack', async () => {
    const response = await target.app.inject('/api/test/bug');
    expectErrorShape(response, 500, 'internal_error');
    expect(response.json().message).toBe('Something went wrong on our side.');
    expect(response.body).not.toMatch(/hunter2|postgres:|\.ts:\d+|at /);
  });

  it('answers a database that cannot answer now with 503 and Retry-After, and anything else with 500', async () => {
    for (const code of ['SQLITE_BUSY', 'ECONNREFUSED', '57P01', '57P03', '57014', '08006']) {
      const response = await target.app.inject(`/api/test/database-error/${code}`);
      expectErrorShape(response, 503, 'unavailable');
      expect(response.headers['retry-after'], code).toBe('5');
    }
    for (const code of ['SQLITE_CONSTRAINT', '23505', '42P01']) {
      expectErrorShape(await target.app.inject(`/api/test/database-error/${code}`), 500, 'internal_error');
    }
  });
});
