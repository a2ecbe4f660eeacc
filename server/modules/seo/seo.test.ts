import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { seedPapers } from '../ingest/seed.js';

const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const metaContent = (html: string, attr: string) => new RegExp(`<meta ${attr} content="([^"]*)"`).exec(html)?.[1];

describe.each(testDatabaseKinds)('search-engine presence on $name', (kind) => {
  const target = useTestApp(kind, () => ({ PUBLIC_URL: 'https://site.example', SITE_NAME: 'Agentic & Co' }));

  beforeAll(async () => {
    await seedPapers(target.handle, 12);
  });

  it('puts the paper title, description, canonical link and Open Graph tags into a paper page', async () => {
    const paper = (await target.app.inject('/api/papers?limit=1')).json().papers[0];
    const response = await target.app.inject(`/ai-digest/${paper.arxivId}`);
    expect(response.statusCode).toBe(200);
    const head = headOf(response.body);
    const escapedTitle = paper.title.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll("'", '&apos;');
    expect(head).toContain(`<title>${escapedTitle} | Agentic &amp; Co</title>`);
    expect(head).toContain(`<link rel="canonical" href="https://site.example/ai-digest/${paper.arxivId}" />`);
    expect(metaContent(head, 'property="og:type"')).toBe('article');
    expect(metaContent(head, 'property="og:url"')).toBe(`https://site.example/ai-digest/${paper.arxivId}`);
    expect(metaContent(head, 'name="description"')?.length).toBeGreaterThan(20);
    expect(head).not.toContain('noindex');
  });

  it('answers an unknown paper or post with 404 and noindex', async () => {
    for (const path of ['/ai-digest/2101.99999', '/blog/no-such-post']) {
      const response = await target.app.inject(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.body).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('puts the post title and description into a blog post page', async () => {
    const posts = (await target.app.inject('/blogsFolder/en/blogs.json')).json() as {
      id: string;
      title: string;
      description: string;
    }[];
    const post = posts[0];
    if (!post) throw new Error('no posts');
    const head = headOf((await target.app.inject(`/blog/${post.id}`)).body);
    expect(head).toContain(`<link rel="canonical" href="https://site.example/blog/${post.id}" />`);
    expect(metaContent(head, 'property="og:title"')).toContain('| Agentic &amp; Co');
    expect(head).toContain('<html lang="en" dir="ltr">');
    expect(headOf((await target.app.inject('/ar/blogs')).body)).toContain('<html lang="ar" dir="rtl">');
  });

  it('keeps account and admin pages out of search engines', async () => {
    for (const path of ['/authenticate', '/admin/users', '/bookmarks']) {
      expect((await target.app.inject(path)).body, path).toContain('content="noindex"');
    }
    const robots = (await target.app.inject('/robots.txt')).body;
    expect(robots).toContain('Disallow: /admin');
    expect(robots).toContain('Sitemap: https://site.example/sitemap.xml');
  });

  it('lists pages, posts and papers in the sitemap', async () => {
    const index = await target.app.inject('/sitemap.xml');
    expect(index.headers['content-type']).toContain('application/xml');
    expect(index.body).toContain('<loc>https://site.example/sitemaps/pages.xml</loc>');
    expect(index.body).toContain('<loc>https://site.example/sitemaps/papers-1.xml</loc>');
    const pages = (await target.app.inject('/sitemaps/pages.xml')).body;
    expect(pages).toContain('<loc>https://site.example/ai-digest</loc>');
    expect(pages).toMatch(/<loc>https:\/\/site\.example\/blog\/[a-z0-9-]+<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    const papers = (await target.app.inject('/sitemaps/papers-1.xml')).body;
    // Each paper at its English and its Arabic address.
    expect(papers.match(/<url>/g)).toHaveLength(24);
    expect((await target.app.inject('/sitemaps/papers-2.xml')).statusCode).toBe(404);
  });

  it('publishes RSS feeds of the blog per locale and of the newest papers', async () => {
    for (const [path, language] of [
      ['/feeds/blog-en.xml', 'en'],
      ['/feeds/blog-ar.xml', 'ar'],
      ['/feeds/ai-digest.xml', 'en'],
    ] as const) {
      const response = await target.app.inject(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type']).toContain('application/rss+xml');
      expect(response.body).toContain(`<language>${language}</language>`);
      expect(response.body.match(/<item>/g)?.length ?? 0).toBeGreaterThanOrEqual(8);
    }
    expect((await target.app.inject('/feeds/blog-fr.xml')).statusCode).toBe(404);
  });
});
