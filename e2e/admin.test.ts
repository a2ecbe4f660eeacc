import { type ChildProcess, spawn } from 'node:child_process';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../server/db/connect.js';
import { createQueueRepo } from '../server/modules/queue/repo.js';
import { type FakeArxiv, startFakeArxiv } from '../server/test/fake-arxiv.js';
import { startPdfHost } from '../server/test/pdf-host.js';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../server/test/smtp.js';
import { ADMIN, createAdmin, signIn, verifyElsewhere } from './support/accounts.js';
import { AXE_SCREENS_TIMEOUT_MS, axeFailures } from './support/axe.js';
import { signUpReader } from './support/readers.js';
import { screenshot } from './support/screenshots.js';
import { type Site, startSite } from './support/site.js';

const READER = { name: 'Rita Reader', email: 'rita.reader@example.org', password: 'correct horse battery' };
const ADMIN_SCREENS = [
  '/admin',
  '/admin/papers',
  '/admin/categories',
  '/admin/queue',
  '/admin/users',
  '/admin/comments',
  '/admin/audit',
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
    ['GET', '/api/admin/comments?reported=true'],
    ['POST', '/api/admin/users/1/suspend', { reason: 'Hijacked' }],
    ['PATCH', '/api/admin/users/1/role', { role: 'user' }],
    ['GET', '/api/admin/audit'],
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
  let firstPaper: { id: number; arxivId: string; title: string };

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
    // Signed up through the API, not in this browser: the link asks for a password, then the reader signs in.
    await verifyElsewhere(page, linkIn(await smtp.nextMailTo(READER.email)).href, READER.password);
    await signIn(page, READER.email, READER.password);
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
      await page.getByRole('heading', { level: 1, name: 'Not allowed' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
      await page.getByText('You need an administrator account to open this page.').waitFor();
    }
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('sends a visitor from an admin page to sign in, and back to that page after signing in as an admin', async () => {
    const page = await site.newPage();
    await page.goto('/admin/queue');
    await page.waitForURL('**/authenticate');
    const panel = page.getByRole('tabpanel', { name: 'Sign In' });
    await panel.getByLabel('Email').fill(ADMIN.email);
    await panel.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await panel.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/admin/queue');
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
    await screenshot(page, 'admin-papers-edit-json-desktop-en');
    await form.getByRole('button', { name: 'Update Paper' }).click();
    await page.getByText('Paper updated successfully!').waitFor();

    await page.goto('/ai-digest');
    const edited = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: firstPaper.title }) });
    await edited.getByText('E2E Curated').waitFor();
    await page.goto(`/ai-digest/${firstPaper.arxivId}`);
    await page.getByText('Edited in the JSON view by the e2e test.').waitFor();
  });

  it('lets an admin add, rename and delete a category by keyboard', async () => {
    // The browser logs the refused rename as a failed load.
    const page = await site.newPage({ allowedErrors: [/status of 409/] });
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/categories');
    await page.getByLabel('New category').fill('  Keyboard Category  ');
    await page.keyboard.press('Enter');
    await page.getByText('Category "Keyboard Category" created successfully').waitFor();
    const list = page.getByRole('list', { name: 'Categories' });

    // A name another category has is refused, as when adding; the field stays for another try.
    const [taken] = (await (await fetch(`${site.baseUrl}/api/categories`)).json()) as string[];
    await list.getByRole('button', { name: 'Rename the category Keyboard Category' }).focus();
    await page.keyboard.press('Enter');
    const field = page.getByLabel('Name of the category Keyboard Category');
    await field.fill(taken ?? '');
    await page.keyboard.press('Enter');
    await page.getByText(`Category "${taken}" already exists`).waitFor();
    await field.fill(' Keyboard Renamed ');
    await page.keyboard.press('Enter');
    await page.getByText('Category "Keyboard Category" renamed to "Keyboard Renamed"').waitFor();
    expect(await (await fetch(`${site.baseUrl}/api/categories`)).json()).toContain('Keyboard Renamed');

    const remove = list.getByRole('button', { name: 'Delete category Keyboard Renamed' });
    await remove.focus();
    await page.keyboard.press('Enter');
    // The confirmation opens on Cancel; Tab reaches Delete.
    const dialog = page.getByRole('dialog', { name: 'Delete the category "Keyboard Renamed"?' });
    await dialog.getByText('No paper carries this category.').waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByText('Category "Keyboard Renamed" deleted successfully').waitFor();
    expect(await (await fetch(`${site.baseUrl}/api/categories`)).json()).not.toContain('Keyboard Renamed');
  });

  it("takes a reader's report to the admin's screen, where a removal with a reason reaches only the author", async () => {
    const sam = await signUpReader(site, smtp, 'Sam Author', 'sam.author@example.org');
    const rex = await signUpReader(site, smtp, 'Rex Reporter', 'rex.reporter@example.org');
    const spam = await sam.postComment(firstPaper.id, '<p>Cheap followers at example.com</p>');
    const commentsOf = async (page: Page) => {
      await page.goto(`/ai-digest/${firstPaper.arxivId}`);
      // The comments and the reader's session load after the page: act once they have.
      await page.waitForLoadState('networkidle');
      const region = page.getByRole('region', { name: 'Comments' });
      await region.scrollIntoViewIfNeeded();
      return region;
    };

    const reporter = await rex.newPage();
    const shown = (await commentsOf(reporter)).getByRole('listitem').filter({ hasText: 'Cheap followers' });
    await shown.getByRole('button', { name: 'Report' }).click();
    const report = reporter.getByRole('dialog', { name: 'Report this comment' });
    await report.getByRole('radio', { name: 'Spam' }).check();
    await report.getByLabel('Details (optional)').fill('Selling followers');
    await report.getByRole('button', { name: 'Send report' }).click();
    await report.getByText('Thank you: the administrators will look at this comment.').waitFor();

    const admin = await site.newPage();
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.goto('/admin');
    await admin.getByRole('link', { name: /Manage Comments/ }).click();
    const card = admin.getByRole('article').filter({ hasText: 'Cheap followers' });
    await card.getByText('1 open report').waitFor();
    await card.getByText(/Reported by Rex Reporter/).waitFor();
    await card.getByRole('button', { name: 'Remove' }).click();
    const removal = admin.getByRole('dialog', { name: 'Remove this comment?' });
    await removal.getByLabel('Reason shown to the author (optional)').fill('Advertising is not allowed');
    await removal.getByRole('button', { name: 'Remove' }).click();
    await admin.getByText('Comment removed').waitFor();
    await card.waitFor({ state: 'detached' });
    await screenshot(admin, 'admin-comments-after-removal');

    const author = await sam.newPage();
    const own = (await commentsOf(author)).getByRole('listitem').filter({ hasText: 'Cheap followers' });
    await own.getByText('Removed by a moderator').waitFor();
    // The reason is isolated (FSI … PDI) so that it keeps its own direction in either language.
    await own.getByText(/^Reason: \u2068?Advertising is not allowed\u2069?$/).waitFor();
    await screenshot(author, 'comment-removed-author-view');
    const others = await commentsOf(reporter);
    await others.getByRole('listitem').first().or(others.getByText('No comments yet.')).waitFor();
    expect(await others.getByText('Cheap followers').count()).toBe(0);

    await admin.goto('/admin/audit');
    const entry = admin.getByRole('article').filter({ hasText: 'Comment removed' }).first();
    await entry.getByText(String(spam.id), { exact: true }).waitFor();
    await entry.getByText('Advertising is not allowed').waitFor();
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
        '/admin/papers?tab=deleted',
        `/admin/papers?id=${firstPaper.arxivId}`,
        '/admin/categories',
        '/admin/comments',
        '/admin/audit',
        '/admin-scraper',
      ]) {
        await page.goto(path, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr');
        failures.push(...(await axeFailures(page, `${path} ${locale}`)));
        await screenshot(page, `admin${path.replace(/[/?=&]+/g, '-')}-desktop-${locale}`);
      }
      expect(failures).toEqual([]);
    },
    AXE_SCREENS_TIMEOUT_MS,
  );
});

describe('the supply line in Chromium: scrape, queue, process, edit', () => {
  const PAPER = { arxivId: '1111.2011', title: /^Quantum Criticality for Extended Nodes on a Bethe Lattice/ };
  let site: Site;
  let arxiv: FakeArxiv;
  let pdfHost: Awaited<ReturnType<typeof startPdfHost>>;
  let worker: ChildProcess | undefined;

  beforeAll(async () => {
    arxiv = await startFakeArxiv();
    pdfHost = await startPdfHost();
    // A web process alone: the queue waits until the test starts a worker process on the same database.
    site = await startSite({ ARXIV_API_URL: arxiv.url, ARXIV_PDF_URL: pdfHost.url }, ['--role=web']);
    await createAdmin(site);
  });
  afterAll(async () => {
    worker?.kill('SIGTERM');
    await site?.close();
    await arxiv?.close();
    await pdfHost?.close();
  });

  function startWorker(): ChildProcess {
    return spawn(process.execPath, ['dist/server/main.js', '--role=worker'], {
      env: {
        ...process.env,
        DATA_DIR: site.dataDir,
        PUBLIC_URL: site.baseUrl,
        ARXIV_API_URL: arxiv.url,
        ARXIV_PDF_URL: pdfHost.url,
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
  }

  it('gives every queued paper its actions, says whether Process Now started it, and asks before removing', async () => {
    const [older, newer] = ['1707.08567', '2104.12255'];
    const page = await site.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    const outcomes = await page.evaluate(
      async (ids) => {
        const answers: string[] = [];
        for (const arxivId of ids) {
          const response = await fetch('/api/admin/scrape', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ arxivId }),
          });
          answers.push((await response.json()).outcome);
        }
        return answers;
      },
      [older, newer],
    );
    expect(outcomes).toEqual(['queued', 'queued']);

    await page.goto('/admin/queue');
    const queued = page.getByRole('region', { name: 'Queued papers' });
    const row = (arxivId: string) => queued.getByRole('row').filter({ hasText: arxivId });
    const action = (arxivId: string, name: string) => row(arxivId).getByRole('button', { name: `${name}: ${arxivId}` });
    const firstRow = () => queued.getByRole('row').nth(1).textContent();
    await action(newer, 'Move First').click();
    await page.getByText('Paper moved to first position successfully').waitFor();
    await expect.poll(firstRow).toContain(newer);

    // A worker takes the first paper: it can then only be removed, and the next one waits for it.
    const handle = connectDatabase({ databaseUrl: null, dataDir: site.dataDir });
    try {
      const repo = createQueueRepo(handle);
      const now = Date.now();
      const held = await repo.claim('e2e-worker', new Date(now).toISOString(), new Date(now + 600_000).toISOString());
      expect(held?.arxivId).toBe(newer);
      await row(newer).getByText('Processing').waitFor();
      expect(await row(newer).getByRole('button').allTextContents()).toEqual(['Remove']);
      await action(older, 'Process Now').click();
      await page.getByText('Paper queued next: the worker is busy with another paper').waitFor();
      await expect.poll(firstRow).toContain(older);
      await screenshot(page, 'admin-queue-rows-desktop-en');

      if (held) await repo.release(held, null);
      await row(newer).getByText('Waiting').waitFor();
      await action(newer, 'Process Now').click();
      await page.getByText('Paper processing started successfully').waitFor();
    } finally {
      await handle.close();
    }

    // Remove asks first: Cancel keeps the paper, Remove takes it out.
    await action(older, 'Remove').click();
    const dialog = page.getByRole('dialog', { name: 'Remove this paper from the queue?' });
    await dialog.getByText(new RegExp(`${older.replace('.', '\\.')}\\W+ leaves the queue`)).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row(older).waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => localStorage.setItem('locale', 'ar'));
    await page.reload();
    await page.getByRole('button', { name: `نقل إلى الأول: ${older}` }).waitFor();
    await screenshot(page, 'admin-queue-rows-phone-ar');
    await page.evaluate(() => localStorage.setItem('locale', 'en'));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();

    for (const arxivId of [older, newer]) {
      await action(arxivId, 'Remove').click();
      await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
      await row(arxivId).waitFor({ state: 'detached' });
    }
    await page.getByText('The queue is empty').waitFor();
  });

  it('scrapes with Add to bookmarks, moves it first, processes it now, edits it in JSON and sees it on the digest', async () => {
    const page = await site.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Admin Scraper Dashboard' }).click();
    await page.waitForURL('**/admin-scraper');

    // Another paper first, so that ours queues behind it.
    const input = page.getByLabel('Paper ID or URL');
    await input.fill('https://arxiv.org/abs/1605.08386v1');
    await page.getByRole('button', { name: 'Scrape' }).click();
    await page.getByRole('article', { name: 'Heat-bath random walks with Markov bases' }).waitFor();
    await input.fill(` ${PAPER.arxivId} `);
    await page.getByRole('checkbox', { name: 'Add to bookmarks' }).check();
    await page.getByRole('button', { name: 'Scrape' }).click();
    await page.getByRole('article', { name: PAPER.title }).getByText('Version 2', { exact: false }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Added to bookmarks' }).textContent()).toBe(
      'Paper scraped and added to the queue | Added to bookmarks',
    );
    await screenshot(page, 'admin-scraper-result-desktop-en');

    await page.getByRole('link', { name: 'Open the queue' }).click();
    await page.waitForURL('**/admin/queue');
    await page.getByLabel('arXiv ID').fill(PAPER.arxivId);
    await page.getByRole('button', { name: 'Search' }).click();
    const result = page.getByRole('region', { name: 'Search result' });
    await result.getByText('In queue at position 2').waitFor();
    await result.getByRole('button', { name: 'Move First' }).click();
    await page.getByText('Paper moved to first position successfully').waitFor();
    await result.getByText('In queue at position 1').waitFor();
    await result.getByRole('button', { name: 'Process Now' }).click();
    await page.getByText('Paper processing started successfully').waitFor();
    await screenshot(page, 'admin-queue-desktop-en');

    worker = startWorker();
    // The queue screen follows the worker: our paper leaves the queue once processed.
    const queued = page.getByRole('region', { name: 'Queued papers' });
    await queued.getByText(PAPER.arxivId).waitFor({ state: 'detached', timeout: 60_000 });
    await page.getByRole('button', { name: 'Search' }).click();
    await result.getByText('Already processed').waitFor();
    await result.getByRole('link', { name: 'Edit Paper' }).click();
    await page.waitForURL(`**/admin/papers?id=${PAPER.arxivId}`);

    const form = page.getByRole('form', { name: 'Edit Paper' });
    await form.getByRole('button', { name: 'JSON', exact: true }).click();
    const json = form.getByRole('textbox', { name: 'JSON' });
    const summary = JSON.parse(await json.inputValue());
    expect(summary.generatedBy).toBe('extractive');
    await json.fill(
      JSON.stringify({ ...summary, Paper_one_line: 'Nodes on a Bethe lattice, summarised by an admin.' }),
    );
    await form.getByLabel('New category').fill('Bethe Lattices');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await form.getByRole('button', { name: 'Update Paper' }).click();
    await page.getByText('Paper updated successfully!').waitFor();
    await expect.poll(() => form.getByRole('button', { name: 'Remove Bookmark' }).count()).toBe(1);

    await page.goto('/ai-digest');
    await page.getByLabel('Category').selectOption('Bethe Lattices');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: PAPER.title }) });
    await card.getByText('Bethe Lattices').waitFor();
    await card.getByRole('link', { name: 'Read More' }).click();
    await page.getByText('Nodes on a Bethe lattice, summarised by an admin.').waitFor();
    await page.getByText('Extractive summary (no AI model)').waitFor();
    await screenshot(page, 'admin-edited-paper-desktop-en');

    await page.goto('/bookmarks');
    await page.getByRole('heading', { name: PAPER.title }).waitFor();
  });
});
