import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DigestSubscription } from '../common/digest-subscription.js';
import { hashToken, randomToken } from '../server/modules/auth/tokens.js';
import { startSmtpServer, type TestSmtpServer } from '../server/test/smtp.js';
import { axeFailures } from './support/axe.js';
import { type Reader, signUpReader } from './support/readers.js';
import { screenshot } from './support/screenshots.js';
import { type Site, startSite } from './support/site.js';

/** A full-page picture taken from the top, so the sticky header sits where a reader sees it. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}
const PHONE = { width: 390, height: 844 };

describe('email digest in Chromium', () => {
  let site: Site;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    site = await startSite({ SMTP_URL: smtp.url }, ['--role=all']);
  });
  afterAll(async () => {
    await site?.close();
    await smtp?.close();
  });

  async function subscriptionOf(reader: Reader): Promise<DigestSubscription> {
    const response = await fetch(`${site.baseUrl}/api/digest-subscription`, { headers: { Cookie: reader.cookie } });
    return (await response.json()) as DigestSubscription;
  }

  /** The token of a digest mail's unsubscribe link, as the worker stores it when it sends the mail. */
  function mailedToken(reader: Reader): string {
    const token = randomToken();
    const database = new Database(path.join(site.dataDir, 'site.db'));
    database
      .prepare('INSERT INTO digest_unsubscribe_tokens (token_hash, user_id, created_at) VALUES (?, ?, ?)')
      .run(hashToken(token), reader.user.id, new Date().toISOString());
    database.close();
    return token;
  }

  async function chooseLocale(page: Page, locale: 'en' | 'ar') {
    await page.evaluate((value) => localStorage.setItem('locale', value), locale);
  }

  it('a reader follows categories on the account page from the avatar menu, in English and Arabic, by keyboard too', async () => {
    const reader = await signUpReader(site, smtp, 'Dana Digest', 'dana.digest@example.org');
    const page = await reader.newPage();
    await page.goto('/ai-digest');
    await page.getByRole('button', { name: 'Account menu of Dana Digest' }).click();
    await page.getByRole('menuitem', { name: 'Email digest' }).click();
    await page.waitForURL('**/account#email-digest');
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Email digest' }).waitFor();
    await page.getByText('You are not subscribed.', { exact: false }).waitFor();
    const { availableCategories } = await subscriptionOf(reader);
    const [first = '', second = ''] = availableCategories.map((category) => category.name);
    expect(availableCategories.length).toBeGreaterThan(8);

    const filter = page.getByRole('searchbox', { name: 'Filter categories' });
    await filter.fill(first);
    await filter.press('Tab');
    await page.keyboard.press('Space');
    expect(await page.getByRole('checkbox', { name: first, exact: true }).isChecked()).toBe(true);
    await filter.fill('');
    await page.getByRole('checkbox', { name: second, exact: true }).check();
    await page.getByRole('radio', { name: 'Daily' }).check();
    const failures = await axeFailures(page, '/account (en)');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your digest settings are saved.').waitFor();
    await page.getByText('You are subscribed: Daily, in English.').waitFor();
    await shot(page, 'digest-account-desktop-en');
    expect((await subscriptionOf(reader)).subscription).toEqual({
      categories: [first, second].sort(),
      frequency: 'daily',
      language: 'en',
    });

    const phone = await reader.newPage(PHONE);
    await phone.goto('/account');
    expect(await phone.getByRole('checkbox', { name: second, exact: true }).isChecked()).toBe(true);
    await shot(phone, 'digest-account-phone-en');

    await chooseLocale(page, 'ar');
    await page.goto('/account');
    await page.getByRole('heading', { level: 2, name: 'الملخص البريدي' }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.getByRole('radio', { name: 'العربية' }).check();
    failures.push(...(await axeFailures(page, '/account (ar)')));
    await page.getByRole('button', { name: 'حفظ' }).click();
    await page.getByText('حُفظت إعدادات الملخص.').waitFor();
    expect((await subscriptionOf(reader)).subscription?.language).toBe('ar');
    await shot(page, 'digest-account-desktop-ar');
    await chooseLocale(phone, 'ar');
    await phone.goto('/account');
    await phone.getByRole('heading', { level: 2, name: 'الملخص البريدي' }).waitFor();
    await shot(phone, 'digest-account-phone-ar');
    expect(failures).toEqual([]);
  });

  it('the unsubscribe link of a mail works without signing in, on the button and not on opening, in English and Arabic', async () => {
    const reader = await signUpReader(site, smtp, 'Uma Unsub', 'uma.unsub@example.org');
    const categories = (await subscriptionOf(reader)).availableCategories.slice(0, 1).map((category) => category.name);
    const subscribe = () =>
      fetch(`${site.baseUrl}/api/digest-subscription`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Cookie: reader.cookie },
        body: JSON.stringify({ categories }),
      });
    const failures: string[] = [];
    for (const [locale, size, button, done] of [
      ['en', {}, 'Unsubscribe', 'You are unsubscribed. No more digest mails will be sent to you.'],
      ['ar', PHONE, 'إلغاء الاشتراك', 'أُلغي اشتراكك. لن تصلك رسائل الملخص بعد الآن.'],
    ] as const) {
      expect((await subscribe()).status).toBe(200);
      const token = mailedToken(reader);
      // Pressing the button of a used link again is refused: the browser and the page log the 404.
      const page = await site.newPage({ ...size, allowedErrors: [/status of 404/, /Unsubscribing failed/] });
      await page.goto('/');
      await chooseLocale(page, locale);
      await page.goto(`/unsubscribe?token=${token}`);
      const press = page.getByRole('button', { name: button, exact: true });
      await press.waitFor();
      expect((await subscriptionOf(reader)).subscription).not.toBeNull();
      failures.push(...(await axeFailures(page, `/unsubscribe (${locale})`)));
      await shot(page, `digest-unsubscribe-${locale}`);
      await press.click();
      await page.getByText(done).waitFor();
      expect((await subscriptionOf(reader)).subscription).toBeNull();
      await shot(page, `digest-unsubscribed-${locale}`);

      await page.reload();
      await page.getByRole('button', { name: button, exact: true }).click();
      await page.getByRole('alert').waitFor();
      expect(await page.getByRole('button', { name: button, exact: true }).count()).toBe(0);
    }
    expect(failures).toEqual([]);
  });
});
