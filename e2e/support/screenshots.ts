import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';

/**
 * Pictures of the screens are for a person to look at (`E2E_SCREENSHOTS=1 npm run test:e2e` writes
 * them to test-results/); no test reads them, so a run without the variable takes none and spares
 * the time a full-page picture costs (up to a second each).
 */
const TAKES_SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  if (!TAKES_SCREENSHOTS) return;
  await mkdir('test-results', { recursive: true });
  await page.screenshot({ path: `test-results/${name}.png`, fullPage });
}
