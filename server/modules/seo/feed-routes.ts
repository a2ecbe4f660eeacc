import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { LOCALES } from '../../../common/account-rules.js';
import { localizedPath, PRIVATE_PREFIXES, PUBLIC_PAGES } from '../../../common/routes.js';
import { MAX_ROW_ID } from '../../../common/row-id.js';
import type { SiteConfig } from '../../config.js';
import { toIso } from '../../db/connect.js';
import { notFound } from '../../errors.js';
import type { PapersRepo } from '../papers/repo.js';
import { BLOG_LOCALES, type BlogLocale, type BlogPosts } from './blog-posts.js';
import { docPagePath } from './doc-pages.js';
import { clip, escapeXml } from './xml.js';

/** Papers per sitemap file, well under the protocol's 50,000 URLs. */
export const PAPERS_PER_SITEMAP = 10_000;
const FEED_SIZE = 30;
// robots.txt also keeps crawlers off the API.
const DISALLOWED_PATHS = [...PRIVATE_PREFIXES, '/api/'];

const rfc822 = (isoDate: string) => new Date(isoDate.length === 10 ? `${isoDate}T00:00:00Z` : isoDate).toUTCString();

function sendXml(reply: FastifyReply, body: string, type = 'application/xml') {
  return reply
    .type(`${type}; charset=utf-8`)
    .header('Cache-Control', 'public, max-age=900')
    .send(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
}

/**
 * A sitemap listing each page at its address in every language, each with the others as alternates
 * (hreflang, English as the default), as search engines read a page's languages from a sitemap.
 */
function urlSet(publicUrl: string, entries: { path: string; lastmod?: string }[]): string {
  const urls = entries.flatMap(({ path, lastmod }) => {
    const addressIn = (locale: (typeof LOCALES)[number]) => escapeXml(`${publicUrl}${localizedPath(path, locale)}`);
    const alternates = [
      ...LOCALES.map((locale) => `<xhtml:link rel="alternate" hreflang="${locale}" href="${addressIn(locale)}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${addressIn('en')}"/>`,
    ].join('');
    return LOCALES.map(
      (locale) =>
        `<url><loc>${addressIn(locale)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${alternates}</url>`,
    );
  });
  return `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>`;
}

function rss(
  channel: { title: string; link: string; self: string; description: string; language: string },
  items: string[],
): string {
  return `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>
<title>${escapeXml(channel.title)}</title><link>${escapeXml(channel.link)}</link>
<description>${escapeXml(channel.description)}</description><language>${channel.language}</language>
<atom:link href="${escapeXml(channel.self)}" rel="self" type="application/rss+xml" />
${items.join('\n')}
</channel></rss>`;
}

function rssItem(item: { title: string; link: string; date: string; description: string; category?: string }): string {
  return `<item><title>${escapeXml(item.title)}</title><link>${escapeXml(item.link)}</link><guid isPermaLink="true">${escapeXml(item.link)}</guid><pubDate>${rfc822(item.date)}</pubDate><description>${escapeXml(item.description)}</description>${item.category ? `<category>${escapeXml(item.category)}</category>` : ''}</item>`;
}

/** robots.txt, the sitemap (an index of page and paper sitemaps) and RSS feeds for the blog and the digest. */
export const feedRoutes: FastifyPluginAsync<{
  papersRepo: PapersRepo;
  blog: BlogPosts;
  site: SiteConfig;
  publicUrl: string;
  /** The documentation's pages, by slug. */
  docSlugs: readonly string[];
}> = async (app, { papersRepo, blog, site, publicUrl, docSlugs }) => {
  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(
        [
          'User-agent: *',
          ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`),
          'Allow: /',
          '',
          `Sitemap: ${publicUrl}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  app.get('/sitemap.xml', async (_request, reply) => {
    const paperFiles = Math.ceil((await papersRepo.maxId()) / PAPERS_PER_SITEMAP);
    const files = [
      '/sitemaps/pages.xml',
      ...Array.from({ length: paperFiles }, (_, i) => `/sitemaps/papers-${i + 1}.xml`),
    ];
    const entries = files.map((file) => `<sitemap><loc>${escapeXml(`${publicUrl}${file}`)}</loc></sitemap>`);
    return sendXml(
      reply,
      `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>`,
    );
  });

  app.get('/sitemaps/pages.xml', async (_request, reply) => {
    const postIds = new Map<string, string>();
    for (const locale of BLOG_LOCALES) for (const post of await blog.list(locale)) postIds.set(post.id, post.date);
    const entries = [
      ...PUBLIC_PAGES.map((path) => ({ path })),
      ...docSlugs.map((slug) => ({ path: docPagePath(slug) })),
      ...[...postIds].map(([id, date]) => ({ path: `/blog/${encodeURIComponent(id)}`, lastmod: date })),
    ];
    return sendXml(reply, urlSet(publicUrl, entries));
  });

  app.get<{ Params: { n: string } }>('/sitemaps/papers-:n.xml', async (request, reply) => {
    const n = /^[1-9]\d*$/.test(request.params.n) ? Number(request.params.n) : 0;
    const firstId = (n - 1) * PAPERS_PER_SITEMAP + 1;
    if (n < 1 || firstId > MAX_ROW_ID) throw notFound('No such sitemap');
    const rows = await papersRepo.idRange(firstId, Math.min(n * PAPERS_PER_SITEMAP, MAX_ROW_ID));
    if (rows.length === 0) throw notFound('No such sitemap');
    const entries = rows.map((row) => ({
      path: `/ai-digest/${row.arxiv_id}`,
      lastmod: toIso(row.updated_at).slice(0, 10),
    }));
    return sendXml(reply, urlSet(publicUrl, entries));
  });

  app.get<{ Params: { locale: string } }>('/feeds/blog-:locale.xml', async (request, reply) => {
    const locale = request.params.locale as BlogLocale;
    if (!BLOG_LOCALES.includes(locale)) throw notFound('No such feed');
    const posts = (await blog.list(locale)).slice(0, FEED_SIZE);
    const items = posts.map((post) =>
      rssItem({
        title: post.title,
        // An Arabic post opens at its Arabic address, in Arabic whatever the reader chose before.
        link: `${publicUrl}${localizedPath(`/blog/${encodeURIComponent(post.id)}`, locale)}`,
        date: post.date,
        description: post.description || post.excerpt || '',
        category: post.category,
      }),
    );
    const title = locale === 'ar' ? `مدونة ${site.siteName}` : `${site.siteName} Blog`;
    const listPath = localizedPath('/blogs', locale);
    const feed = rss(
      {
        title,
        link: `${publicUrl}${listPath}`,
        self: `${publicUrl}/feeds/blog-${locale}.xml`,
        description: title,
        language: locale,
      },
      items,
    );
    return sendXml(reply, feed, 'application/rss+xml');
  });

  app.get('/feeds/ai-digest.xml', async (_request, reply) => {
    const papers = await papersRepo.pageFrom(null, 0, FEED_SIZE);
    const items = papers.map((paper) =>
      rssItem({
        title: paper.title,
        link: `${publicUrl}/ai-digest/${paper.arxiv_id}`,
        date: paper.submitted_date,
        description: clip(paper.abstract, 500),
      }),
    );
    const feed = rss(
      {
        title: 'AI Research Digest',
        link: `${publicUrl}/ai-digest`,
        self: `${publicUrl}/feeds/ai-digest.xml`,
        description: 'A collection of cutting-edge AI research papers and insights',
        language: 'en',
      },
      items,
    );
    return sendXml(reply, feed, 'application/rss+xml');
  });
};
