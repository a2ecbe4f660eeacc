import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * A test that runs axe on a row of screens: each run reads the whole page, some seconds of CPU, so on
 * a busy 2-core machine a row of eight passed the browser tests' usual 60 s.
 */
export const AXE_SCREENS_TIMEOUT_MS = 180_000;

/**
 * The serious and critical axe violations of what the page shows now, each named after `name`.
 * - Only violations are read, so axe lists every node of those alone and one node of what passed.
 * - The site's pages hold no frames, so axe runs in the page itself ("legacy mode"): by default it
 *   opens a blank page after each run to merge the frames' results, which doubles its time.
 */
export async function axeFailures(page: Page, name: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${name}: ${violation.id} [${violation.nodes.map((node) => node.target.join(' ')).join(', ')}]`,
    );
}
