import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArabicSummary } from '../common/papers.js';
import { makeSummary } from '../common/testing/summary.js';
import { connectDatabase, type DbHandle } from '../server/db/connect.js';
import { addPaper, addSummary } from '../server/test/papers.js';
import { ADMIN, createAdmin, signIn } from './support/accounts.js';
import { axeFailures } from './support/axe.js';
import { screenshot } from './support/screenshots.js';
import { type Site, startSite } from './support/site.js';

const direction = (element: Locator) => element.evaluate((node) => getComputedStyle(node).direction);

const ARXIV_ID = '2612.07777';
const SUMMARY = makeSummary({
  Paper_one_line: 'Agents rewrite their own tools after deployment.',
  Problem: 'Tool use does not improve once an agent is deployed.',
  Takeaway: 'Let agents repair the tools they call.',
  Results: ['Task success rises from 31% to 64% on ToolBench.', 'Repairs cost 12% more tokens.'],
  Critique: 'Evaluated on one benchmark only.',
  paper_category1: 'AI Agents',
  paper_category2: 'Tool Learning',
  generatedBy: 'llm',
});
const SUMMARY_AR: ArabicSummary = {
  Paper_one_line: 'يعيد الوكلاء كتابة أدواتهم بأنفسهم بعد النشر.',
  Problem: 'لا يتحسّن استخدام الأدوات بعد نشر الوكيل.',
  Takeaway: 'دع الوكلاء يصلحون الأدوات التي يستدعونها.',
  Results: ['يرتفع نجاح المهام من 31% إلى 64% على ToolBench.', 'تكلّف الإصلاحات 12% من الرموز أكثر.'],
  Critique: 'قُيّم على معيار واحد فقط.',
  terms: [],
};

/** A reader whose chosen language is Arabic: the cookie the server renders by, and the browser's copy. */
async function arabicReaderPage(site: Site, size: { width: number; height: number }): Promise<Page> {
  const page = await site.newPage(size);
  await page.context().addCookies([{ name: 'locale', value: 'ar', url: site.baseUrl }]);
  await page.addInitScript(() => localStorage.setItem('locale', 'ar'));
  return page;
}

describe('the Arabic summary and Arabic category names in Chromium', () => {
  let site: Site;
  let db: DbHandle;

  beforeAll(async () => {
    site = await startSite();
    db = connectDatabase({ databaseUrl: null, dataDir: site.dataDir });
    await addPaper(
      db,
      { arxiv_id: ARXIV_ID, submitted_date: '2099-04-01', title: 'Self-Repairing Tool Use for LLM Agents' },
      ['AI Agents', 'Tool Learning'],
    );
    await addSummary(db, ARXIV_ID, SUMMARY, { model: 'qwen-test', summaryAr: SUMMARY_AR });
    await createAdmin(site);
  });
  afterAll(async () => {
    await db?.close();
    await site?.close();
  });

  it('renders the summary in the language of the reader on the server', async () => {
    // The rendered page only: the page's state carries both versions, for the switch.
    const html = async (cookie?: string) => {
      const page = await (
        await fetch(`${site.baseUrl}/ai-digest/${ARXIV_ID}`, { headers: cookie ? { Cookie: cookie } : {} })
      ).text();
      return page.slice(page.indexOf('<div id="root">'), page.indexOf('id="ssr-state"'));
    };
    const arabic = await html('locale=ar');
    expect(arabic).toContain(SUMMARY_AR.Problem);
    expect(arabic).toContain('وكلاء الذكاء الاصطناعي');
    const english = await html();
    expect(english).toContain(SUMMARY.Problem);
    expect(english).not.toContain(SUMMARY_AR.Problem);
    expect(arabic).not.toContain(SUMMARY.Problem);
  });

  for (const [device, size] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 900 }],
  ] as const) {
    it(`shows a reader of Arabic the Arabic summary right to left, and the English by the switch, on a ${device}`, async () => {
      const page = await arabicReaderPage(site, size);
      await page.goto(`/ai-digest/${ARXIV_ID}`, { waitUntil: 'networkidle' });
      const oneLine = page.getByText(SUMMARY_AR.Paper_one_line);
      await oneLine.waitFor();
      expect(await direction(oneLine)).toBe('rtl');
      expect(await direction(page.getByText(SUMMARY_AR.Results[0] ?? ''))).toBe('rtl');
      expect(await page.getByText(SUMMARY.Problem).count()).toBe(0);
      // The list of categories follows its name, read before it.
      const chips = page.getByText('التصنيفات', { exact: true }).first().locator('xpath=following-sibling::ul');
      expect(await chips.getByRole('listitem').allInnerTexts()).toEqual(['وكلاء الذكاء الاصطناعي', 'Tool Learning']);
      expect(await axeFailures(page, `paper page ${device} ar`)).toEqual([]);
      await screenshot(page, `arabic-summary-${device}-ar`);

      await page.getByRole('button', { name: 'عرض الملخص بالإنجليزية' }).click();
      const englishLine = page.getByText(SUMMARY.Paper_one_line);
      await englishLine.waitFor();
      expect(await direction(englishLine)).toBe('ltr');
      expect(await page.getByText(SUMMARY_AR.Problem).count()).toBe(0);
      expect(await axeFailures(page, `paper page ${device} ar, English summary`)).toEqual([]);
      await screenshot(page, `arabic-summary-english-${device}-ar`);

      await page.getByRole('button', { name: 'عرض الملخص بالعربية' }).click();
      await oneLine.waitFor();
    });
  }

  it("lets an admin name a category in Arabic, which Arabic readers then see on the paper's chips and in the filter", async () => {
    const admin = await site.newPage({ width: 390, height: 844 });
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.evaluate(() => localStorage.setItem('locale', 'ar'));
    await admin.goto('/admin/categories', { waitUntil: 'networkidle' });
    await admin.getByRole('button', { name: 'تعديل الاسم العربي للتصنيف Tool Learning' }).click();
    const field = admin.getByRole('textbox', { name: 'الاسم العربي للتصنيف Tool Learning' });
    await field.fill('تعلّم استخدام الأدوات');
    expect(await axeFailures(admin, 'categories screen ar, editing')).toEqual([]);
    await screenshot(admin, 'arabic-category-name-phone-ar');
    await field.press('Enter');
    await admin.getByText('تم حفظ الاسم العربي للتصنيف "Tool Learning"').waitFor();

    const page = await arabicReaderPage(site, { width: 1280, height: 900 });
    await page.goto('/ai-digest', { waitUntil: 'networkidle' });
    const card = page.locator('main article').filter({ hasText: 'Self-Repairing Tool Use for LLM Agents' });
    expect(await card.getByRole('listitem').allInnerTexts()).toEqual([
      'وكلاء الذكاء الاصطناعي',
      'تعلّم استخدام الأدوات',
    ]);
    const filter = page.getByRole('combobox', { name: 'التصنيف' });
    await filter.selectOption({ label: 'تعلّم استخدام الأدوات' });
    await page.waitForURL(/category=Tool\+Learning|category=Tool%20Learning/);
    // The cards of the whole list stay until the filtered page has come.
    await page.locator('main article').nth(1).waitFor({ state: 'detached' });
    expect(await page.locator('main article').allInnerTexts()).toEqual([
      expect.stringContaining('Self-Repairing Tool Use for LLM Agents'),
    ]);
    await screenshot(page, 'arabic-category-filter-desktop-ar');
  });
});
