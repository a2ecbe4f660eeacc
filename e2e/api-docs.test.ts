import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/screenshots.js';
import { type Site, startSite } from './support/site.js';

/** Everything the page reports as wrong: console errors (CSP refusals among them), uncaught errors, off-site requests. */
function recordProblems(page: Page, baseUrl: string): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(baseUrl) && !url.startsWith('data:')) problems.push(`off-site request: ${url}`);
  });
  return problems;
}

describe('API reference in Chromium', () => {
  let site: Site;

  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await site?.close();
  });

  it('lists the papers routes and answers a try-out, with everything from the site and nothing refused', async () => {
    const page = await site.newPage();
    const problems = recordProblems(page, site.baseUrl);
    await page.goto('/api/docs');
    await page.getByRole('heading', { name: /Agentic Framework API/ }).waitFor();
    for (const path of [
      '/api/papers',
      '/api/papers/{arxivId}',
      '/api/papers/{arxivId}/categories',
      '/api/papers/{archive}/{number}',
      '/api/image/{arxivId}/data',
    ]) {
      // Reads: some of these paths also take an administrator's PUT, POST or DELETE.
      await page
        .locator('.opblock-get .opblock-summary-path', { hasText: new RegExp(`^${path.replace(/[{}]/g, '\\$&')}$`) })
        .waitFor();
    }
    await screenshot(page, 'api-docs', { fullPage: false });

    await page.locator('.opblock-get .opblock-summary', { hasText: '/api/papers/{arxivId}/categories' }).click();
    await page.getByRole('button', { name: 'Try it out' }).click();
    await page.getByPlaceholder('arxivId').fill('2312.00326');
    await page.getByRole('button', { name: 'Execute' }).click();
    const answer = page.locator('.live-responses-table .response');
    await answer.getByText('AI Agents').first().waitFor();
    expect(await answer.locator('.response-col_status').textContent()).toContain('200');
    expect(problems).toEqual([]);
  });

  it('is linked from the documentation in both languages', async () => {
    for (const [locale, name] of [
      ['en', 'API reference'],
      ['ar', 'مرجع الواجهة البرمجية'],
    ]) {
      const page = await site.newPage();
      await page.addInitScript((value) => localStorage.setItem('locale', value), locale);
      await page.goto('/documentation?page=papers');
      await page.getByRole('link', { name, exact: true }).click();
      await page.waitForURL('**/api/docs');
      await page.locator('.opblock-summary-path', { hasText: '/api/papers' }).first().waitFor();
    }
  });
});
