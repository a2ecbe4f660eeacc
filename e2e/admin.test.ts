import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../server/test/smtp.js';
import { ADMIN, createAdmin, signIn } from './support/accounts.js';
import { axeFailures } from './support/axe.js';
import { type Site, startSite } from './support/site.js';

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
const READER = { name: 'Rita Reader', email: 'rita.reader@example.org', password: 'correct horse battery' };
const ADMIN_SCREENS = [
  '/admin',
  '/admin/papers',
  '/admin/categories',
  '/admin/queue',
  '/admin/users',
  '/admin-scraper',
];

/** Each admin route with a body it would take: a reader is refused before the body is read. */
function adminRequests(arxivId: string): [string, string, unknown?][] {
  return [
    ['GET', '/api/users'],
    ['PATCH', '/api/users/1/verify'],
    ['PATCH', '/api/users/1/unverify'],
    ['POST', '/api/admin/scrape', { arxivId }],
    ['PUT', `/api/papers/${arxivId}`, { version: 1, title: 'T', pdfUrl: 'https://arxiv.org/pdf/x', abstract: 'A' }],
    ['DELETE', `/api/papers/${arxivId}`],
    ['POST', `/api/papers/${arxivId}/categories`, { categories: ['Hijacked'] }],
    ['POST', '/api/categories', { name: 'Hijacked' }],
    ['DELETE', '/api/categories/Hijacked'],
  ];
}

/** Sends the requests from the page, as the reader's own browser would, and answers each status and error code. */
function sendFromPage(page: Page, requests: [string, string, unknown?][]) {
  return page.evaluate(async (list) => {
    const answers: string[] = [];
    for (const [method, url, body] of list) {
      const response = await fetch(url, {
        method,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      answers.push(`${method} ${url} ${response.status} ${(await response.json()).error}`);
    }
    return answers;
  }, requests);
}

describe('admin screens in Chromium', () => {
  let site: Site;
  let smtp: TestSmtpServer;
  let firstPaper: { arxivId: string; title: string };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    site = await startSite({ SMTP_URL: smtp.url });
    await createAdmin(site);
    firstPaper = (await (await fetch(`${site.baseUrl}/api/papers?limit=1`)).json()).papers[0];
    const signup = await fetch(`${site.baseUrl}/api/auth/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: READER.name, email: READER.email, password: READER.password, locale: 'en' }),
    });
    expect(signup.status).toBe(201);
  });
  afterAll(async () => {
    await site?.close();
    await smtp?.close();
  });

  it('refuses a reader every admin route with 403, and never shows them an admin control', async () => {
    // The refused calls are logged by the browser as failed loads.
    const page = await site.newPage({ allowedErrors: [/status of 403/] });
    await page.goto(linkIn(await smtp.nextMailTo(READER.email)).href);
    await page.waitForURL('**/ai-digest');
    await page.getByRole('button', { name: `Account menu of ${READER.name}` }).waitFor();

    const answers = await sendFromPage(page, adminRequests(firstPaper.arxivId));
    expect(answers).toEqual(adminRequests(firstPaper.arxivId).map(([method, url]) => `${method} ${url} 403 forbidden`));
    expect((await (await fetch(`${site.baseUrl}/api/papers/${firstPaper.arxivId}`)).json()).title).toBe(
      firstPaper.title,
    );

    await page.getByRole('heading', { name: firstPaper.title }).waitFor();
    expect(await page.getByRole('link', { name: /Edit Paper/ }).count()).toBe(0);
    await page.getByRole('button', { name: `Account menu of ${READER.name}` }).click();
    await page.getByRole('menu').waitFor();
    expect(await page.getByRole('menuitem', { name: 'Admin Panel' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.goto(`/ai-digest/${firstPaper.arxivId}`);
    await page.getByRole('heading', { level: 1, name: firstPaper.title }).waitFor();
    expect(await page.getByRole('link', { name: 'Edit', exact: true }).count()).toBe(0);

    for (const path of ADMIN_SCREENS) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/');
    }
  });

  it('lets an admin edit a summary in the JSON view and add a category, shown at once on the digest', async () => {
    const page = await site.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: firstPaper.title }) });
    await card.getByRole('link', { name: 'Edit Paper' }).click();
    await page.waitForURL(`**/admin/papers?id=${encodeURIComponent(firstPaper.arxivId)}`);
    const form = page.getByRole('form', { name: 'Edit Paper' });
    await form.waitFor();

    await form.getByRole('button', { name: 'JSON', exact: true }).click();
    const json = form.getByRole('textbox', { name: 'JSON' });
    const summary = JSON.parse(await json.inputValue());
    await json.fill('{ "Paper_one_line": ');
    await form.getByRole('button', { name: 'Update Paper' }).click();
    await form.getByRole('alert').getByText('Error parsing summary JSON').waitFor();
    await json.fill(
      JSON.stringify({ ...summary, Paper_one_line: 'Edited in the JSON view by the e2e test.' }, null, 2),
    );
    await form.getByLabel('New category').fill('E2E Curated');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await shot(page, 'admin-papers-edit-json-desktop-en');
    await form.getByRole('button', { name: 'Update Paper' }).click();
    await page.getByText('Paper updated successfully!').waitFor();

    await page.goto('/ai-digest');
    const edited = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: firstPaper.title }) });
    await edited.getByText('E2E Curated').waitFor();
    await page.goto(`/ai-digest/${firstPaper.arxivId}`);
    await page.getByText('Edited in the JSON view by the e2e test.').waitFor();
  });

  it('lets an admin add and delete a category by keyboard', async () => {
    const page = await site.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/categories');
    await page.getByLabel('New category').fill('  Keyboard Category  ');
    await page.keyboard.press('Enter');
    await page.getByText('Category "Keyboard Category" created successfully').waitFor();
    const list = page.getByRole('list', { name: 'Categories' });
    const remove = list.getByRole('button', { name: 'Delete category Keyboard Category' });
    await remove.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Category "Keyboard Category" deleted successfully').waitFor();
    expect(await (await fetch(`${site.baseUrl}/api/categories`)).json()).not.toContain('Keyboard Category');
  });

  it.each(['en', 'ar'] as const)(
    'has no serious or critical axe violations on the admin screens in %s',
    async (locale) => {
      const page = await site.newPage();
      await signIn(page, ADMIN.email, ADMIN.password);
      await page.evaluate((value) => localStorage.setItem('locale', value), locale);
      const failures: string[] = [];
      for (const path of [
        '/admin',
        '/admin/papers?tab=all',
        `/admin/papers?id=${firstPaper.arxivId}`,
        '/admin/categories',
        '/admin-scraper',
      ]) {
        await page.goto(path, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr');
        failures.push(...(await axeFailures(page, `${path} ${locale}`)));
        await shot(page, `admin${path.replace(/[/?=&]+/g, '-')}-desktop-${locale}`);
      }
      expect(failures).toEqual([]);
    },
  );
});
