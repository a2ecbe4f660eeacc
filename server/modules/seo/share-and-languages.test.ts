import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { seedPapers } from '../ingest/seed.js';

const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
/** Every value of a meta tag, in order (the tags write `<meta name|property="…" content="…" />`). */
const metaValues = (head: string, key: string) =>
  [...head.matchAll(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`, 'g'))].map(
    (match) => match[1] ?? '',
  );
const linkHref = (head: string, attributes: string) =>
  new RegExp(`<link ${attributes} href="([^"]*)" />`).exec(head)?.[1];
const fromHtml = (text: string) =>
  text
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/** The width and height a PNG declares in its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

interface Paper {
  arxivId: string;
  title: string;
  authors: string[];
  submittedDate: string;
  pdfUrl: string;
}

describe.each(testDatabaseKinds)('share cards, addresses per language and citation tags on $name', (kind) => {
  const target = useTestApp(kind, () => ({ PUBLIC_URL: 'https://site.example' }));
  let paper: Paper;

  const page = async (path: string, cookie?: string) => {
    const response = await target.app.inject({ url: path, headers: cookie ? { cookie } : {} });
    expect(response.statusCode, path).toBe(200);
    return headOf(response.body);
  };

  it('gives a paper page a 1200×630 share card, in the page’s language, that answers as a PNG', async () => {
    await seedPapers(target.handle, 3);
    paper = (await target.app.inject('/api/papers?limit=1')).json().papers[0];
    const detail = (await target.app.inject(`/api/papers/${paper.arxivId}`)).json() as Paper;
    paper = detail;

    const english = await page(`/ai-digest/${paper.arxivId}`);
    const [image] = metaValues(english, 'og:image');
    expect(image).toMatch(
      new RegExp(`^https://site\\.example/api/share-cards/papers/${paper.arxivId}\\?lang=en&amp;v=`),
    );
    expect(metaValues(english, 'og:image:width')).toEqual(['1200']);
    expect(metaValues(english, 'og:image:height')).toEqual(['630']);
    expect(fromHtml(metaValues(english, 'og:image:alt')[0] ?? '')).toContain(paper.title);
    expect(metaValues(english, 'twitter:card')).toEqual(['summary_large_image']);
    expect(metaValues(english, 'twitter:image')).toEqual([image]);

    const arabic = await page(`/ar/ai-digest/${paper.arxivId}`);
    const [arabicImage] = metaValues(arabic, 'og:image');
    expect(arabicImage).toContain('lang=ar');
    expect(fromHtml(metaValues(arabic, 'og:image:alt')[0] ?? '')).toContain('غلاف الورقة');

    const cards = [];
    for (const url of [image, arabicImage]) {
      const response = await target.app.inject(fromHtml(url ?? '').replace('https://site.example', ''));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(pngSize(response.rawPayload)).toEqual({ width: 1200, height: 630 });
      const again = await target.app.inject({
        url: fromHtml(url ?? '').replace('https://site.example', ''),
        headers: { 'if-none-match': String(response.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      cards.push(response.rawPayload);
    }
    // The Arabic card prints Arabic texts: it is another picture.
    expect(cards[0]?.equals(cards[1] ?? Buffer.alloc(0))).toBe(false);
  });

  it('gives posts, the digest and the home page a card of their own, and refuses unknown ones', async () => {
    const [post] = (await target.app.inject('/blogsFolder/ar/blogs.json')).json() as { id: string }[];
    for (const path of ['/', '/ar', '/ai-digest', '/ar/ai-digest', `/blog/${post?.id}`, `/ar/blog/${post?.id}`]) {
      const head = await page(path);
      const image = fromHtml(metaValues(head, 'og:image')[0] ?? '');
      expect(image, path).toMatch(/^https:\/\/site\.example\/api\/share-cards\/(pages|posts)\//);
      expect(image, path).toContain(path.startsWith('/ar') ? 'lang=ar' : 'lang=en');
      const card = await target.app.inject(image.replace('https://site.example', ''));
      expect(card.statusCode, image).toBe(200);
      expect(pngSize(card.rawPayload)).toEqual({ width: 1200, height: 630 });
    }
    expect((await target.app.inject('/api/share-cards/posts/no-such-post')).statusCode).toBe(404);
    expect((await target.app.inject('/api/share-cards/pages/admin')).statusCode).toBe(400);
    expect((await target.app.inject('/api/share-cards/papers/2101.99999')).statusCode).toBe(404);
  });

  it('carries the Highwire Press tags reference managers read on a paper page', async () => {
    const head = await page(`/ai-digest/${paper.arxivId}`);
    expect(metaValues(head, 'citation_title').map(fromHtml)).toEqual([paper.title]);
    expect(metaValues(head, 'citation_author').map(fromHtml)).toEqual(paper.authors);
    expect(metaValues(head, 'citation_publication_date')).toEqual([paper.submittedDate.replaceAll('-', '/')]);
    expect(metaValues(head, 'citation_publication_date')[0]).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
    expect(metaValues(head, 'citation_arxiv_id')).toEqual([paper.arxivId]);
    expect(metaValues(head, 'citation_technical_report_number')).toEqual([`arXiv:${paper.arxivId}`]);
    expect(metaValues(head, 'citation_pdf_url').map(fromHtml)).toEqual([paper.pdfUrl]);
    expect(metaValues(head, 'citation_abstract_html_url')).toEqual([`https://site.example/ai-digest/${paper.arxivId}`]);
    // The Arabic page's abstract is the Arabic page.
    const arabic = await page(`/ar/ai-digest/${paper.arxivId}`);
    expect(metaValues(arabic, 'citation_abstract_html_url')).toEqual([
      `https://site.example/ar/ai-digest/${paper.arxivId}`,
    ]);
    expect(metaValues(await page('/ai-digest'), 'citation_title')).toEqual([]);
  });

  it('gives every public page an Arabic address, with hreflang alternates and a canonical per language', async () => {
    for (const [english, arabic] of [
      ['/', '/ar'],
      ['/ai-digest', '/ar/ai-digest'],
      ['/blogs', '/ar/blogs'],
      ['/privacy-policy', '/ar/privacy-policy'],
      ['/documentation?page=installation', '/ar/documentation?page=installation'],
    ] as const) {
      const [en, ar] = [await page(english), await page(arabic)];
      expect(ar, arabic).toContain('<html lang="ar" dir="rtl">');
      for (const head of [en, ar]) {
        expect(fromHtml(linkHref(head, 'rel="alternate" hreflang="en"') ?? '')).toBe(`https://site.example${english}`);
        expect(fromHtml(linkHref(head, 'rel="alternate" hreflang="ar"') ?? '')).toBe(`https://site.example${arabic}`);
        expect(fromHtml(linkHref(head, 'rel="alternate" hreflang="x-default"') ?? '')).toBe(
          `https://site.example${english}`,
        );
        // A link naming a language, the feeds' too, has a full address (crawlers ignore a relative one).
        expect(
          head.match(/<link [^>]*hreflang="[^"]*"[^>]*>/g)?.filter((tag) => !/href="https:\/\//.test(tag)),
        ).toEqual([]);
      }
      expect(fromHtml(linkHref(en, 'rel="canonical"') ?? '')).toBe(`https://site.example${english}`);
      expect(fromHtml(linkHref(ar, 'rel="canonical"') ?? '')).toBe(`https://site.example${arabic}`);
      expect(metaValues(ar, 'og:locale')).toEqual(['ar_AR']);
    }
    // Arabic pages link the Arabic feed, English ones the English feed.
    const feedOf = (head: string) =>
      /<link rel="alternate" type="application\/rss\+xml" hreflang="[a-z]+" title="[^"]*" href="https:\/\/site\.example(\/feeds\/blog-[a-z]+\.xml)" \/>/.exec(
        head,
      )?.[1];
    expect(feedOf(await page('/ar/ai-digest'))).toBe('/feeds/blog-ar.xml');
    expect(feedOf(await page('/ai-digest'))).toBe('/feeds/blog-en.xml');
    // Where the address names no language, the reader's stored choice picks it; the canonical says which.
    const chosenArabic = await page('/privacy-policy', 'locale=ar');
    expect(chosenArabic).toContain('<html lang="ar" dir="rtl">');
    expect(linkHref(chosenArabic, 'rel="canonical"')).toBe('https://site.example/ar/privacy-policy');
    // An address that names a language wins over the choice.
    expect(await page('/ar/privacy-policy', 'locale=en')).toContain('<html lang="ar" dir="rtl">');
    // Account pages have one address: no Arabic twin, no alternates.
    expect((await target.app.inject('/ar/bookmarks')).statusCode).toBe(404);
    expect(headOf((await target.app.inject('/bookmarks')).body)).not.toContain('rel="alternate" hreflang');
  });

  it('lists both languages of every page, the documentation’s pages among them, in the sitemap', async () => {
    const pages = (await target.app.inject('/sitemaps/pages.xml')).body;
    expect(pages).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    for (const path of ['', '/ai-digest', '/blogs', '/documentation', '/privacy-policy']) {
      expect(pages).toContain(`<loc>https://site.example${path}</loc>`.replace('example</loc>', 'example/</loc>'));
    }
    for (const path of ['/ar', '/ar/ai-digest', '/ar/blogs', '/ar/documentation', '/ar/privacy-policy']) {
      expect(pages).toContain(`<loc>https://site.example${path}</loc>`);
    }
    expect(pages).toContain('<loc>https://site.example/documentation?page=installation</loc>');
    expect(pages).toContain('<loc>https://site.example/ar/documentation?page=installation</loc>');
    expect(pages).toMatch(
      /<url><loc>https:\/\/site\.example\/ar\/blog\/[a-z0-9-]+<\/loc><lastmod>[\d-]+<\/lastmod><xhtml:link rel="alternate" hreflang="en" href="https:\/\/site\.example\/blog\/[a-z0-9-]+"\/>/,
    );
    const papers = (await target.app.inject('/sitemaps/papers-1.xml')).body;
    expect(papers).toContain(`<loc>https://site.example/ar/ai-digest/${paper.arxivId}</loc>`);
    expect(papers).toContain(`hreflang="x-default" href="https://site.example/ai-digest/${paper.arxivId}"`);
  });

  it('opens the Arabic feed’s items at their Arabic address', async () => {
    const feed = (await target.app.inject('/feeds/blog-ar.xml')).body;
    const links = [...feed.matchAll(/<item><title>[^<]*<\/title><link>([^<]+)<\/link>/g)].map((match) => match[1]);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toMatch(/^https:\/\/site\.example\/ar\/blog\//);
    expect(feed).toContain('<link>https://site.example/ar/blogs</link>');
    const english = (await target.app.inject('/feeds/blog-en.xml')).body;
    expect(english).toMatch(/<item><title>[^<]*<\/title><link>https:\/\/site\.example\/blog\//);
  });
});
