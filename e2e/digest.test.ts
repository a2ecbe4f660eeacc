import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createAdmin } from './support/accounts.js';
import { screenshot } from './support/screenshots.js';
import { type Site, startSite } from './support/site.js';

const firstCardTitle = async (page: Page) =>
  ((await page.locator('main article').first().getByRole('heading').textContent()) ?? '').replace(/\s+/g, ' ').trim();

/** The first paper of a page of the list, as the API answers it. */
async function firstTitleOfPage(page: Page, number: number): Promise<string | undefined> {
  const answer = await page.request.get(`/api/papers?page=${number}&limit=6`);
  const { papers } = (await answer.json()) as { papers: { title: string }[] };
  return papers[0]?.title.replace(/\s+/g, ' ').trim();
}

/** Waits until the Read More link to `href` has the focus, and checks that it is in view. */
async function focusedReadMoreOf(page: Page, href: string): Promise<void> {
  await page.waitForFunction((target) => document.activeElement?.getAttribute('href') === target, href);
  const box = await page.evaluate(() => {
    const rect = (document.activeElement as Element).getBoundingClientRect();
    return { top: rect.top, bottom: rect.bottom, height: window.innerHeight };
  });
  expect(box.top).toBeGreaterThanOrEqual(0);
  expect(box.bottom).toBeLessThanOrEqual(box.height);
}

describe('AI Research Digest in Chromium', () => {
  let site: Site;

  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await site?.close();
  });

  it('pages with the numbered buttons and Last, opens a paper and comes back to the same page', async () => {
    const page = await site.newPage();
    await page.goto('/ai-digest');
    await page.getByRole('heading', { level: 1, name: 'AI Research Digest' }).waitFor();
    await page.getByText('A collection of cutting-edge AI research papers and insights').waitFor();
    const pager = page.getByRole('navigation', { name: /pagination|pages/i });
    await pager.getByText('Page 1 of 100').waitFor();
    expect(await page.locator('main article').count()).toBe(6);
    expect(await pager.getByRole('button', { name: 'First' }).isDisabled()).toBe(true);
    expect(await pager.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);

    // Page 3 comes slowly: meanwhile the pager and the cards both stay on page 1, and the list is busy.
    let releasePage3 = () => {};
    const page3Held = new Promise<void>((resolve) => {
      releasePage3 = resolve;
    });
    await page.route('**/api/papers?page=3&*', async (route) => {
      await page3Held;
      await route.continue();
    });
    const firstOnPage1 = await firstCardTitle(page);
    await pager.getByRole('button', { name: '3', exact: true }).click();
    await page.locator('main ul[aria-busy="true"]').waitFor();
    expect(await pager.getByText('Page 1 of 100').isVisible()).toBe(true);
    expect(await firstCardTitle(page)).toBe(firstOnPage1);
    releasePage3();
    await pager.getByText('Page 3 of 100').waitFor();
    expect(await firstCardTitle(page)).toBe(await firstTitleOfPage(page, 3));
    expect(await pager.getByRole('button', { name: '3', exact: true }).getAttribute('aria-current')).toBe('page');
    const numbers = await pager.locator('button[aria-current], button:text-matches("^\\\\d+$")').allInnerTexts();
    expect(numbers).toEqual(['1', '2', '3', '4', '5']);
    await screenshot(page, 'digest-page-3-desktop-en');

    await pager.getByRole('button', { name: 'Last' }).click();
    await pager.getByText('Page 100 of 100').waitFor();
    expect(await pager.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    expect(await pager.getByRole('button', { name: 'Last' }).isDisabled()).toBe(true);

    const firstCard = page.locator('main article').first();
    const title = await firstCardTitle(page);
    expect(title).toBe(await firstTitleOfPage(page, 100));
    await firstCard.getByRole('link', { name: 'Read More' }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(page.url()).toMatch(/\/ai-digest\/\d{4}\.\d{4,5}$/);
    const arxivId = new URL(page.url()).pathname.split('/').pop();
    await page.getByRole('link', { name: 'View Full PDF' }).waitFor();
    await screenshot(page, 'paper-desktop-en');

    await page.getByRole('link', { name: 'Back to AI Digest' }).click();
    await pager.getByText('Page 100 of 100').waitFor();
    expect(await firstCardTitle(page)).toBe(title);
    expect(new URL(page.url()).hash).toBe(`#paper-${arxivId}`);
    await focusedReadMoreOf(page, `/ai-digest/${arxivId}`);
  });

  it('links its cards to their papers in the rendered HTML, and opens a paper in a new tab', async () => {
    const page = await site.newPage();
    const answer = await page.request.get('/api/papers?page=2&limit=6');
    const ids = ((await answer.json()) as { papers: { arxivId: string }[] }).papers.map((paper) => paper.arxivId);
    // What a crawler reads: the page as the server sends it, before any script runs.
    const html = await (await page.request.get('/ai-digest?page=2')).text();
    for (const id of ids) expect(html).toContain(`href="/ai-digest/${id}"`);

    await page.goto('/ai-digest?page=2');
    const readMore = page.locator('main article').nth(1).getByRole('link', { name: 'Read More' });
    const [opened] = await Promise.all([
      page.context().waitForEvent('page'),
      readMore.click({ modifiers: ['Control'] }),
    ]);
    await opened.waitForURL(`**/ai-digest/${ids[1]}`);
    await opened.getByRole('heading', { level: 1 }).waitFor();
    // The list stays where it was in its own tab.
    expect(new URL(page.url()).search).toBe('?page=2');
    await page.getByText('Page 2 of 100').waitFor();
  });

  it('returns from a paper to the category and page it was opened from, at its card, in Arabic on a phone', async () => {
    const page = await site.newPage({ width: 390, height: 844 });
    await page.context().addCookies([{ name: 'locale', value: 'ar', url: site.baseUrl }]);
    await page.goto('/ai-digest');
    const select = page.getByRole('combobox', { name: 'التصنيف' });
    await select.selectOption('Artificial Intelligence');
    await page.waitForURL((url) => url.searchParams.get('category') === 'Artificial Intelligence');
    await page.getByRole('navigation').getByRole('button', { name: '2', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    // A card of a page still loading cannot be opened: wait for the category's page 2 to show.
    const answer = await page.request.get('/api/papers?page=2&limit=6&category=Artificial%20Intelligence');
    const pageTwo = ((await answer.json()) as { papers: { arxivId: string }[] }).papers;
    // An Arabic page's links keep the reader in Arabic: they lead to the Arabic addresses.
    const href = `/ar/ai-digest/${pageTwo[4]?.arxivId}`;
    const fifth = page.locator('main article').nth(4);
    await expect.poll(() => fifth.getByRole('link', { name: /^اقرأ المزيد/ }).getAttribute('href')).toBe(href);
    await fifth.getByRole('link', { name: /^اقرأ المزيد/ }).click();
    await page.waitForURL(`**${href}`);
    const back = page.getByRole('link', { name: 'العودة إلى ملخص الأبحاث' });
    await back.waitFor();
    await screenshot(page, 'paper-phone-ar');

    await back.click();
    await page.waitForURL((url) => url.pathname === '/ar/ai-digest');
    const url = new URL(page.url());
    expect([url.searchParams.get('page'), url.searchParams.get('category'), url.hash]).toEqual([
      '2',
      'Artificial Intelligence',
      `#paper-${pageTwo[4]?.arxivId}`,
    ]);
    expect(await select.inputValue()).toBe('Artificial Intelligence');
    await focusedReadMoreOf(page, href);
    await screenshot(page, 'digest-back-at-card-phone-ar');
  });

  it('orders by Popular in Arabic on a phone: a paper saved and discussed this week first, with its counts', async () => {
    await createAdmin(site);
    const page = await site.newPage({ width: 390, height: 844 });
    await page.context().addCookies([{ name: 'locale', value: 'ar', url: site.baseUrl }]);
    const origin = { Origin: site.baseUrl };
    const login = await page.request.post('/api/auth/login', {
      headers: origin,
      data: { email: ADMIN.email, password: ADMIN.password },
    });
    expect(login.status()).toBe(200);
    // An old paper, far down the newest-first list, saved and discussed now.
    const answer = await page.request.get('/api/papers?page=40&limit=6');
    const [popular] = ((await answer.json()) as { papers: { id: number; arxivId: string; title: string }[] }).papers;
    if (!popular) throw new Error('the demo papers are missing');
    expect((await page.request.post(`/api/bookmarks/${popular.arxivId}`, { headers: origin })).status()).toBe(201);
    const comment = await page.request.post('/api/comments', {
      headers: origin,
      data: { paperId: popular.id, text: '<p>Worth a read</p>' },
    });
    expect(comment.status()).toBe(201);

    await page.goto('/ai-digest');
    await page.getByRole('button', { name: 'الأكثر رواجًا' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'popular');
    const first = page.locator('main article').first();
    await first.getByText('إشارة مرجعية واحدة وتعليق واحد هذا الأسبوع').waitFor();
    expect(await firstCardTitle(page)).toBe(popular.title.replace(/\s+/g, ' ').trim());
    expect(await page.getByRole('button', { name: 'الأكثر رواجًا' }).getAttribute('aria-pressed')).toBe('true');
    expect(
      await page
        .locator('main article')
        .nth(1)
        .getByText(/هذا الأسبوع/)
        .count(),
    ).toBe(0);
    await screenshot(page, 'digest-popular-phone-ar');
    // The address renders the same order on the server, and the page takes it over without a mismatch.
    await page.reload();
    await page.locator('main article').first().getByText('إشارة مرجعية واحدة وتعليق واحد هذا الأسبوع').waitFor();
    expect(await firstCardTitle(page)).toBe(popular.title.replace(/\s+/g, ' ').trim());
  });

  it('switches to Arabic: right to left, Arabic texts, kept after a reload', async () => {
    const page = await site.newPage({ width: 375, height: 800 });
    await page.goto('/ai-digest');
    await page.getByRole('heading', { level: 1, name: 'AI Research Digest' }).waitFor();
    await page.getByRole('button', { name: /Change language/ }).click();
    await page.getByRole('menuitemradio', { name: 'العربية' }).click();
    await page.getByRole('heading', { level: 1, name: 'ملخص أبحاث الذكاء الاصطناعي' }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.locator('html').getAttribute('lang')).toBe('ar');
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('ar');
    await page.getByRole('link', { name: 'اقرأ المزيد' }).first().waitFor();
    await screenshot(page, 'digest-phone-ar');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'ملخص أبحاث الذكاء الاصطناعي' }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
  });

  it('shows the not-found page for unknown papers and paths', async () => {
    // The page and the paper it asks for are answered 404 on purpose, and the browser logs both.
    const page = await site.newPage({ allowedErrors: [/status of 404/] });
    await page.goto('/ai-digest/2101.99999');
    await page.getByText('Paper not found').waitFor();
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1 }).waitFor();
  });
});
