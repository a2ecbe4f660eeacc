import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/screenshots.js';
import { type Site, startSite } from './support/site.js';

interface RawPost {
  id: string;
  title: string;
  date: string;
  category?: string;
  tags?: string[];
}

const ARABIC = /\p{Script=Arabic}/u;

/**
 * A post's date (YYYY-MM-DD) as Arabic pages write it, "6 أكتوبر 2026": as Intl writes it, which the
 * pages' own month names are held to.
 */
const arabicDate = (date: string) =>
  new Intl.DateTimeFormat('ar-u-nu-latn', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

/** The titles of the cards on the list, in order. */
const cardTitles = (page: Page) => page.locator('main article h2').allInnerTexts();

describe('Blog in Chromium', () => {
  let site: Site;
  let english: RawPost[];

  beforeAll(async () => {
    site = await startSite();
    english = await (await fetch(`${site.baseUrl}/blogsFolder/en/blogs.json`)).json();
  });
  afterAll(async () => {
    await site?.close();
  });

  it('lists the English posts newest first, filters by category, searches and pages', async () => {
    const page = await site.newPage();
    await page.goto('/blogs');
    await page.getByRole('heading', { level: 1, name: 'Blog' }).waitFor();
    await page.locator('main article').first().waitFor();
    const newestFirst = [...english].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
    expect(await cardTitles(page)).toEqual(newestFirst.slice(0, 6).map((post) => post.title));
    await screenshot(page, 'blog-list-desktop-en');

    // Category: only its posts, the button pressed.
    const filters = page.getByRole('group', { name: 'Filter by category' });
    const tutorials = english.filter((post) => post.category === 'Tutorials');
    await filters.getByRole('button', { name: 'Tutorials' }).click();
    await page.waitForFunction((count) => document.querySelectorAll('main article').length === count, tutorials.length);
    expect(await filters.getByRole('button', { name: 'Tutorials' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('main article').getByText('Tutorials', { exact: true }).count()).toBe(tutorials.length);
    expect(new URL(page.url()).search).toBe('?category=Tutorials');

    // Search within All for a tag word: every post tagged with it is found.
    await filters.getByRole('button', { name: 'All' }).click();
    const search = page.getByRole('searchbox', { name: 'Search articles' });
    expect(await search.getAttribute('placeholder')).toBe('Search articles...');
    await search.fill('  Embeddings ');
    const tagged = english.filter((post) => post.tags?.includes('embeddings')).map((post) => post.title);
    expect(tagged.length).toBeGreaterThan(0);
    await page.locator('main article h2', { hasText: tagged[0] }).waitFor();
    const found = await cardTitles(page);
    for (const title of tagged) expect(found).toContain(title);

    await search.fill('zzz no such words');
    await page.getByText('No posts found').waitFor();
    await page.getByText('Try adjusting your search or filter criteria').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.locator('main article').nth(5).waitFor();

    // Pages of six.
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await pager.getByRole('button', { name: 'Next' }).click();
    await pager.getByText(`Page 2 of ${Math.ceil(english.length / 6)}`).waitFor();
    expect(await cardTitles(page)).toEqual(newestFirst.slice(6, 12).map((post) => post.title));
    expect(await pager.getByRole('button', { name: '2', exact: true }).getAttribute('aria-current')).toBe('page');
    // A new category starts again at page 1.
    await filters.getByRole('button', { name: 'Guides' }).click();
    await page.waitForURL((url) => url.search === '?category=Guides');
    const guides = english.filter((post) => post.category === 'Guides').length;
    if (guides <= 6) await page.getByRole('navigation', { name: 'Pagination' }).waitFor({ state: 'detached' });
    else await page.getByText(`Page 1 of ${Math.ceil(guides / 6)}`).waitFor();
  });

  it('opens a post, its related articles, and jumps with the reading rail', async () => {
    const page = await site.newPage();
    await page.goto('/blogs');
    const first = english.find((post) => (post.tags?.length ?? 0) > 0) as RawPost;
    await page.getByRole('link', { name: first.title, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: first.title }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/blog/${first.id}`);
    expect(await page.title()).toContain(first.title);
    await page.getByRole('link', { name: 'Back to all posts' }).waitFor();

    const related = page.getByRole('region', { name: 'Related Articles' });
    const relatedTitles = await related.locator('h3').allInnerTexts();
    expect(relatedTitles.length).toBeGreaterThan(0);
    expect(relatedTitles.length).toBeLessThanOrEqual(3);
    await screenshot(page, 'blog-post-desktop-en');

    // The rail: twelve ticks; the last one scrolls to the end of the article.
    const rail = page.getByRole('navigation', { name: 'Reading progress' });
    expect(await rail.getByRole('button').count()).toBe(12);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await rail.getByRole('button', { name: 'Jump to 55% of the article' }).click();
    await page.waitForFunction(() => window.scrollY > 400);
    await page.waitForFunction(
      () =>
        document.querySelector('[aria-label="Jump to 55% of the article"]')?.getAttribute('aria-current') ===
        'location',
    );

    const next = relatedTitles[0] as string;
    await related.getByRole('link', { name: next, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: next }).waitFor();
    const nextPost = english.find((post) => post.title === next) as RawPost;
    expect(new URL(page.url()).pathname).toBe(`/blog/${nextPost.id}`);
    expect(nextPost.tags?.some((tag) => first.tags?.includes(tag))).toBe(true);

    await page.getByRole('link', { name: 'Back to all posts' }).click();
    await page.waitForURL((url) => url.pathname === '/blogs');
  });

  it('sends an unknown post id to /404', async () => {
    // The unknown post's page is answered 404 on purpose, and the browser logs it.
    const page = await site.newPage({ allowedErrors: [/status of 404/] });
    await page.goto('/blog/no-such-post');
    await page.waitForURL((url) => url.pathname === '/404');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
  });

  it('shows the Arabic list at /ar/blogs right to left, and switches lists with the language', async () => {
    const arabic: RawPost[] = await (await fetch(`${site.baseUrl}/blogsFolder/ar/blogs.json`)).json();
    const page = await site.newPage({ width: 375, height: 812 });
    await page.goto('/ar/blogs');
    await page.getByRole('heading', { level: 1, name: 'المدونة' }).waitFor();
    await page.locator('main article').first().waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.locator('html').getAttribute('lang')).toBe('ar');
    const titles = await cardTitles(page);
    expect(titles).toHaveLength(6);
    for (const title of titles) expect(title).toMatch(ARABIC);
    const newest = arabic.sort((a, b) => (a.date < b.date ? 1 : -1))[0] as RawPost;
    expect(titles).toContain(newest.title);
    // Dates in the page's language, with Arabic month names.
    const newestCard = page.locator('main article', { has: page.getByRole('heading', { name: newest.title }) });
    expect(await newestCard.locator('time').textContent()).toBe(arabicDate(newest.date));
    await page.getByRole('searchbox', { name: 'البحث في المقالات' }).waitFor();
    await screenshot(page, 'blog-list-phone-ar');

    // A post in Arabic, its body right to left.
    await page.getByRole('link', { name: titles[0] as string, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: titles[0] as string }).waitFor();
    await page.getByRole('link', { name: 'العودة إلى كل المقالات' }).waitFor();
    const opened = arabic.find((post) => post.title === titles[0]) as RawPost;
    expect(await page.locator('main article time').first().textContent()).toBe(arabicDate(opened.date));
    expect(await page.locator('main article h1').evaluate((element) => getComputedStyle(element).direction)).toBe(
      'rtl',
    );
    await screenshot(page, 'blog-post-phone-ar');

    // The plain address of the blog follows the reader's language.
    await page.goto('/blogs?category=Guides');
    await page.waitForURL((url) => url.pathname === '/ar/blogs' && url.search === '?category=Guides');

    // Choosing English opens the English list.
    await page.getByRole('button', { name: /تغيير اللغة/ }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await page.waitForURL((url) => url.pathname === '/blogs');
    await page.getByRole('heading', { level: 1, name: 'Blog' }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
  });

  it('looks right on a phone in English and on a desktop in Arabic', async () => {
    const phone = await site.newPage({ width: 375, height: 812 });
    await phone.goto('/blogs');
    await phone.locator('main article').first().waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(phone, 'blog-list-phone-en');
    await phone.goto(`/blog/${english[0]?.id}`);
    await phone.getByRole('heading', { level: 1 }).waitFor();
    await phone.getByRole('region', { name: 'Related Articles' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(phone, 'blog-post-phone-en');

    const desktop = await site.newPage();
    await desktop.goto('/ar/blogs');
    await desktop.locator('main article').first().waitFor();
    await screenshot(desktop, 'blog-list-desktop-ar');
    const post = english.find((entry) => entry.id === 'memory-for-long-running-agents') ?? english[0];
    await desktop.goto(`/blog/${post?.id}`);
    await desktop.getByRole('region', { name: 'مقالات ذات صلة' }).waitFor();
    await screenshot(desktop, 'blog-post-desktop-ar');
  });
});
