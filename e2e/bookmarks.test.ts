import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaperList } from '../common/papers.js';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../server/test/smtp.js';
import { AXE_SCREENS_TIMEOUT_MS, axeFailures } from './support/axe.js';
import { screenshot } from './support/screenshots.js';
import { type Site, startSite } from './support/site.js';

describe('bookmarks in Chromium', () => {
  let site: Site;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    site = await startSite({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await site?.close();
    await smtp?.close();
  });

  /**
   * A reader who signed up and followed the link in the verification mail in the same browser (the
   * page's request context shares its cookies): signed in, on the digest.
   */
  async function signedInReader(name: string, email: string): Promise<Page> {
    const page = await site.newPage();
    const signup = await page.request.post('/api/auth/signup', {
      data: { name, email, password: 'correct horse battery', locale: 'en' },
    });
    expect(signup.status()).toBe(201);
    await page.goto(linkIn(await smtp.nextMailTo(email)).href);
    await page.waitForURL('**/ai-digest');
    await page.getByRole('button', { name: `Account menu of ${name}` }).waitFor();
    return page;
  }

  it('a reader bookmarks a paper from the digest, finds it on /bookmarks, reads it, returns and removes it', async () => {
    const page = await signedInReader('Rita Reader', 'rita.reader@example.org');
    const card = page.locator('article').first();
    const title = (await card.getByRole('heading').textContent()) ?? '';
    await card.getByRole('button', { name: 'Bookmark', exact: true }).click();
    const marked = card.getByRole('button', { name: 'Un-bookmark' });
    await marked.waitFor();
    expect(await marked.getAttribute('aria-pressed')).toBe('true');
    expect(await marked.getAttribute('title')).toBe('Un-bookmark');
    await screenshot(page, 'bookmarks-digest-toggle-desktop-en');

    // The server holds it: a fresh page shows it bookmarked.
    await page.reload();
    await page.locator('article').first().getByRole('button', { name: 'Un-bookmark' }).waitFor();

    await page.getByRole('button', { name: 'Account menu of Rita Reader' }).click();
    await page.getByRole('menuitem', { name: 'My Bookmarks' }).click();
    await page.waitForURL('**/bookmarks');
    await page.getByRole('heading', { level: 1, name: 'My Bookmarks' }).waitFor();
    const saved = page.locator('article', { has: page.getByRole('heading', { name: title }) });
    await saved.waitFor();
    expect(await page.locator('article').count()).toBe(1);
    await screenshot(page, 'bookmarks-page-desktop-en');

    await saved.getByRole('link', { name: 'Read More' }).click();
    await page.waitForURL('**/ai-digest/*');
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('link', { name: 'Back to Bookmarks' }).click();
    await page.waitForURL('**/bookmarks');

    await saved.getByRole('button', { name: 'Remove bookmark' }).click();
    await page.getByRole('heading', { name: 'No bookmarks yet' }).waitFor();
    expect(await (await page.request.get('/api/bookmarks')).json()).toEqual([]);
    await page.getByRole('link', { name: 'Explore Papers' }).click();
    await page.waitForURL('**/ai-digest');
    await page.locator('article').first().getByRole('button', { name: 'Bookmark', exact: true }).waitFor();
  });

  it('a reader bookmarks a paper on its page, beside Cite and Share, and takes it back there, in English and in Arabic', async () => {
    const page = await signedInReader('Paula Page', 'paula.page@example.org');
    const { papers } = (await (await page.request.get('/api/papers?limit=1')).json()) as PaperList;
    const arxivId = papers[0]?.arxivId ?? '';
    const bookmarked = async () =>
      ((await (await page.request.get('/api/bookmarks')).json()) as { arxivId: string }[]).map(
        (bookmark) => bookmark.arxivId,
      );
    await page.goto(`/ai-digest/${arxivId}`);
    const actions = page.locator('article header');
    await actions.getByRole('button', { name: 'Bookmark', exact: true }).click();
    const marked = actions.getByRole('button', { name: 'Un-bookmark' });
    await marked.waitFor();
    expect(await marked.getAttribute('aria-pressed')).toBe('true');
    expect(await actions.getByRole('button').allInnerTexts()).toEqual(['Cite', 'Un-bookmark', 'Share']);
    expect(await bookmarked()).toEqual([arxivId]);
    await screenshot(page, 'bookmarks-paper-page-desktop-en');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => localStorage.setItem('locale', 'ar'));
    await page.reload();
    await actions.getByRole('button', { name: 'إزالة الإشارة المرجعية' }).click();
    const unmarked = actions.getByRole('button', { name: 'إضافة إشارة مرجعية' });
    await unmarked.waitFor();
    expect(await unmarked.getAttribute('aria-pressed')).toBe('false');
    expect(await bookmarked()).toEqual([]);
    await screenshot(page, 'bookmarks-paper-page-phone-ar');
  });

  it('reads right to left in Arabic, and axe finds nothing serious on /bookmarks or the digest in either language', {
    timeout: AXE_SCREENS_TIMEOUT_MS,
  }, async () => {
    const page = await signedInReader('Sami Second', 'sami.second@example.org');
    const { papers } = (await (await page.request.get('/api/papers?limit=1')).json()) as PaperList;
    const arxivId = papers[0]?.arxivId ?? '';
    expect((await page.request.post(`/api/bookmarks/${arxivId}`)).status()).toBe(201);

    const failures: string[] = [];
    for (const locale of ['en', 'ar'] as const) {
      await page.evaluate((value) => localStorage.setItem('locale', value), locale);
      await page.goto('/bookmarks');
      await page.locator('article').first().waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      failures.push(...(await axeFailures(page, `/bookmarks (${locale})`)));
      if (locale === 'ar') {
        await page.getByRole('heading', { level: 1, name: 'إشاراتي المرجعية' }).waitFor();
        await page.getByRole('button', { name: 'إزالة الإشارة المرجعية' }).waitFor();
        await screenshot(page, 'bookmarks-page-desktop-ar');
      }
      await page.goto('/ai-digest');
      await page.locator('article').first().getByRole('button', { pressed: true }).waitFor();
      failures.push(...(await axeFailures(page, `/ai-digest signed in (${locale})`)));
    }
    expect(failures).toEqual([]);
  });

  it('shows visitors no bookmark toggle and asks for no bookmarks', async () => {
    const page = await site.newPage();
    const bookmarkCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/bookmarks')) bookmarkCalls.push(request.url());
    });
    await page.goto('/ai-digest', { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    await page.locator('article').first().waitFor();
    expect(await page.getByRole('button', { name: /bookmark/i }).count()).toBe(0);
    // Nor on a paper's page.
    const { papers } = (await (await page.request.get('/api/papers?limit=1')).json()) as PaperList;
    await page.goto(`/ai-digest/${papers[0]?.arxivId}`, { waitUntil: 'networkidle' });
    await page.locator('article header').getByRole('button', { name: 'Cite' }).waitFor();
    expect(await page.getByRole('button', { name: /bookmark/i }).count()).toBe(0);
    expect(bookmarkCalls).toEqual([]);
  });
});
