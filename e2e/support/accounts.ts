import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { builtFile } from '../../server/test/built-server.js';
import type { Site } from './site.js';

const run = promisify(execFile);

export const ADMIN = { name: 'Ada Admin', email: 'ada.admin@example.org', password: 'admin password 1' };

/** `npm run admin -- create-admin`, against the running site's database, from the build the site runs. */
export async function createAdmin(site: Site, admin = ADMIN): Promise<void> {
  await run(
    process.execPath,
    [
      builtFile('server/cli/admin.ts'),
      'create-admin',
      '--email',
      admin.email,
      '--name',
      admin.name,
      '--password',
      admin.password,
    ],
    { env: { ...process.env, DATA_DIR: site.dataDir } },
  );
}

/**
 * Follows a verification link in a browser that did not sign up: the page asks for a new password,
 * which verifies the account and replaces the sign-up's, then moves on to sign-in.
 */
export async function verifyElsewhere(page: Page, link: string, password: string): Promise<void> {
  await page.goto(link);
  await page.getByLabel('New Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm New Password').fill(password);
  await page.getByRole('button', { name: 'Verify and set password' }).click();
  await page.getByText('Email verified and password set! Please sign in. Redirecting...').waitFor();
  await page.waitForURL('**/authenticate');
}

/** Signs in on /authenticate and waits for the digest it leads to. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/authenticate');
  const panel = page.getByRole('tabpanel', { name: 'Sign In' });
  await panel.getByLabel('Email').fill(email);
  await panel.getByLabel('Password', { exact: true }).fill(password);
  await panel.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/ai-digest');
}
