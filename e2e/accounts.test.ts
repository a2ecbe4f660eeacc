import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../server/test/smtp.js';
import { ADMIN, createAdmin, signIn, verifyElsewhere } from './support/accounts.js';
import { AXE_SCREENS_TIMEOUT_MS, axeFailures } from './support/axe.js';
import { screenshot } from './support/screenshots.js';
import { type Site, startSite } from './support/site.js';

const PASSWORD = 'correct horse battery';

/** Signs up through the API, as another visitor would, leaving the account unverified. */
async function signUpByApi(site: Site, name: string, email: string) {
  const response = await fetch(`${site.baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, email, password: PASSWORD, locale: 'en' }),
  });
  expect(response.status).toBe(201);
}

async function chooseArabic(page: Page) {
  await page.evaluate(() => localStorage.setItem('locale', 'ar'));
  await page.reload();
}

describe('accounts in Chromium', () => {
  let site: Site;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    site = await startSite({ SMTP_URL: smtp.url, MAIL_FROM: 'Digest <digest@example.org>' });
    await createAdmin(site);
  });
  afterAll(async () => {
    await site?.close();
    await smtp?.close();
  });

  it('signs up, verifies from the mail, lands signed in, and logs out after confirming', async () => {
    const email = 'alice.liddell@example.org';
    const page = await site.newPage();
    await page.goto('/ai-digest');
    await page.getByRole('link', { name: 'Register' }).click();
    await page.waitForURL('**/authenticate?register');
    const panel = page.getByRole('tabpanel', { name: 'Sign Up' });
    await panel.getByLabel('Full Name').fill('Alice Liddell');
    await panel.getByLabel('Email').fill(email);
    await panel.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await panel.getByLabel('Confirm Password').fill(PASSWORD);
    await panel.getByRole('button', { name: 'Sign Up' }).click();

    await page.waitForURL('**/check-email');
    await page.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor();
    expect(await page.getByText(/We sent a verification link to/).textContent()).toContain(email);
    await screenshot(page, 'accounts-check-email-desktop-en');

    const link = linkIn(await smtp.nextMailTo(email));
    expect(link.origin).toBe(site.baseUrl);
    expect(link.pathname).toBe('/verify-email');
    await page.goto(link.href);
    await page.getByText('Email verified successfully! Redirecting...').waitFor();
    await page.waitForURL('**/ai-digest');
    const avatar = page.getByRole('button', { name: 'Account menu of Alice Liddell' });
    await avatar.waitFor();
    expect((await avatar.textContent())?.trim()).toBe('AL');
    expect(await page.getByRole('link', { name: 'Sign in' }).count()).toBe(0);

    // A second tab of the same browser follows the first one's logout.
    const otherTab = await page.context().newPage();
    await otherTab.goto('/ai-digest');
    await otherTab.getByRole('button', { name: 'Account menu of Alice Liddell' }).waitFor();

    await avatar.click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await menu.textContent()).toContain(email);
    expect(await menu.getByRole('menuitem', { name: 'Admin Panel' }).count()).toBe(0);
    expect(await menu.getByRole('menuitem', { name: 'My Bookmarks' }).getAttribute('href')).toBe('/bookmarks');
    await screenshot(page, 'accounts-menu-desktop-en');
    await menu.getByRole('menuitem', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log out?' });
    await dialog.waitFor();
    await screenshot(page, 'accounts-logout-dialog-desktop-en');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await avatar.waitFor();
    expect((await page.request.get('/api/auth/check')).status()).toBe(200);

    await avatar.click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await dialog.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    expect(await (await page.request.get('/api/auth/check')).json()).toEqual({ user: null });
    await otherTab.getByRole('link', { name: 'Sign in' }).waitFor();
  });

  it('sends a visitor from /bookmarks and /admin to sign in and back, and tells a non-admin /admin is closed', async () => {
    const email = 'bob.member@example.org';
    const CHOSEN_PASSWORD = 'bob chose this one';
    await signUpByApi(site, 'Bob Member', email);
    // The sign-in with a wrong password is refused with 401 on purpose, and the browser logs it.
    const page = await site.newPage({ width: 375, height: 800, allowedErrors: [/status of 401/] });
    // A browser other than the one that signed up: the sign-up's password might be a stranger's, so
    // the link asks for a new one, which replaces it, and sends the reader to sign in.
    await verifyElsewhere(page, linkIn(await smtp.nextMailTo(email)).href, CHOSEN_PASSWORD);
    expect(await (await page.request.get('/api/auth/check')).json()).toEqual({ user: null });
    const refused = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
    expect(refused.status()).toBe(401);
    await signIn(page, email, CHOSEN_PASSWORD);
    await page.getByRole('button', { name: 'Account menu of Bob Member' }).waitFor();

    for (const path of ['/admin', '/admin/users']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: 'Not allowed' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
    }

    await page.context().clearCookies();
    await page.goto('/admin/users');
    await page.waitForURL('**/authenticate');
    await page.goto('/bookmarks');
    await page.waitForURL('**/authenticate');
    const panel = page.getByRole('tabpanel', { name: 'Sign In' });
    await panel.getByLabel('Email').fill(email);
    await panel.getByLabel('Password', { exact: true }).fill('not the password');
    await panel.getByRole('button', { name: 'Sign In' }).click();
    expect(await panel.getByRole('alert').textContent()).toBe('Invalid email or password.');
    await screenshot(page, 'accounts-sign-in-error-phone-en');
    await panel.getByLabel('Password', { exact: true }).fill(CHOSEN_PASSWORD);
    await panel.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/bookmarks');
    await page.getByRole('heading', { level: 1, name: 'My Bookmarks' }).waitFor();
  });

  it('lets an admin verify a user from Manage Users', async () => {
    await signUpByApi(site, 'Carol Newcomer', 'carol.newcomer@example.org');
    const page = await site.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('button', { name: `Account menu of ${ADMIN.name}` }).click();
    await page.getByRole('menuitem', { name: 'Admin Panel' }).click();
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    await screenshot(page, 'accounts-admin-dashboard-desktop-en');

    await page.getByRole('link', { name: /Manage Users/ }).click();
    await page.waitForURL('**/admin/users');
    await page.getByRole('heading', { level: 1, name: 'Manage Users' }).waitFor();
    await page.getByLabel('Filter by Status').selectOption('unverified');
    const row = page.getByRole('row', { name: /Carol Newcomer/ });
    await row.getByText('Unverified', { exact: true }).waitFor();
    expect(await page.getByRole('row', { name: /Ada Admin/ }).count()).toBe(0);
    await page.getByLabel('Filter by Status').selectOption('all');
    await page.getByRole('row', { name: /Ada Admin/ }).waitFor();
    await screenshot(page, 'accounts-manage-users-desktop-en');

    await row.getByRole('button', { name: 'View details of Carol Newcomer' }).click();
    const details = page.getByRole('dialog', { name: 'User Details' });
    await details.waitFor();
    expect(await details.textContent()).toContain('carol.newcomer@example.org');
    await details.getByRole('button', { name: 'Verify User' }).click();
    await details.getByRole('button', { name: 'Unverify User' }).waitFor();
    await details.getByText('Verified', { exact: true }).waitFor();
    await screenshot(page, 'accounts-user-details-desktop-en');
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });
    await row.getByText('Verified', { exact: true }).waitFor();

    // The server agrees: Carol can sign in now.
    const login = await fetch(`${site.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'carol.newcomer@example.org', password: PASSWORD }),
    });
    expect(login.status).toBe(200);
  });

  it.each(['en', 'ar'] as const)(
    'has no serious or critical axe violations on the account screens in %s',
    async (locale) => {
      const failures: string[] = [];
      const visitor = await site.newPage();
      await visitor.addInitScript((value) => localStorage.setItem('locale', value), locale);
      for (const path of [
        '/authenticate',
        '/authenticate?register',
        '/check-email',
        '/forgot-password',
        '/reset-password?token=x',
        '/verify-email',
      ]) {
        await visitor.goto(path, { waitUntil: 'networkidle' });
        await visitor.getByRole('heading', { level: 1 }).waitFor();
        failures.push(...(await axeFailures(visitor, path)));
      }

      const admin = await site.newPage();
      await signIn(admin, ADMIN.email, ADMIN.password);
      await admin.evaluate((value) => localStorage.setItem('locale', value), locale);
      for (const path of ['/admin', '/admin/users']) {
        await admin.goto(path, { waitUntil: 'networkidle' });
        await admin.getByRole('heading', { level: 1 }).waitFor();
        failures.push(...(await axeFailures(admin, path)));
      }
      await admin.getByRole('row').nth(1).getByRole('button').click();
      await admin.getByRole('dialog').waitFor();
      failures.push(...(await axeFailures(admin, 'user details')));
      await admin.keyboard.press('Escape');
      const menuName = locale === 'ar' ? `قائمة حساب ${ADMIN.name}` : `Account menu of ${ADMIN.name}`;
      await admin.getByRole('button', { name: menuName }).click();
      await admin.getByRole('menu').waitFor();
      failures.push(...(await axeFailures(admin, 'account menu')));
      expect(failures).toEqual([]);
    },
    AXE_SCREENS_TIMEOUT_MS,
  );

  it('renders the account screens on phones and in Arabic, right to left', async () => {
    const phone = await site.newPage({ width: 375, height: 800 });
    await phone.goto('/authenticate');
    await phone.getByRole('heading', { level: 1, name: /^Welcome to / }).waitFor();
    await screenshot(phone, 'accounts-sign-in-phone-en');
    await phone.getByRole('tab', { name: 'Sign Up' }).click();
    await phone.getByLabel('Confirm Password').waitFor();
    await screenshot(phone, 'accounts-sign-up-phone-en');
    await phone.goto('/forgot-password');
    await phone.getByRole('button', { name: 'Send Reset Link' }).waitFor();
    await screenshot(phone, 'accounts-forgot-password-phone-en');
    await phone.goto('/reset-password');
    await phone.getByText('Invalid reset link.').waitFor();

    await chooseArabic(phone);
    await phone.goto('/authenticate?register');
    await phone.getByRole('tab', { name: 'إنشاء حساب', selected: true }).waitFor();
    expect(await phone.locator('html').getAttribute('dir')).toBe('rtl');
    await screenshot(phone, 'accounts-sign-up-phone-ar');
    await phone.goto('/verify-email');
    await phone.getByText('رمز التأكيد مفقود.').waitFor();

    const desktop = await site.newPage();
    await signIn(desktop, ADMIN.email, ADMIN.password);
    await chooseArabic(desktop);
    await desktop.goto('/admin');
    await desktop.getByRole('heading', { level: 1, name: 'لوحة تحكم المسؤول' }).waitFor();
    await screenshot(desktop, 'accounts-admin-dashboard-desktop-ar');
    await desktop.goto('/admin/users');
    await desktop.getByRole('heading', { level: 1, name: 'إدارة المستخدمين' }).waitFor();
    await desktop.getByRole('row', { name: /Ada Admin/ }).waitFor();
    await screenshot(desktop, 'accounts-manage-users-desktop-ar');
    await desktop.getByRole('button', { name: `قائمة حساب ${ADMIN.name}` }).click();
    await desktop.getByRole('menuitem', { name: 'لوحة التحكم' }).waitFor();
    await screenshot(desktop, 'accounts-menu-desktop-ar');

    await desktop.keyboard.press('Escape');
    await desktop.goto('/authenticate');
    await desktop.getByRole('tab', { name: 'تسجيل الدخول', selected: true }).waitFor();
    await screenshot(desktop, 'accounts-sign-in-desktop-ar');

    const visitor = await site.newPage();
    await visitor.goto('/authenticate');
    await visitor.getByRole('tab', { name: 'Sign In', selected: true }).waitFor();
    await screenshot(visitor, 'accounts-sign-in-desktop-en');

    // Phones get the users as stacked cards.
    const adminPhone = await site.newPage({ width: 375, height: 800 });
    await signIn(adminPhone, ADMIN.email, ADMIN.password);
    await adminPhone.goto('/admin');
    await adminPhone.getByRole('link', { name: /Manage Users/ }).waitFor();
    await screenshot(adminPhone, 'accounts-admin-dashboard-phone-en');
    await adminPhone.goto('/admin/users');
    const cards = adminPhone.getByRole('list', { name: 'Users' });
    await cards.getByRole('heading', { name: 'Ada Admin' }).waitFor();
    expect(await adminPhone.getByRole('table').count()).toBe(0);
    await screenshot(adminPhone, 'accounts-manage-users-phone-en');
    await cards.getByRole('button', { name: 'View details of Ada Admin' }).click();
    await adminPhone.getByRole('dialog', { name: 'User Details' }).waitFor();
    await screenshot(adminPhone, 'accounts-user-details-phone-en');
    await adminPhone.keyboard.press('Escape');

    await chooseArabic(adminPhone);
    await adminPhone.getByRole('heading', { level: 1, name: 'إدارة المستخدمين' }).waitFor();
    await adminPhone.getByRole('heading', { name: 'Ada Admin' }).waitFor();
    await screenshot(adminPhone, 'accounts-manage-users-phone-ar');
    await adminPhone.getByRole('button', { name: `قائمة حساب ${ADMIN.name}` }).click();
    await adminPhone.getByRole('menuitem', { name: 'تسجيل الخروج' }).click();
    await adminPhone.getByRole('dialog', { name: 'تسجيل الخروج؟' }).waitFor();
    await screenshot(adminPhone, 'accounts-logout-dialog-phone-ar');
  });
});
