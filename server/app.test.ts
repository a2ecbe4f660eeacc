import { describe, expect, it } from 'vitest';
import { useTestApp, withTestApp } from './test/app.js';
import { testDatabaseKinds } from './test/databases.js';

describe.each(testDatabaseKinds)('HTTP surface on $name', (kind) => {
  const target = useTestApp(kind, () => ({ SITE_NAME: 'Test <Framework>' }));

  it('answers unknown API paths with a JSON 404', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/nope' },
      { method: 'POST' as const, url: '/api/papers' },
      { method: 'GET' as const, url: '/api' },
    ]) {
      const response = await target.app.inject(request);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json().error).toBe('not_found');
    }
  });

  it('answers client routes with the SPA and the site configuration', async () => {
    for (const url of ['/', '/ai-digest', '/ar/blogs', '/documentation', '/admin/users?x=1']) {
      const response = await target.app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
    }
    const body = (await target.app.inject('/ai-digest')).body;
    const json = /<script type="application\/json" id="app-config">(.*?)<\/script>/.exec(body)?.[1];
    expect(JSON.parse(json ?? '{}').siteName).toBe('Test <Framework>');
    expect(json).not.toContain('<F');
  });

  it('answers unknown pages, papers and posts with the SPA and a 404 status', async () => {
    for (const url of ['/no/such/page', '/ai-digest/2401.12345', '/ai-digest/math/9501234', '/blog/no-such-post']) {
      const response = await target.app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toContain('<div id="root"></div>');
    }
  });

  it('serves hashed assets with a year of caching', async () => {
    const response = await target.app.inject('/assets/main-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers the liveness route without the database', async () => {
    expect((await target.app.inject('/api/health/live')).json()).toEqual({ status: 'ok' });
  });
});

describe('blog files', () => {
  it('serves the posts of each locale as static files', async () => {
    const [kind] = testDatabaseKinds;
    if (!kind) throw new Error('no database');
    await withTestApp(kind, {}, async (target) => {
      for (const locale of ['en', 'ar']) {
        const list = await target.app.inject(`/blogsFolder/${locale}/blogs.json`);
        expect(list.statusCode).toBe(200);
        const posts = list.json() as { id: string; content: string }[];
        expect(posts.length).toBeGreaterThanOrEqual(8);
        const separate = posts.find((post) => post.content === '');
        if (!separate) throw new Error(`no post with a separate body in ${locale}`);
        const body = await target.app.inject(`/blogsFolder/${locale}/${separate.id}.html`);
        expect(body.statusCode).toBe(200);
        expect(body.headers['content-type']).toContain('text/html');
      }
      expect((await target.app.inject('/blogsFolder/en/missing.html')).statusCode).toBe(404);
      expect((await target.app.inject('/blogsFolder/../package.json')).statusCode).toBe(404);
    });
  });
});

describe('content security policy', () => {
  it('allows the analytics hosts only when a tag id is configured', async () => {
    const [kind] = testDatabaseKinds;
    if (!kind) throw new Error('no database');
    for (const [env, allowed] of [
      [{}, false],
      [{ ANALYTICS_TAG_ID: 'G-TEST123' }, true],
    ] as const) {
      await withTestApp(kind, env, async (target) => {
        const csp = String((await target.app.inject('/ai-digest')).headers['content-security-policy']);
        expect(csp).toContain("script-src 'self'");
        expect(csp.includes('https://www.googletagmanager.com')).toBe(allowed);
      });
    }
  });
});
