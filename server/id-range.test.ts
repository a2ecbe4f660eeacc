import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from './test/accounts.js';
import { useTestApp } from './test/app.js';
import { testDatabaseKinds } from './test/databases.js';

// Ids are 32-bit on PostgreSQL: a number past 2^31 - 1 must be refused before it reaches a query.
const PAST_32_BITS = ['2147483648', '99999999999', '99999999999999999999'];

describe.each(testDatabaseKinds)('integers beyond the id range on $name', (kind) => {
  const target = useTestApp(kind);
  let adminCookie: string;

  beforeAll(async () => {
    adminCookie = await signedInAs(target, 'admin', 'admin@example.org');
  });

  it('refuses them as paper ids with a 400 in the API and a 404 page', async () => {
    for (const id of PAST_32_BITS) {
      for (const url of [`/api/papers/${id}`, `/api/papers/${id}/categories`, `/api/image/${id}/data`]) {
        const response = await target.app.inject(url);
        expect(response.statusCode, url).toBe(400);
        expect(response.json().error).toBe('invalid_request');
      }
      expect((await target.app.inject(`/ai-digest/${id}`)).statusCode).toBe(404);
    }
    expect((await target.app.inject('/api/papers/2147483647')).statusCode).toBe(404);
  });

  it('answers 404 for sitemap parts past the id range', async () => {
    for (const part of ['214749', '99999999999', '1e3', '01']) {
      const response = await target.app.inject(`/sitemaps/papers-${part}.xml`);
      expect(response.statusCode, part).toBe(404);
      expect(response.json().error).toBe('not_found');
    }
  });

  it('refuses them as user ids and page numbers with a 400', async () => {
    for (const id of PAST_32_BITS) {
      for (const action of ['verify', 'unverify']) {
        const response = await target.app.inject({
          method: 'PATCH',
          url: `/api/users/${id}/${action}`,
          headers: { cookie: adminCookie },
        });
        expect(response.statusCode, `${action} ${id}`).toBe(400);
        expect(response.json().fields).toHaveProperty('params.id');
      }
      for (const url of [`/api/papers?page=${id}`, `/api/users?page=${id}`]) {
        const response = await target.app.inject({ url, headers: { cookie: adminCookie } });
        expect(response.statusCode, url).toBe(400);
        expect(response.json().fields).toHaveProperty('querystring.page');
      }
    }
    expect(
      (
        await target.app.inject({
          url: '/api/users/2147483647/verify',
          method: 'PATCH',
          headers: { cookie: adminCookie },
        })
      ).statusCode,
    ).toBe(404);
    for (const url of ['/api/papers?page=2147483647&limit=100', '/api/users?page=2147483647&limit=50']) {
      expect((await target.app.inject({ url, headers: { cookie: adminCookie } })).statusCode, url).toBe(200);
    }
  });
});
