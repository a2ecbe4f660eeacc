import { parse } from '@retorquere/bibtex-parser';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../server/db/connect.js';
import { addPaper } from '../server/test/papers.js';
import { axeFailures } from './support/axe.js';
import { screenshot } from './support/screenshots.js';
import { type Site, startSite } from './support/site.js';

const ARXIV_ID = '2612.07777';
const TITLE = 'LLM Agents & $O(n^2)$ Planning: 50% Fewer {Tokens} for $5';
const AUTHORS = ['José Müller', 'Łukasz Kaiser', '王伟', 'محمد علي', 'Ludwig van Beethoven'];

const TEXTS = {
  en: {
    cite: 'Cite',
    title: 'Cite this paper',
    copy: 'Copy',
    copied: 'BibTeX copied to the clipboard',
    close: 'Close',
  },
  ar: {
    cite: 'استشهاد',
    title: 'الاستشهاد بهذه الورقة',
    copy: 'نسخ',
    copied: 'تم نسخ مدخل BibTeX إلى الحافظة',
    close: 'إغلاق',
  },
};

const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } };
/** A screenshot once the toasts and the dialog have stopped moving. */
async function shot(page: Page, name: string) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await screenshot(page, name, { fullPage: false });
}

/** Where the focus is: in the open dialog, nowhere on the page (the browser's own controls), or on the page behind. */
const focusPlace = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement;
    if (focused?.closest('dialog[open]')) return 'dialog';
    return !focused || focused === document.body ? 'browser' : 'page';
  });

describe('citing a paper in Chromium', () => {
  let site: Site;

  beforeAll(async () => {
    site = await startSite();
    const db = connectDatabase({ databaseUrl: null, dataDir: site.dataDir });
    await addPaper(db, {
      arxiv_id: ARXIV_ID,
      submitted_date: '2099-04-01',
      title: TITLE,
      authors: JSON.stringify(AUTHORS),
      primary_category: 'cs.CL',
    });
    await db.close();
  });
  afterAll(async () => {
    await site?.close();
  });

  for (const locale of ['en', 'ar'] as const) {
    for (const [size, viewport] of Object.entries(SIZES)) {
      it(`shows, copies and downloads the BibTeX entry (${locale}, ${size})`, async () => {
        const texts = TEXTS[locale];
        const page = await site.newPage(viewport);
        await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.baseUrl });
        await page.addInitScript((value) => localStorage.setItem('locale', value), locale);
        const scripts: string[] = [];
        page.on('request', (request) => {
          if (request.resourceType() === 'script') scripts.push(request.url());
        });
        await page.goto(`/ai-digest/${ARXIV_ID}`, { waitUntil: 'networkidle' });
        expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');

        // The dialog's code comes with the first press, not with the page.
        expect(scripts.filter((url) => url.includes('cite-dialog'))).toEqual([]);
        const cite = page.getByRole('button', { name: texts.cite, exact: true });
        await shot(page, `citations-${locale}-${size}-page`);
        await cite.click();
        const dialog = page.getByRole('dialog', { name: texts.title });
        await dialog.waitFor();
        expect(scripts.filter((url) => url.includes('cite-dialog'))).toHaveLength(1);

        const entry = dialog.getByRole('textbox');
        await expect.poll(() => entry.inputValue()).toMatch(/^@misc\{muller2099llm,/);
        const fields = parse(await entry.inputValue(), { english: false }).entries[0]?.fields;
        expect(fields?.title).toBe('LLM Agents & O(n²) Planning: 50% Fewer {Tokens} for $5');
        expect(fields?.author?.map((author) => author.lastName)).toEqual([
          'Müller',
          'Kaiser',
          '王伟',
          'علي',
          'Beethoven',
        ]);
        expect(await entry.evaluate((node) => getComputedStyle(node).direction)).toBe('ltr');
        expect(await axeFailures(page, `cite dialog (${locale}, ${size})`)).toEqual([]);

        // The keyboard never reaches the page behind: past the dialog's last control, Tab leaves for
        // the browser's own controls, as a modal <dialog> does, and comes back to the dialog.
        const places = [await focusPlace(page)];
        for (let i = 0; i < 8; i++) {
          await page.keyboard.press('Tab');
          places.push(await focusPlace(page));
        }
        expect(places[0]).toBe('dialog');
        expect(places).not.toContain('page');
        expect(places.at(-1)).toBe('dialog');

        await dialog.getByRole('button', { name: texts.copy, exact: true }).click();
        await page.getByText(texts.copied).waitFor();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await entry.inputValue());
        await shot(page, `citations-${locale}-${size}`);

        const download = page.waitForEvent('download');
        await dialog.getByRole('link', { name: /\.bib/ }).click();
        expect((await download).suggestedFilename()).toBe('muller2099llm.bib');

        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
        expect(await cite.evaluate((button) => button === document.activeElement)).toBe(true);

        await cite.click();
        await dialog.getByRole('button', { name: texts.close, exact: true }).click();
        await dialog.waitFor({ state: 'hidden' });
      });
    }
  }
});
