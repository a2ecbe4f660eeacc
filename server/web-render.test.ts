import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { escapeXml } from './modules/seo/xml.js';
import { useTestApp } from './test/app.js';
import { testDatabaseKinds } from './test/databases.js';
import { eventually } from './test/eventually.js';
import { addPaper } from './test/papers.js';

/**
 * A stand-in for dist/ssr/entry-server.js with the same contract (common/ssr.ts): it shows what it
 * was given (site, URL, language, an answer fetched from the app) and fails or redirects on cue.
 */
function standInRenderer(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'ssr-')), 'entry-server.mjs');
  writeFileSync(
    file,
    `let renders = 0;
    export function createPageRenderer({ site, fetch }) {
      return async (url, locale) => {
        renders += 1;
        if (url === '/privacy-policy') throw new Error('render failed');
        if (url === '/blogs') return { kind: 'redirect', status: 302, location: '/ar/blogs' };
        if (url === '/documentation') return { kind: 'shell' };
        const health = await (await fetch('/api/health')).json();
        const pageLocale = url === '/ar/blogs' ? 'ar' : locale;
        const paperId = url.startsWith('/ai-digest/') ? url.slice('/ai-digest/'.length) : null;
        const papers = paperId
          ? [await (await fetch('/api/papers/' + paperId)).json()]
          : url.startsWith('/ai-digest')
            ? (await (await fetch('/api/papers?page=1&limit=6')).json()).papers
            : [];
        const head = paperId
          ? { title: papers[0].title + ' | ' + site.siteName, description: papers[0].abstract }
          : { title: 'Page 2 | Rendered Site', description: 'What the page said about itself' };
        return {
          kind: 'page',
          html: '<main>' + [site.siteName, url, pageLocale, health.status].join(' ') + '</main><p>render ' + renders + '</p>'
            + papers.map((paper) => '<h2>' + paper.title + '</h2><p>' + paper.abstract + '</p>').join(''),
          state: JSON.stringify({ locale: pageLocale, note: '</script><script>alert(1)</script>', papers }),
          locale: pageLocale,
          ...(url === '/' ? {} : head),
        };
      };
    }`,
  );
  return file;
}

const stateOf = (html: string) =>
  /<script type="application\/json" id="ssr-state">(.*?)<\/script>/s.exec(html)?.[1] ?? null;

describe.each(testDatabaseKinds)('server-rendered pages on $name', (kind) => {
  const target = useTestApp(kind, () => ({ SITE_NAME: 'Rendered Site' }), { ssrEntryFile: standInRenderer() });

  it('puts the rendered page, with data the app answered, into the root, and its state beside it', async () => {
    const response = await target.app.inject('/ai-digest?page=2');
    expect(response.statusCode).toBe(200);
    expect(response.headers.vary).toContain('Cookie');
    expect(response.body).toContain('<div id="root"><main>Rendered Site /ai-digest?page=2 en ok</main>');
    const state = stateOf(response.body);
    expect(state).not.toContain('</script>');
    expect(JSON.parse(state ?? 'null')).toMatchObject({ locale: 'en', note: '</script><script>alert(1)</script>' });
  });

  it('sends a rendered page compressed as the client accepts, Brotli first, the same page in every encoding', async () => {
    const plain = await target.app.inject('/ai-digest?page=2');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    const asked = async (acceptEncoding: string) =>
      target.app.inject({ url: '/ai-digest?page=2', headers: { 'accept-encoding': acceptEncoding } });
    const brotli = await asked('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await asked('gzip, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect((await asked('identity')).body).toBe(plain.body);
  });

  it("heads the page with the title and description it set while rendering, else the server's own", async () => {
    const page = (await target.app.inject('/ai-digest?page=2')).body;
    expect(page).toContain('<title>Page 2 | Rendered Site</title>');
    expect(page).toContain('<meta property="og:title" content="Page 2 | Rendered Site" />');
    expect(page).toContain('<meta name="description" content="What the page said about itself" />');
    const home = (await target.app.inject('/')).body;
    expect(home).toContain('<title>Rendered Site</title>');
  });

  it('renders in the language of the locale cookie or of the path, and says so on <html>', async () => {
    const arabic = await target.app.inject({ url: '/', cookies: { locale: 'ar' } });
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.body).toContain('<main>Rendered Site / ar ok</main>');
    const unknownLanguage = await target.app.inject({ url: '/', cookies: { locale: 'fr' } });
    expect(unknownLanguage.body).toContain('<main>Rendered Site / en ok</main>');
    expect((await target.app.inject('/ar/blogs')).body).toContain('<html lang="ar" dir="rtl">');
  });

  it('keeps each rendering per address and language, a digest page while its papers stay the same', async () => {
    const renderOf = async (url: string, locale = 'en') =>
      /render (\d+)/.exec((await target.app.inject({ url, cookies: { locale } })).body)?.[1];
    for (const url of ['/', '/ai-digest?page=3']) {
      const first = await renderOf(url);
      expect(first, url).toBeDefined();
      expect(await renderOf(url), url).toBe(first);
      expect(await renderOf(url, 'ar'), url).not.toBe(first);
    }
  });

  it('keeps searches in a small pool of their own, which made-up queries cannot use to push out other pages', async () => {
    const renderOf = async (url: string) => /render (\d+)/.exec((await target.app.inject(url)).body)?.[1];
    const listPage = await renderOf('/ai-digest?page=4');
    const shared = await renderOf('/ai-digest?q=agents');
    expect(await renderOf('/ai-digest?q=agents')).toBe(shared);
    // More made-up searches than all the digest pages kept.
    for (let made = 0; made < 210; made += 1) await renderOf(`/ai-digest?q=made-up+${made}`);
    expect(await renderOf('/ai-digest?page=4')).toBe(listPage);
    expect(await renderOf('/ai-digest?q=agents')).not.toBe(shared);
  }, 90_000);

  it('renders a page without the query parameters it does not read, so made-up ones share its kept rendering', async () => {
    const bodyOf = async (url: string) => (await target.app.inject(url)).body;
    const renderOf = async (url: string) => /render (\d+)/.exec(await bodyOf(url))?.[1];
    const listPage = await renderOf('/ai-digest?page=5');
    for (let made = 0; made < 210; made += 1) {
      expect(await renderOf(`/ai-digest?page=5&utm_source=x${made}`)).toBe(listPage);
    }
    expect(await bodyOf('/ai-digest?utm_source=mail&page=5')).toContain('Rendered Site /ai-digest?page=5 en ok');
  });

  it('renders the Popular order for each request, as saves move it, and any other order as the default one', async () => {
    const bodyOf = async (url: string) => (await target.app.inject(url)).body;
    const renderOf = async (url: string) => /render (\d+)/.exec(await bodyOf(url))?.[1];
    const popular = await renderOf('/ai-digest?page=6&sort=popular');
    expect(await renderOf('/ai-digest?page=6&sort=popular')).not.toBe(popular);
    expect(await bodyOf('/ai-digest?sort=popular&page=6')).toContain(
      'Rendered Site /ai-digest?page=6&sort=popular en ok',
    );
    const newest = await renderOf('/ai-digest?page=6');
    expect(await renderOf('/ai-digest?page=6&sort=hot')).toBe(newest);
  });

  it('shows an edit to a paper on its page and on the list at the next request', async () => {
    await addPaper(target.handle, { arxiv_id: '2612.07777', submitted_date: '2099-12-31', title: 'Before the edit' });
    const pages = async () =>
      Promise.all(['/ai-digest/2612.07777', '/ai-digest'].map(async (url) => (await target.app.inject(url)).body));
    // On PostgreSQL the new paper shows once its change is announced: wait for it like any other change.
    const before = await eventually(pages, (bodies) =>
      bodies.every((body) => body.includes('<h2>Before the edit</h2>')),
    );
    for (const page of before) expect(page).toContain('<h2>Before the edit</h2>');
    await target.handle.db
      .updateTable('papers')
      .set({ title: 'After the edit' })
      .where('arxiv_id', '=', '2612.07777')
      .execute();
    const edited = await eventually(pages, (bodies) =>
      bodies.every((body) => body.includes('<h2>After the edit</h2>')),
    );
    for (const page of edited) expect(page).toContain('<h2>After the edit</h2>');
  });

  it('shows `$` in paper data as written, in the head, the page and its state', async () => {
    const title = "Graph $G$'s cost: $$ and $& in a title";
    const abstract = "We bound $f$ by $` and $' where $$n$$ grows; $& stays.";
    await addPaper(target.handle, { arxiv_id: '2612.04444', submitted_date: '2099-01-01', title, abstract });
    for (const url of ['/ai-digest', '/ai-digest/2612.04444']) {
      const body = await eventually(
        async () => (await target.app.inject(url)).body,
        (page) => page.includes('2612.04444'),
      );
      expect(body.match(/<html /g), url).toHaveLength(1);
      expect(body, url).toContain(`<h2>${title}</h2><p>${abstract}</p>`);
      const state = JSON.parse(stateOf(body) ?? 'null');
      expect(
        state.papers.find((paper: { arxivId: string }) => paper.arxivId === '2612.04444'),
        url,
      ).toMatchObject({
        title,
        abstract,
      });
    }
    const paperPage = (await target.app.inject('/ai-digest/2612.04444')).body;
    const headTitle = escapeXml(`${title} | Rendered Site`);
    expect(paperPage).toContain(`<title>${headTitle}</title>`);
    expect(paperPage).toContain(`<meta property="og:title" content="${headTitle}" />`);
    expect(paperPage).toContain(`<meta name="description" content="${escapeXml(abstract)}" />`);
    expect(paperPage).toContain(`<meta property="og:description" content="${escapeXml(abstract)}" />`);
  });

  it("follows the renderer's redirects", async () => {
    const response = await target.app.inject('/blogs');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/ar/blogs');
  });

  it('answers the bare app when rendering fails or is declined, and never renders private or unknown pages', async () => {
    for (const url of ['/privacy-policy', '/documentation', '/authenticate', '/admin/users', '/no/such/page']) {
      const response = await target.app.inject(url);
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(stateOf(response.body), url).toBeNull();
    }
    expect((await target.app.inject('/privacy-policy')).statusCode).toBe(200);
  });
});
