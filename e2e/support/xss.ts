import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** A reader's name that is HTML, to be shown as text. */
export const HTML_NAME = '<img src=x onerror=alert(1)>';

/** What a payload runs, if it ever runs: it sets window.xssMarker and opens a dialog. */
const mark = (how: string) => `window.xssMarker='${how}';alert('${how}')`;

/**
 * Stored XSS attempts in comment HTML: a script, an event handler, javascript: and data: links, SVG
 * with a handler and a script, CSS expressions. Each leaves the text 'payload N'.
 */
export const XSS_PAYLOADS = [
  `<p>payload 1<script>${mark('script')}</script></p>`,
  `<p>payload 2<img src=x onerror="${mark('img')}"></p>`,
  `<p><a href="javascript:${mark('link')}">payload 3</a></p>`,
  `<p>payload 4</p><svg onload="${mark('svg')}"><script>${mark('svg script')}</script></svg>`,
  `<p style="color:expression(${mark('css')});background:url(javascript:${mark('css url')})">payload 5</p>`,
  `<p><a href="data:text/html,<script>${mark('data')}</script>">payload 6</a></p>`,
];

/** The messages of the dialogs the page opens from now on (each dismissed). */
export function recordDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

/**
 * Nothing of the payloads is left in the comments that could run (no script, SVG, frame, handler
 * attribute or link of another scheme), and nothing ran: window.xssMarker is unset.
 */
export async function expectHarmless(page: Page, comments: Locator) {
  await page.waitForLoadState('networkidle');
  const texts = comments.locator('ol > li > div[dir="auto"]');
  expect(await texts.count()).toBeGreaterThan(0);
  expect(await texts.locator('script, svg, iframe, img[src="x"]').count()).toBe(0);
  const withHandlers = await page.evaluate(
    () =>
      [...document.querySelectorAll('*')].filter((element) =>
        [...element.attributes].some((attribute) => attribute.name.startsWith('on')),
      ).length,
  );
  expect(withHandlers).toBe(0);
  const hrefs = await texts.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs.filter((href) => href !== null && !/^(https?:|about:blank$)/.test(href))).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { xssMarker?: string }).xssMarker)).toBeUndefined();
}
