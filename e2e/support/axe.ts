import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The serious and critical axe violations of what the page shows now, each named after `name`. */
export async function axeFailures(page: Page, name: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${name}: ${violation.id} [${violation.nodes.map((node) => node.target.join(' ')).join(', ')}]`,
    );
}
