import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AXE_SCREENS_TIMEOUT_MS, axeFailures } from './support/axe.js';
import { type Site, startSite } from './support/site.js';

/** The public pages of issue 4 in both languages; a page passes with no serious or critical violation. */
describe('accessibility of public pages (axe)', () => {
  let site: Site;
  const pages: Record<string, string> = {};

  beforeAll(async () => {
    site = await startSite();
    const paper = (await (await fetch(`${site.baseUrl}/api/papers?limit=1`)).json()).papers[0];
    const post = (await (await fetch(`${site.baseUrl}/blogsFolder/en/blogs.json`)).json())[0];
    Object.assign(pages, {
      home: '/',
      'blog list': '/blogs',
      'blog post': `/blog/${post.id}`,
      privacy: '/privacy-policy',
      documentation: '/documentation',
      'digest list': '/ai-digest',
      'paper page': `/ai-digest/${paper.arxivId}`,
    });
  });
  afterAll(async () => {
    await site?.close();
  });

  for (const locale of ['en', 'ar'] as const) {
    it(`has no serious or critical violations in ${locale}`, { timeout: AXE_SCREENS_TIMEOUT_MS }, async () => {
      const failures: string[] = [];
      for (const [name, path] of Object.entries(pages)) {
        const page = await site.newPage();
        await page.addInitScript((value) => localStorage.setItem('locale', value), locale);
        const target = locale === 'ar' && path === '/blogs' ? '/ar/blogs' : path;
        await page.goto(target, { waitUntil: 'networkidle' });
        await page.locator('main').first().waitFor();
        // Check what a reader sees once the page settles: the home mission fades in 800 ms after load.
        if (path === '/') await page.waitForTimeout(900);
        await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
        expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
        failures.push(...(await axeFailures(page, `${name} (${target})`)));
        await page.close();
      }
      expect(failures).toEqual([]);
    });
  }
});
