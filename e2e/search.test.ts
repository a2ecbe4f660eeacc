import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryRef } from '../common/papers.js';
import { axeFailures } from './support/axe.js';
import { screenshot } from './support/screenshots.js';
import { type Site, startSite } from './support/site.js';

interface ListedPaper {
  arxivId: string;
  title: string;
}

const clean = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
const cardTitles = async (page: Page) =>
  (await page.locator('main article').getByRole('heading').allTextContents()).map(clean);

/** Waits for a result card of this title (a search's frame shows before its results). */
const resultTitled = (page: Page, title: string) =>
  page.locator('main article').getByRole('heading', { name: title, exact: true }).waitFor();

/** A demo paper from the middle of the list, as the API answers it: its title is the search term. */
async function demoPaper(page: Page): Promise<ListedPaper> {
  const answer = await page.request.get('/api/papers?page=7&limit=6');
  const { papers } = (await answer.json()) as { papers: ListedPaper[] };
  const paper = papers[2];
  if (!paper) throw new Error('the demo papers are missing');
  return { arxivId: paper.arxivId, title: clean(paper.title) };
}

/** Waits until the results' status line says `text`. */
const resultsSay = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).waitFor();

/** Counts the semantic searches the page sends from now on. */
function countSearches(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/papers/semantic') count += 1;
  });
  return () => count;
}

async function inArabic(page: Page, site: Site): Promise<void> {
  await page.context().addCookies([{ name: 'locale', value: 'ar', url: site.baseUrl }]);
}

describe('the digest search in Chromium', () => {
  let site: Site;

  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await site?.close();
  });

  it('finds a demo paper by its words, pages the results locally, returns from a paper and clears', async () => {
    const page = await site.newPage();
    const searches = countSearches(page);
    const wanted = await demoPaper(page);
    await page.goto('/ai-digest?page=3');
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await pager.getByText('Page 3 of 100').waitFor();

    const box = page.getByRole('searchbox', { name: 'Search papers' });
    await box.fill(wanted.title);
    await box.press('Enter');
    const heading = page.getByRole('heading', { level: 2, name: `Searching for "${wanted.title}"` });
    await heading.waitFor();
    await pager.getByText('Page 1 of 2').waitFor();
    expect(await cardTitles(page)).toContain(wanted.title);
    expect(await cardTitles(page)).toHaveLength(6);
    expect(new URL(page.url()).searchParams.get('q')).toBe(wanted.title);
    expect(await pager.getByRole('button', { name: 'First' }).count()).toBe(0);
    expect(await heading.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.getByRole('status').filter({ hasText: 'The 9 best matches, most relevant first.' }).count()).toBe(
      1,
    );
    expect(await axeFailures(page, 'search results')).toEqual([]);
    await screenshot(page, 'search-desktop-en');

    await pager.getByRole('button', { name: '2', exact: true }).click();
    await pager.getByText('Page 2 of 2').waitFor();
    const secondPage = await cardTitles(page);
    expect(secondPage).toHaveLength(3);
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await pager.getByRole('button', { name: 'Previous' }).click();
    await pager.getByText('Page 1 of 2').waitFor();
    await pager.getByRole('button', { name: 'Next' }).click();
    await pager.getByText('Page 2 of 2').waitFor();
    expect(searches()).toBe(1);

    // A result opened from page 2 of the search leads back to page 2 of the search.
    await page.locator('main article').first().getByRole('link', { name: 'Read More' }).click();
    await page.getByRole('heading', { level: 1, name: secondPage[0] }).waitFor();
    await page.getByRole('link', { name: 'Back to AI Digest' }).click();
    await heading.waitFor();
    await pager.getByText('Page 2 of 2').waitFor();
    expect(await cardTitles(page)).toEqual(secondPage);
    expect(new URL(page.url()).searchParams.get('q')).toBe(wanted.title);

    await page.getByRole('button', { name: 'Clear Search' }).click();
    await pager.getByText('Page 1 of 100').waitFor();
    expect(await heading.count()).toBe(0);
    expect(await box.inputValue()).toBe('');
    expect(new URL(page.url()).search).toBe('?page=1');

    // A blank search does nothing.
    await box.fill('   ');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    expect(await page.getByRole('heading', { name: /^Searching for/ }).count()).toBe(0);
    expect(searches()).toBe(1);
  });

  it('opens a shared search link, rendered by the server as a search, and follows Back and Forward', async () => {
    const page = await site.newPage();
    const wanted = await demoPaper(page);
    const address = `/ai-digest?q=${encodeURIComponent(wanted.title)}`;
    const html = await (await page.request.get(address)).text();
    // The server sends the search's frame: the box filled, 'Searching for', the spinner; the list is not in it.
    expect(html).toContain('Searching for &quot;');
    expect(html).toMatch(/<input[^>]*name="q"[^>]*value="[^"]+"/);
    expect(html).toContain('Searching papers...');
    expect(html).not.toContain('Read More');

    await page.goto('/ai-digest?page=2');
    await page.goto(address);
    await page.getByRole('heading', { name: `Searching for "${wanted.title}"` }).waitFor();
    await resultTitled(page, wanted.title);
    expect(await page.getByRole('searchbox', { name: 'Search papers' }).inputValue()).toBe(wanted.title);

    await page.goBack();
    await page.getByText('Page 2 of 100').waitFor();
    expect(await page.getByRole('heading', { name: /^Searching for/ }).count()).toBe(0);
    await page.goForward();
    await page.getByRole('heading', { name: `Searching for "${wanted.title}"` }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: `Searching for "${wanted.title}"` }).waitFor();
    await resultTitled(page, wanted.title);
  });

  it('searches in Arabic on a phone, right to left', async () => {
    const page = await site.newPage({ width: 390, height: 844 });
    await inArabic(page, site);
    const wanted = await demoPaper(page);
    await page.goto('/ai-digest');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    const box = page.getByRole('searchbox', { name: 'البحث في الأوراق' });
    await box.fill(wanted.title);
    await page.getByRole('button', { name: 'بحث', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: `نتائج البحث عن «${wanted.title}»` }).waitFor();
    const pager = page.getByRole('navigation');
    await page.getByText('الصفحة 1 من 2').waitFor();
    expect(await cardTitles(page)).toContain(wanted.title);
    expect(await page.getByRole('status').filter({ hasText: 'أفضل 9 نتائج مطابقة، الأكثر صلة أولًا.' }).count()).toBe(1);
    expect(await axeFailures(page, 'search results in Arabic')).toEqual([]);
    await screenshot(page, 'search-phone-ar');

    await pager.getByRole('button', { name: '2', exact: true }).click();
    await page.getByText('الصفحة 2 من 2').waitFor();
    await page.getByRole('button', { name: 'مسح البحث' }).click();
    await page.getByText('الصفحة 1 من 100').waitFor();
    expect(await box.inputValue()).toBe('');
  });

  it('fetches the next nine with More results, after the best nine, the focus on the first of them', async () => {
    const page = await site.newPage();
    const bodies: unknown[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/papers/semantic') bodies.push(request.postDataJSON());
    });
    await page.goto('/ai-digest?q=language%20models');
    await resultsSay(page, 'The 9 best matches, most relevant first.');
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await pager.getByRole('button', { name: '2', exact: true }).click();
    await pager.getByText('Page 2 of 2').waitFor();
    const firstNine = await cardTitles(page);

    await page.getByRole('button', { name: 'More results' }).click();
    await resultsSay(page, 'The 18 best matches, most relevant first.');
    await pager.getByText('Page 2 of 3').waitFor();
    const pageTwo = await cardTitles(page);
    expect(pageTwo).toHaveLength(6);
    expect(pageTwo.slice(0, 3)).toEqual(firstNine);
    // The focus is on the first of the next nine: the fourth card of page 2.
    await page.waitForFunction(
      () => document.activeElement === document.querySelectorAll('main article')[3]?.querySelector('a'),
    );
    expect(bodies).toEqual([
      { query: 'language models', top_k: 9 },
      { query: 'language models', top_k: 9, offset: 9 },
    ]);
    await screenshot(page, 'search-more-desktop-en');
  });

  it('searches within the chosen category and keeps both, in Arabic on a phone', async () => {
    const page = await site.newPage({ width: 390, height: 844 });
    await inArabic(page, site);
    const names = (await (await page.request.get('/api/categories/names')).json()) as CategoryRef[];
    const arabicOf = (name: string) => names.find((category) => category.name === name)?.nameAr ?? name;
    const chipsOfCards = () =>
      page
        .locator('main article')
        .evaluateAll((cards) =>
          cards.map((card) => [...card.querySelectorAll('ul li')].map((chip) => chip.textContent?.trim())),
        );
    await page.goto('/ai-digest');
    const select = page.getByRole('combobox', { name: 'التصنيف' });
    await select.selectOption('Artificial Intelligence');
    await page.waitForURL((url) => url.searchParams.get('category') === 'Artificial Intelligence');
    const box = page.getByRole('searchbox', { name: 'البحث في الأوراق' });
    await box.fill('reasoning');
    await box.press('Enter');
    await resultsSay(page, `أفضل 9 نتائج مطابقة في ${arabicOf('Artificial Intelligence')}، الأكثر صلة أولًا.`);
    let url = new URL(page.url());
    expect([url.searchParams.get('q'), url.searchParams.get('category')]).toEqual([
      'reasoning',
      'Artificial Intelligence',
    ]);
    for (const chips of await chipsOfCards()) expect(chips).toContain(arabicOf('Artificial Intelligence'));
    await screenshot(page, 'search-in-category-phone-ar');

    // Another category: the same search within it.
    await select.selectOption('Reasoning');
    await resultsSay(page, `أفضل 9 نتائج مطابقة في ${arabicOf('Reasoning')}، الأكثر صلة أولًا.`);
    url = new URL(page.url());
    expect([url.searchParams.get('q'), url.searchParams.get('category')]).toEqual(['reasoning', 'Reasoning']);
    for (const chips of await chipsOfCards()) expect(chips).toContain(arabicOf('Reasoning'));
    expect(await box.inputValue()).toBe('reasoning');
    await page.getByRole('navigation').getByRole('button', { name: '2', exact: true }).click();
    await page.getByRole('button', { name: 'مزيد من النتائج' }).click();
    await resultsSay(page, `أفضل 18 نتيجة مطابقة في ${arabicOf('Reasoning')}، الأكثر صلة أولًا.`);
    await screenshot(page, 'search-more-phone-ar');

    // Clear Search: the list of that category.
    await page.getByRole('button', { name: 'مسح البحث' }).click();
    await page.waitForURL((url) => url.search === '?page=1&category=Reasoning');
    await page.getByText(/^الصفحة 1 من \d+$/).waitFor();
    expect(await select.inputValue()).toBe('Reasoning');
    // The search's cards give way to the category's list once it has loaded.
    await expect
      .poll(async () => (await chipsOfCards()).every((chips) => chips.includes(arabicOf('Reasoning'))))
      .toBe(true);
  });

  it('lists related papers on a paper page, each leading to its own page, in both languages', async () => {
    const page = await site.newPage();
    const paper = await demoPaper(page);
    await page.goto(`/ai-digest/${paper.arxivId}`);
    // They load as the reader nears them, below the paper.
    await page.locator('#comments-title').scrollIntoViewIfNeeded();
    const related = page.getByRole('region', { name: 'Related papers' });
    await related.getByRole('link').first().waitFor();
    const links = related.getByRole('link');
    const count = await links.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(6);
    const targets = await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
    expect(targets).not.toContain(`/ai-digest/${paper.arxivId}`);
    for (const target of targets) expect(target).toMatch(/^\/ai-digest\/.+/);
    // Placed after the paper's results and before its comments.
    const order = await page.evaluate(() =>
      [...document.querySelectorAll('main h2')].map((heading) => heading.textContent?.trim()),
    );
    expect(order.indexOf('Related papers')).toBeGreaterThan(order.indexOf('Results'));
    expect(order.indexOf('Related papers')).toBeLessThan(order.indexOf('Comments'));

    const firstTitle = clean(await links.first().locator('span').first().textContent());
    await links.first().click();
    await page.getByRole('heading', { level: 1, name: firstTitle }).waitFor();
    expect(page.url()).toContain(String(targets[0]));

    const arabic = await site.newPage({ width: 390, height: 844 });
    await inArabic(arabic, site);
    await arabic.goto(`/ai-digest/${paper.arxivId}`);
    await arabic.locator('#comments-title').scrollIntoViewIfNeeded();
    await arabic.getByRole('region', { name: 'أوراق ذات صلة' }).getByRole('link').first().waitFor();
    expect(await arabic.locator('html').getAttribute('dir')).toBe('rtl');
    await screenshot(arabic, 'related-phone-ar');
  });
});
