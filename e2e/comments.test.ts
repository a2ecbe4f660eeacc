import path from 'node:path';
import Database from 'better-sqlite3';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaperList } from '../common/papers.js';
import { TEST_IMAGES } from '../server/test/images.js';
import { startSmtpServer, type TestSmtpServer } from '../server/test/smtp.js';
import { AXE_SCREENS_TIMEOUT_MS, axeFailures } from './support/axe.js';
import { type Reader, signUpReader } from './support/readers.js';
import { screenshot } from './support/screenshots.js';
import { type Site, startSite } from './support/site.js';
import { expectHarmless, HTML_NAME, recordDialogs, XSS_PAYLOADS } from './support/xss.js';

/** The comments section of a paper page, scrolled to, so that the editor loads for a signed-in reader. */
async function commentsOf(page: Page, title = 'Comments'): Promise<Locator> {
  const section = page.getByRole('region', { name: title });
  await section.scrollIntoViewIfNeeded();
  return section;
}

/** The editor takes the focus back a frame after a toolbar control acts; typing waits for it. */
async function untilFocused(element: Locator) {
  await expect.poll(() => element.evaluate((node) => node === document.activeElement)).toBe(true);
}

/** The 'Note NN' texts of the comments shown, top to bottom. */
async function notesShown(comments: Locator): Promise<string[]> {
  const texts = await comments.locator('ol > li').allInnerTexts();
  return texts.map((text) => /Note \d\d/.exec(text)?.[0] ?? text);
}

const notes = (...numbers: number[]) => numbers.map((n) => `Note ${String(n).padStart(2, '0')}`);
const range = (from: number, to: number) =>
  Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => (from <= to ? from + i : from - i));

/** Rita's formatted comment as the page shows it: author, age, bold, colour and the uploaded image. */
async function expectKept(comment: Locator, reason: string) {
  await comment.getByText('Plain start').waitFor();
  expect(await comment.getByText('Rita Reader').count(), reason).toBe(1);
  expect(await comment.locator('time').textContent(), reason).toMatch(/^(just now|1 minute ago)$/);
  expect(await comment.locator('strong').textContent(), reason).toBe('bold words');
  const red = comment.locator('span[style*="color"]');
  expect(await red.textContent(), reason).toBe('red words');
  expect(await red.evaluate((span) => getComputedStyle(span).color), reason).toBe('rgb(201, 42, 42)');
  const image = comment.locator('img');
  expect(await image.getAttribute('src'), reason).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
  expect(await image.getAttribute('alt'), reason).toBe('A tiny test chart');
  expect(await image.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth)), reason).toBe(2);
}

type Paper = { id: number; arxivId: string };

describe('comments in Chromium', () => {
  let site: Site;
  let smtp: TestSmtpServer;
  let rita: Reader;
  let bob: Reader;
  let carla: Reader;
  /** Rita's paper (writing, deleting, what others see); the sorted paper (12 notes by Bob and Carla). */
  let ritaPaper: Paper;
  let sortedPaper: Paper;
  let xssPaper: Paper;
  let rawPaper: Paper;
  const noteIds = new Map<string, number>();

  beforeAll(async () => {
    smtp = await startSmtpServer();
    site = await startSite({ SMTP_URL: smtp.url });
    rita = await signUpReader(site, smtp, 'Rita Reader', 'rita.reader@example.org');
    bob = await signUpReader(site, smtp, 'Bob Second', 'bob.second@example.org');
    carla = await signUpReader(site, smtp, 'Carla Third', 'carla.third@example.org');
    const { papers } = (await (await fetch(`${site.baseUrl}/api/papers?limit=4`)).json()) as PaperList;
    const chosen = papers.map(({ id, arxivId }) => ({ id, arxivId }));
    if (chosen.length < 4) throw new Error('the demo seed has fewer than 4 papers');
    [ritaPaper, sortedPaper, xssPaper, rawPaper] = chosen as [Paper, Paper, Paper, Paper];

    // An uploaded image, a link and colours among the notes, so that axe checks rich comments too.
    const form = new FormData();
    form.append('image', new Blob([TEST_IMAGES.png.bytes], { type: 'image/png' }), 'chart.png');
    const upload = await fetch(`${site.baseUrl}/api/upload`, {
      method: 'POST',
      headers: { Cookie: bob.cookie },
      body: form,
    });
    expect(upload.status).toBe(201);
    const { url } = (await upload.json()) as { url: string };
    const formatted: Record<number, string> = {
      10: '<p><strong>Note 10</strong> in <span style="color:#c92a2a">red</span>, see <a href="https://arxiv.org">arXiv</a></p>',
      11: `<p>Note 11 with a chart</p><p><img src="${url}" alt=""></p>`,
      12: '<ul><li><p>Note 12</p></li><li><p><em>second point</em></p></li></ul>',
    };
    // Bob and Carla take turns, each under the limit of comments a minute.
    for (const n of range(1, 12)) {
      const [note = ''] = notes(n);
      const comment = await (n % 2 ? bob : carla).postComment(sortedPaper.id, formatted[n] ?? `<p>${note}</p>`);
      noteIds.set(note, comment.id);
    }
  });
  afterAll(async () => {
    await site?.close();
    await smtp?.close();
  });

  it('a reader writes a formatted comment with an uploaded image, which shows first with its age', async () => {
    const page = await rita.newPage();
    await page.goto(`/ai-digest/${ritaPaper.arxivId}`);
    const comments = await commentsOf(page);
    const editor = comments.getByRole('textbox', { name: 'Write a comment' });
    await editor.click();
    await page.keyboard.type('Plain start, ');

    // The keyboard alone reaches Bold: back from the editor into the toolbar, Home to its first control.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Home');
    const bold = comments.getByRole('button', { name: 'Bold' });
    expect(await bold.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await untilFocused(editor);
    await page.keyboard.type('bold words');
    expect(await bold.getAttribute('aria-pressed')).toBe('true');
    await bold.click();
    await untilFocused(editor);
    await page.keyboard.type(' then red words');
    for (const _ of 'red words') await page.keyboard.press('Shift+ArrowLeft');
    // The editor learns of a selection from the browser's selectionchange events, a moment after the keys:
    // colour what the reader selected, once the editor has caught up with it.
    await expect.poll(() => page.evaluate(() => document.getSelection()?.toString())).toBe('red words');
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
    );
    await comments.getByLabel('Text color').fill('#c92a2a');
    await editor.press('Control+End');

    const chooser = page.waitForEvent('filechooser');
    await comments.getByRole('button', { name: 'Add an image' }).click();
    await (await chooser).setFiles({ name: 'chart.png', mimeType: 'image/png', buffer: TEST_IMAGES.png.bytes });
    // The editor asks what the image shows before sending it; its description can be changed later.
    const describe = page.getByRole('dialog', { name: 'Describe the image' });
    await describe.getByLabel('Description').fill('A chart');
    await describe.getByRole('button', { name: 'Add image' }).click();
    await editor.locator('img[src^="/uploads/"][alt="A chart"]').click();
    await comments.getByRole('button', { name: 'Image description' }).click();
    expect(await describe.getByLabel('Description').inputValue()).toBe('A chart');
    await describe.getByLabel('Description').fill('A tiny test chart');
    await describe.getByRole('button', { name: 'Save description' }).click();
    await editor.locator('img[alt="A tiny test chart"]').waitFor();
    await comments.getByRole('button', { name: 'Post comment' }).click();

    const posted = comments.locator('ol > li').first();
    await posted.getByText('Plain start').waitFor();
    expect(await editor.textContent()).toBe('');
    await screenshot(page, 'comments-posted-desktop-en');
    await expectKept(posted, 'as posted');
    await page.reload();
    await expectKept((await commentsOf(page)).locator('ol > li').first(), 'after a reload');
  });

  it("sorts most recent or oldest first, and 'Show more' reveals 5 more at a time", async () => {
    const page = await site.newPage();
    await page.goto(`/ai-digest/${sortedPaper.arxivId}`);
    const comments = await commentsOf(page);
    await expect.poll(() => notesShown(comments)).toEqual(notes(...range(12, 8)));
    const sort = comments.getByLabel('Sort comments');
    const showMore = comments.getByRole('button', { name: 'Show more' });

    await sort.selectOption({ label: 'Oldest first' });
    await expect.poll(() => notesShown(comments)).toEqual(notes(...range(1, 5)));
    await showMore.click();
    await expect.poll(() => notesShown(comments)).toEqual(notes(...range(1, 10)));
    await showMore.click();
    await expect.poll(() => notesShown(comments)).toEqual(notes(...range(1, 12)));
    expect(await showMore.count()).toBe(0);
    await sort.selectOption({ label: 'Most recent' });
    await expect.poll(() => notesShown(comments)).toEqual(notes(...range(12, 1)));
  });

  it("shares a comment's link in a 600x400 window or copies it; the link opens the paper at the comment", async () => {
    const page = await bob.newPage();
    await page.addInitScript(() => {
      const opened: string[][] = [];
      Object.assign(window, { opened });
      window.open = (...args: unknown[]) => {
        opened.push(args.map(String));
        return null;
      };
    });
    await page.goto(`/ai-digest/${sortedPaper.arxivId}`);
    const comments = await commentsOf(page);
    await comments.getByLabel('Sort comments').selectOption({ label: 'Oldest first' });
    const oldest = comments.locator('ol > li').first();
    await oldest.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('menuitem', { name: 'Share on X' }).click();
    const [[shareUrl = '', target, features] = []] = await page.evaluate(
      () => (window as unknown as { opened: string[][] }).opened,
    );
    const id = noteIds.get('Note 01');
    const link = `${site.baseUrl}/comments/comment/${id}`;
    expect(new URL(shareUrl).searchParams.get('url')).toBe(link);
    expect([target, features]).toEqual(['_blank', 'width=600,height=400']);

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await oldest.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('menuitem', { name: 'Copy link' }).click();
    await oldest.getByRole('status').getByText('Link copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // A visitor following the link: Note 01 is the oldest, beyond 'Show more' in the usual order.
    const visitor = await site.newPage({ height: 700 });
    await visitor.goto(link);
    await visitor.waitForURL(
      (url) => url.pathname === `/ai-digest/${sortedPaper.arxivId}` && url.hash === `#comment-${id}`,
    );
    const shared = visitor.locator(`#comment-${id}`);
    await shared.getByText('Note 01').waitFor();
    await visitor.waitForFunction((anchor) => document.activeElement?.id === anchor, `comment-${id}`);
    expect(await shared.getAttribute('data-highlighted')).toBe('true');
    const box = await shared.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= 700).toBe(true);
    expect(await visitor.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await screenshot(visitor, 'comments-shared-link-desktop-en');

    const lost = await site.newPage({ allowedErrors: [/status of 404/] });
    await lost.goto('/comments/comment/987654321');
    await lost.waitForURL('**/404');
  });

  it('asks before deleting a comment: Cancel keeps it, Delete removes it', async () => {
    const { id } = await rita.postComment(ritaPaper.id, '<p>Delete me after a second thought</p>');
    const listed = async () =>
      ((await (await fetch(`${site.baseUrl}/api/comments/${ritaPaper.id}`)).json()) as { id: number }[]).some(
        (comment) => comment.id === id,
      );
    const page = await rita.newPage();
    await page.goto(`/ai-digest/${ritaPaper.arxivId}`);
    const comments = await commentsOf(page);
    const comment = comments.locator(`#comment-${id}`);
    const dialog = page.getByRole('dialog', { name: 'Delete this comment?' });

    await comment.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await comment.isVisible()).toBe(true);
    expect(await listed()).toBe(true);

    await comment.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await comment.waitFor({ state: 'detached' });
    expect(await listed()).toBe(false);
  });

  it('lets the author edit a comment in the editor it was written in; it keeps its place and says it was edited', async () => {
    const { id, createdAt } = await rita.postComment(ritaPaper.id, '<p>Teh frist version</p>');
    const page = await rita.newPage();
    await page.goto(`/ai-digest/${ritaPaper.arxivId}`);
    const comment = (await commentsOf(page)).locator(`#comment-${id}`);
    await comment.getByRole('button', { name: 'Edit' }).click();
    const editor = comment.getByRole('textbox', { name: 'Edit your comment' });
    await untilFocused(editor);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('The first version, ');
    await page.keyboard.press('Control+B');
    await page.keyboard.type('fixed');
    await comment.getByRole('button', { name: 'Save changes' }).click();
    await comment.locator('strong', { hasText: 'fixed' }).waitFor();
    await editor.waitFor({ state: 'detached' });
    const edited = comment.locator('time', { hasText: /^edited / });
    expect(await edited.getAttribute('title')).toMatch(/\d/);
    await screenshot(page, 'comments-edited-desktop-en');

    const stored = (await (await fetch(`${site.baseUrl}/api/comments/comment/${id}`)).json()) as {
      text: string;
      createdAt: string;
      editedAt?: string;
    };
    expect(stored).toMatchObject({ text: '<p>The first version, <strong>fixed</strong></p>', createdAt });
    expect(stored.editedAt).toEqual(expect.any(String));
    // Another reader sees the new words, marked edited, and no Edit.
    const other = await bob.newPage();
    await other.goto(`/ai-digest/${ritaPaper.arxivId}`);
    const seen = (await commentsOf(other)).locator(`#comment-${id}`);
    await seen.getByText('The first version, fixed').waitFor();
    expect(await seen.locator('time', { hasText: /^edited / }).count()).toBe(1);
    expect(await seen.getByRole('button', { name: 'Edit' }).count()).toBe(0);
  });

  it('shows Delete and Share to the author only, Report to other readers, and visitors a sign-in prompt instead of the editor', async () => {
    const { id } = await rita.postComment(ritaPaper.id, '<p>A note for every reader</p>');

    const second = await bob.newPage();
    await second.goto(`/ai-digest/${ritaPaper.arxivId}`);
    let comments = await commentsOf(second);
    await comments.getByRole('textbox', { name: 'Write a comment' }).waitFor();
    await comments.locator(`#comment-${id}`).getByText('A note for every reader').waitFor();
    // Another reader may only report it.
    expect(await comments.locator(`#comment-${id}`).getByRole('button').allTextContents()).toEqual(['Report']);

    const visitor = await site.newPage();
    await visitor.goto(`/ai-digest/${ritaPaper.arxivId}`);
    comments = await commentsOf(visitor);
    await comments.getByText('Please sign in to write a comment.').waitFor();
    expect(await comments.getByRole('link', { name: 'sign in' }).getAttribute('href')).toBe('/authenticate');
    await comments.locator(`#comment-${id}`).getByText('A note for every reader').waitFor();
    expect(await comments.locator(`#comment-${id}`).getByRole('button').count()).toBe(0);
    expect(await comments.getByRole('textbox').count()).toBe(0);
    expect(await comments.getByRole('toolbar').count()).toBe(0);
  });

  it('runs none of the scripts that stored comments and names carry', async () => {
    const mallory = await signUpReader(site, smtp, HTML_NAME, 'mallory@example.org');
    for (const payload of XSS_PAYLOADS) await mallory.postComment(xssPaper.id, payload);
    for (const page of [await site.newPage(), await mallory.newPage()]) {
      const dialogs = recordDialogs(page);
      await page.goto(`/ai-digest/${xssPaper.arxivId}`);
      const comments = await commentsOf(page);
      await comments.getByRole('button', { name: 'Show more' }).click();
      for (const n of range(1, XSS_PAYLOADS.length)) await comments.getByText(`payload ${n}`).waitFor();
      expect(await comments.getByText(HTML_NAME).count()).toBe(XSS_PAYLOADS.length);
      await expectHarmless(page, comments);
      expect(dialogs).toEqual([]);
    }
  });

  it("sanitises again in the browser what was stored past the server's sanitiser", async () => {
    const { id: userId } = carla.user;
    const database = new Database(path.join(site.dataDir, 'site.db'));
    database
      .prepare('INSERT INTO comments (paper_id, user_id, text, created_at) VALUES (?, ?, ?, ?)')
      .run(rawPaper.id, userId, `<p>stored raw</p>${XSS_PAYLOADS.join('')}`, new Date().toISOString());
    database.close();
    // Chromium reports the page's CSP against every inline handler attribute it parses, even in the
    // inert document where DOMPurify reads the HTML and nothing runs; the marker shows that nothing did.
    const page = await site.newPage({ allowedErrors: [/^Executing inline event handler violates .*script-src-attr/] });
    const dialogs = recordDialogs(page);
    await page.goto(`/ai-digest/${rawPaper.arxivId}`);
    const comments = await commentsOf(page);
    await comments.getByText('stored raw').waitFor();
    await expectHarmless(page, comments);
    expect(dialogs).toEqual([]);
  });

  it("writes a comment's age in the page's language, the same words in English and Arabic", async () => {
    const database = new Database(path.join(site.dataDir, 'site.db'));
    // Five and a half minutes old: it reads 5 minutes for half a minute more.
    const createdAt = new Date(Date.now() - 5.5 * 60_000).toISOString();
    const { lastInsertRowid: id } = database
      .prepare('INSERT INTO comments (paper_id, user_id, text, created_at) VALUES (?, ?, ?, ?)')
      .run(ritaPaper.id, carla.user.id, '<p>five minutes old</p>', createdAt);
    database.close();
    for (const [locale, title, age] of [
      ['en', 'Comments', '5 minutes ago'],
      ['ar', 'التعليقات', 'قبل 5 دقائق'],
    ] as const) {
      const page = await site.newPage();
      await page.addInitScript((value) => localStorage.setItem('locale', value), locale);
      await page.goto(`/ai-digest/${ritaPaper.arxivId}`);
      const comment = (await commentsOf(page, title)).locator(`#comment-${id}`);
      await comment.getByText('five minutes old').waitFor();
      expect(await comment.locator('time').textContent()).toBe(age);
    }
  });

  it('axe finds nothing serious on a paper page with comments, signed in or not, in English and Arabic', {
    timeout: AXE_SCREENS_TIMEOUT_MS,
  }, async () => {
    const failures: string[] = [];
    for (const locale of ['en', 'ar'] as const) {
      for (const reader of [bob, null]) {
        const page = reader ? await reader.newPage() : await site.newPage();
        await page.addInitScript((value) => localStorage.setItem('locale', value), locale);
        await page.goto(`/ai-digest/${sortedPaper.arxivId}`);
        expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
        const comments = await commentsOf(page, locale === 'ar' ? 'التعليقات' : 'Comments');
        await comments.locator('ol > li img').evaluate((img: HTMLImageElement) => img.decode());
        if (reader) await comments.locator('[contenteditable=true]').waitFor();
        else await comments.getByRole('link', { name: locale === 'ar' ? 'تسجيل الدخول' : 'sign in' }).waitFor();
        const name = `paper page ${reader ? 'signed in' : 'signed out'} (${locale})`;
        await screenshot(page, `comments-${reader ? 'reader' : 'visitor'}-desktop-${locale}`);
        failures.push(...(await axeFailures(page, name)));
      }
    }
    expect(failures).toEqual([]);
  });
});
