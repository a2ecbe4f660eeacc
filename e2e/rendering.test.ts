import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ROUTES } from '../common/routes.js';
import { type Site, startSite } from './support/site.js';

interface RawPost {
  id: string;
  title: string;
}

/** The HTML inside #root of a server answer, without the tags: what a reader sees before any script runs. */
function rootText(html: string): string {
  const root = html.slice(
    html.indexOf('<div id="root">'),
    html.indexOf('<script type="application/json" id="ssr-state"'),
  );
  return root
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

describe('public pages rendered on the server', () => {
  let site: Site;
  let post: RawPost | undefined;
  let paperTitles: string[];
  let paperId: string;

  beforeAll(async () => {
    site = await startSite();
    [post] = (await (await fetch(`${site.baseUrl}/blogsFolder/en/blogs.json`)).json()) as RawPost[];
    const papers = (await (await fetch(`${site.baseUrl}/api/papers?page=1&limit=6`)).json()) as {
      papers: { title: string; arxivId: string }[];
    };
    paperTitles = papers.papers.map((paper) => paper.title);
    paperId = papers.papers[0]?.arxivId ?? '';
  });
  afterAll(async () => {
    await site?.close();
  });

  const get = (path: string, cookie?: string) =>
    fetch(`${site.baseUrl}${path}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });

  it('answers the content itself: the hero, a post, the newest papers', async () => {
    expect(rootText(await (await get('/')).text())).toContain('Build, train and evolve agentic AI systems');

    const postPage = rootText(await (await get(`/blog/${post?.id}`)).text());
    expect(postPage).toContain(post?.title);
    expect(postPage).toContain('Back to all posts');
    expect(postPage).toContain('Related Articles');

    // The head says what the page says: a documentation page's own title, not the section's.
    expect(await (await get('/documentation?page=installation')).text()).toMatch(
      /<title>Installation – Documentation \| [^<]+<\/title>/,
    );

    const digest = rootText(await (await get('/ai-digest')).text());
    expect(paperTitles).toHaveLength(6);
    for (const title of paperTitles) expect(digest).toContain(title.replace(/\s+/g, ' '));
  });

  it('renders in the language the reader chose, and a language-named path in its own', async () => {
    const arabicHome = await (await get('/', 'locale=ar')).text();
    expect(arabicHome).toContain('<html lang="ar" dir="rtl">');
    expect(rootText(arabicHome)).toContain('ابنِ أنظمة الذكاء الاصطناعي الوكيلة');

    const arabicBlog = await (await get('/ar/blogs')).text();
    expect(arabicBlog).toContain('<html lang="ar" dir="rtl">');
    expect(rootText(arabicBlog)).toContain('المدونة');

    // The English list sends an Arabic reader to the Arabic one, as the page itself would.
    const redirected = await get('/blogs?category=Guides', 'locale=ar');
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get('location')).toBe('/ar/blogs?category=Guides');
  });

  it("names each public page's own code in the page, as the build's manifest calls it", async () => {
    const manifestFile = new URL('../dist/web/.vite/manifest.json', import.meta.url);
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file: string }>;
    for (const route of CLIENT_ROUTES.filter(({ access }) => access === 'public')) {
      const path = route.path.replace(':id', post?.id ?? '').replace('*', paperId);
      const html = await (await get(path)).text();
      const modules = JSON.parse(/id="page-modules">(.*?)<\/script>/.exec(html)?.[1] ?? '[]') as string[];
      expect(modules, path).toContain(`/${manifest[route.screen.module]?.file}`);
    }
  });

  it('leaves account pages and unknown pages to the browser', async () => {
    for (const path of ['/authenticate', '/blog/no-such-post', '/no/such/page']) {
      const html = await (await get(path)).text();
      expect(html, path).toContain('<div id="root"></div>');
      expect(html, path).not.toContain('id="ssr-state"');
    }
  });

  it('is readable without JavaScript', async () => {
    const context = await site.browser.newContext({ baseURL: site.baseUrl, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/blog/${post?.id}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(post?.title);
    await page.goto('/ai-digest');
    expect(await page.getByRole('heading', { level: 2, name: paperTitles[0] }).isVisible()).toBe(true);
    await context.close();
  });

  it('is taken over by the app without being rendered again, and without errors', async () => {
    for (const path of ['/', '/blogs', `/blog/${post?.id}`, '/ai-digest', '/privacy-policy', '/documentation']) {
      const page = await site.newPage({ width: 390, height: 844 });
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      // The server's heading element, kept aside as soon as it is parsed: the app must adopt it.
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          const heading = document.querySelector('h1');
          if (!heading) return;
          Object.assign(window, { serverHeading: heading });
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(path);
      expect(
        await page.evaluate(() => document.querySelector('h1') === Reflect.get(window, 'serverHeading')),
        path,
      ).toBe(true);
      expect(errors, path).toEqual([]);
      await page.context().close();
    }
  });

  it('lets a visitor from a shared link read without the app, which runs at their first tap and does what it asked', async () => {
    const context = await site.browser.newContext({ baseURL: site.baseUrl, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`/ai-digest/${paperId}`);
    // The app's code is fetched once the page has painted, and nothing runs it while the reader reads.
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.getElementById('ssr-state') !== null)).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    // The first tap lands before the app has run; once it has, the tap opens the menu all the same.
    await page.getByRole('button', { name: /Change language/ }).click();
    await page.getByRole('menuitemradio', { name: 'العربية' }).click();
    await page.waitForURL((url) => url.pathname === `/ar/ai-digest/${paperId}`);
    expect(await page.evaluate(() => document.getElementById('ssr-state'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts the app at once for a shared search, whose results the browser loads', async () => {
    const context = await site.browser.newContext({ baseURL: site.baseUrl });
    const page = await context.newPage();
    await page.goto('/ai-digest?q=language+models');
    // Nothing moves: the results come all the same, and the spinner goes.
    await page.waitForFunction(() => !document.getElementById('ssr-state'));
    await page.locator('[data-loading]').first().waitFor({ state: 'detached' });
    expect(await page.getByRole('heading', { level: 2, name: 'Searching for "language models"' }).isVisible()).toBe(
      true,
    );
    await context.close();
  });

  it('works at once after being taken over: the language switcher opens and switches', async () => {
    const page = await site.newPage();
    await page.goto('/privacy-policy');
    await page.getByRole('button', { name: /Change language/ }).click();
    await page.getByRole('menuitemradio', { name: 'العربية' }).click();
    await page.getByRole('heading', { level: 1, name: 'سياسة الخصوصية' }).waitFor();
    // The choice reaches the server: the next page comes rendered in Arabic.
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'locale')?.value).toBe('ar');
    const response = await page.goto('/');
    expect(await response?.text()).toContain('<html lang="ar" dir="rtl">');
    await page.context().close();
  });

  it('opens a shared Arabic address in Arabic in a fresh browser, its links and the switcher keeping to addresses', async () => {
    const page = await site.newPage();
    await page.goto(`/ar/ai-digest/${paperId}`);
    await page.waitForFunction(() => !document.getElementById('ssr-state'));
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'ar',
      'rtl',
    ]);
    // Its links lead to Arabic pages.
    expect(
      await page.getByRole('navigation').first().getByRole('link', { name: 'ملخص الأبحاث' }).getAttribute('href'),
    ).toBe('/ar/ai-digest');
    // Choosing English moves the page to its English address.
    await page.getByRole('button', { name: /تغيير اللغة/ }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    // A glob would match the Arabic address it leaves: wait for the English path itself.
    await page.waitForURL((url) => url.pathname === `/ai-digest/${paperId}`);
    expect(new URL(page.url()).pathname).toBe(`/ai-digest/${paperId}`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.context().close();
  });
});
