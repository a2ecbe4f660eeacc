import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicSiteConfig } from '../common/ssr.js';
import { screenshot } from './support/screenshots.js';
import { type Site, startSite } from './support/site.js';

const FEATURES_EN = [
  'Hybrid AI',
  'Ease of Use',
  'Modularity and Extensibility',
  'Deployment Options',
  'Self-Learning Agents',
  'Observability and Evaluation',
];

function siteConfigOf(page: Page): Promise<PublicSiteConfig> {
  return page.evaluate(() => JSON.parse(document.getElementById('app-config')?.textContent ?? '{}'));
}

/** Opens a page in a language, as a returning reader whose choice is stored. */
async function openIn(page: Page, locale: 'en' | 'ar', path: string): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('locale', value), locale);
  await page.goto(path);
}

/** Records when the mission section's fade starts, in ms since the navigation started. */
async function recordMissionReveal(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('animationstart', (event) => {
      if (event.animationName === 'mission-reveal') Object.assign(window, { revealedAt: performance.now() });
    });
  });
}

const MISSION = '[aria-labelledby="mission-title"] > div';

/** Waits until the mission section's fade has ended: shown in full. */
async function missionShown(page: Page): Promise<void> {
  await page.waitForFunction((selector) => {
    const element = document.querySelector(selector);
    return element !== null && getComputedStyle(element).opacity === '1';
  }, MISSION);
}

/** The mission section is shown in full, its fade having started no sooner than 800 ms after load. */
async function expectMissionFadedIn(page: Page): Promise<void> {
  await missionShown(page);
  expect(await page.locator(MISSION).isVisible()).toBe(true);
  const revealedAt = await page.evaluate(() => Number(Reflect.get(window, 'revealedAt') ?? 0));
  expect(revealedAt).toBeGreaterThanOrEqual(800);
}

/** The section heading's distance from the top of the viewport. */
function headingTop(page: Page, id: string): Promise<number> {
  return page.evaluate((sectionId) => document.getElementById(sectionId)?.getBoundingClientRect().top ?? -1, id);
}

describe('marketing pages in Chromium', () => {
  let site: Site;
  const analyticsRequests: string[] = [];

  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await site?.close();
  });

  /** A page that remembers every request to the analytics host: without a tag id there must be none. */
  async function newPage(size?: { width: number; height: number }): Promise<Page> {
    const page = await site.newPage(size);
    page.on('request', (request) => {
      if (request.url().includes('googletagmanager.com') || request.url().includes('google-analytics.com')) {
        analyticsRequests.push(request.url());
      }
    });
    return page;
  }

  it('home in English on a desktop: banner, top bar, hero, mission after its fade, six features, community, footer', async () => {
    const page = await newPage();
    await recordMissionReveal(page);
    await page.goto('/');
    const config = await siteConfigOf(page);
    await page.getByRole('heading', { level: 1, name: 'Build, train and evolve agentic AI systems' }).waitFor();
    expect(await page.title()).toBe(config.siteName);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('open-source framework');
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr');

    const banner = page.getByRole('complementary', { name: 'Community announcement' });
    const bannerLink = banner.getByRole('link', { name: new RegExp(config.bannerText) });
    expect(await bannerLink.getAttribute('href')).toBe(config.bannerUrl);

    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Blog' }).getAttribute('href')).toBe('/blogs');
    expect(await nav.getByRole('link', { name: 'AI Research Digest' }).getAttribute('href')).toBe('/ai-digest');
    expect(await nav.getByRole('link', { name: 'Docs' }).getAttribute('href')).toBe('/documentation');
    const source = nav.getByRole('link', { name: /GitHub/ });
    expect(await source.getAttribute('href')).toBe(config.repositoryUrl);
    expect(await source.getAttribute('target')).toBe('_blank');
    expect(await nav.getByRole('link', { name: 'Contribute' }).getAttribute('href')).toMatch(
      new RegExp(`^mailto:${config.contactEmail.replace('.', '\\.')}\\?subject=`),
    );
    await page.getByRole('button', { name: /Change language/ }).waitFor();

    const hero = page.getByRole('region', { name: 'Build, train and evolve agentic AI systems' });
    expect(await hero.getByRole('link', { name: /Get started/ }).getAttribute('href')).toBe('/documentation');
    expect(await hero.getByRole('link', { name: /View on GitHub/ }).getAttribute('href')).toBe(config.repositoryUrl);
    expect(await hero.getByRole('link', { name: /Explore the AI Research Digest/ }).getAttribute('href')).toBe(
      '/ai-digest',
    );

    await expectMissionFadedIn(page);
    const features = page.getByRole('region', { name: 'Designed for agents that do real work' });
    expect(await features.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(FEATURES_EN);

    const community = page.getByRole('region', { name: 'Join the community' });
    expect(await community.getByRole('link', { name: /Join Discord/ }).getAttribute('href')).toBe(config.discordUrl);
    expect(await community.getByRole('link', { name: /View GitHub/ }).getAttribute('href')).toBe(config.repositoryUrl);

    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: 'Documentation' }).getAttribute('href')).toBe('/documentation');
    expect(await footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy');
    expect(await footer.getByRole('link', { name: /Source code/ }).getAttribute('href')).toBe(config.repositoryUrl);
    expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()} ${config.siteName}`);
    await screenshot(page, 'marketing-home-desktop-en');

    // Keyboard: the first Tab reaches the skip link, which leads to the main landmark.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    await hero.getByRole('link', { name: /Get started/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Introduction' }).waitFor();
  });

  it('home in Arabic on a phone: right to left, Arabic hero, six features, mission after its fade, compact menu', async () => {
    const page = await newPage({ width: 375, height: 800 });
    await recordMissionReveal(page);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The switcher opens, and closes on a click outside it without changing anything.
    await page.getByRole('button', { name: /Change language/ }).click();
    await page.getByRole('menuitemradio', { name: 'العربية' }).waitFor();
    await page.getByRole('heading', { level: 1 }).click();
    await page.getByRole('menuitemradio').first().waitFor({ state: 'detached' });
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.getByRole('button', { name: /Change language/ }).click();
    await page.getByRole('menuitemradio', { name: 'العربية' }).click();
    await page.getByRole('heading', { level: 1, name: 'ابنِ أنظمة الذكاء الاصطناعي الوكيلة ودرّبها وطوّرها' }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.locator('html').getAttribute('lang')).toBe('ar');
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('ar');

    const features = page.getByRole('region', { name: 'مصمَّم لوكلاء ينجزون عملًا حقيقيًا' });
    const titles = await features.getByRole('heading', { level: 3 }).allInnerTexts();
    expect(titles).toHaveLength(6);
    expect(titles.slice(0, 4)).toEqual([
      'الذكاء الاصطناعي الهجين',
      'سهولة الاستخدام',
      'النمطية وقابلية التوسعة',
      'خيارات النشر',
    ]);
    await expectMissionFadedIn(page);

    // Nothing overflows the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The navigation sits behind a menu button; it opens, lists the links and closes with Escape.
    const menu = page.getByRole('button', { name: 'القائمة' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    // The Menu button lines up with the brand above it: their start edges, the right ones in Arabic.
    const brandBox = await page.getByRole('banner').getByRole('link').first().boundingBox();
    const menuBox = await menu.boundingBox();
    expect(Math.round((menuBox?.x ?? 0) + (menuBox?.width ?? 0))).toBe(
      Math.round((brandBox?.x ?? 0) + (brandBox?.width ?? 0)),
    );
    expect(await page.getByRole('link', { name: 'المدونة' }).isVisible()).toBe(false);
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    const blog = page.getByRole('link', { name: 'المدونة' });
    expect(await blog.getAttribute('href')).toBe('/ar/blogs');
    expect(await page.getByRole('link', { name: 'ساهم معنا' }).isVisible()).toBe(true);
    await screenshot(page, 'marketing-home-phone-ar-menu');
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('القائمة');
    await page.mouse.click(10, 10);
    await screenshot(page, 'marketing-home-phone-ar');
  });

  it('home in English on a phone and in Arabic on a desktop', async () => {
    const phone = await newPage({ width: 375, height: 800 });
    await openIn(phone, 'en', '/');
    await phone.getByRole('heading', { level: 1, name: 'Build, train and evolve agentic AI systems' }).waitFor();
    await missionShown(phone);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(phone, 'marketing-home-phone-en');

    const desktop = await newPage();
    await openIn(desktop, 'ar', '/');
    await desktop
      .getByRole('heading', { level: 1, name: 'ابنِ أنظمة الذكاء الاصطناعي الوكيلة ودرّبها وطوّرها' })
      .waitFor();
    await missionShown(desktop);
    await screenshot(desktop, 'marketing-home-desktop-ar');
  });

  it('privacy policy: the contents list scrolls to its sections, and scroll-spy marks the current one', async () => {
    const page = await newPage();
    await page.goto('/privacy-policy');
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    expect(await page.title()).toMatch(/^Privacy Policy \| /);
    await page.getByText('Last updated March 16, 2025').waitFor();
    const headings = await page.locator('article h2').allInnerTexts();
    expect(headings.map((text) => text.replace(/^\d+\.\s*/, ''))).toEqual([
      'Introduction',
      'Information we collect',
      'How we use your information',
      'How we share information',
      'Cookies and local storage',
      'Your rights',
      'Data security',
      'Children under 16',
      'Changes to this policy',
      'Contact us',
    ]);
    const contents = page.getByRole('navigation', { name: 'Contents' });
    const current = async () => (await contents.locator('a[aria-current="location"]').textContent()) ?? '';
    expect(await current()).toMatch(/Introduction/);

    await contents.getByRole('link', { name: /Cookies and local storage/ }).click();
    await page.waitForFunction(() => window.location.hash === '#cookies');
    await page.waitForFunction(() => {
      const top = document.getElementById('cookies')?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top < 140;
    });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('cookies-title');
    expect(await current()).toMatch(/Cookies and local storage/);
    await screenshot(page, 'marketing-privacy-desktop-en');

    // Reading on by hand: the section at the reading line becomes the current one.
    await page.mouse.move(700, 500);
    await page.mouse.wheel(0, 40);
    await page.evaluate(() => {
      const section = document.getElementById('data-security');
      if (section) window.scrollTo(0, window.scrollY + section.getBoundingClientRect().top - 120);
    });
    await page.waitForFunction(() =>
      document.querySelector('nav a[aria-current="location"]')?.textContent?.includes('Data security'),
    );
    expect(await headingTop(page, 'data-security')).toBeLessThan(200);

    // At the end of the page, the last section is the current one even though it is short.
    await page.keyboard.press('End');
    await page.waitForFunction(() =>
      document.querySelector('nav a[aria-current="location"]')?.textContent?.includes('Contact us'),
    );
    const config = await siteConfigOf(page);
    expect(await page.getByRole('link', { name: config.contactEmail }).getAttribute('href')).toBe(
      `mailto:${config.contactEmail}`,
    );

    // A deep link opens at its section.
    await page.goto('/privacy-policy#children');
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    await page.waitForFunction(() =>
      document.querySelector('nav a[aria-current="location"]')?.textContent?.includes('Children under 16'),
    );
  });

  it('privacy policy in Arabic on a phone: a contents list that opens, and sections in right-to-left order', async () => {
    const page = await newPage({ width: 375, height: 800 });
    await openIn(page, 'ar', '/privacy-policy');
    await page.getByRole('heading', { level: 1, name: 'سياسة الخصوصية' }).waitFor();
    await page.getByText('آخر تحديث: 16 مارس 2025').waitFor();
    const toggle = page.getByRole('button', { name: /المحتويات/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await screenshot(page, 'marketing-privacy-phone-ar');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('link', { name: /حقوقك/ }).click();
    await page.waitForFunction(() => window.location.hash === '#user-rights');
    await page.waitForFunction(() => {
      const top = document.getElementById('user-rights')?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top < 60;
    });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('user-rights-title');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const desktop = await newPage();
    await openIn(desktop, 'ar', '/privacy-policy');
    await desktop.getByRole('heading', { level: 1, name: 'سياسة الخصوصية' }).waitFor();
    // The contents column is on the right in Arabic.
    const box = await desktop.getByRole('navigation', { name: 'المحتويات' }).boundingBox();
    expect(box?.x ?? 0).toBeGreaterThan(640);
    await screenshot(desktop, 'marketing-privacy-desktop-ar');
  });

  it('documentation: groups collapse, a page opens from the sidebar, deep links and anchors work', async () => {
    const page = await newPage();
    await page.goto('/documentation');
    await page.getByRole('heading', { level: 1, name: 'Introduction' }).waitFor();
    expect(await page.title()).toMatch(/^Introduction – Documentation \| /);
    const sidebar = page.getByRole('navigation', { name: 'Documentation pages' });
    const groupButtons = sidebar.getByRole('button', { expanded: true });
    expect(await groupButtons.allInnerTexts()).toEqual(['Getting Started', 'AI Research Digest API', 'Concepts']);

    const concepts = sidebar.getByRole('button', { name: 'Concepts' });
    await concepts.click();
    expect(await concepts.getAttribute('aria-expanded')).toBe('false');
    expect(await sidebar.getByRole('link', { name: 'Agents and tools' }).isVisible()).toBe(false);
    await concepts.click();
    expect(await concepts.getAttribute('aria-expanded')).toBe('true');
    expect(await sidebar.getByRole('link', { name: 'Agents and tools' }).isVisible()).toBe(true);

    await sidebar.getByRole('link', { name: 'Installation' }).click();
    await page.getByRole('heading', { level: 1, name: 'Installation' }).waitFor();
    expect(new URL(page.url()).search).toBe('?page=installation');
    expect(await sidebar.getByRole('link', { name: 'Installation' }).getAttribute('aria-current')).toBe('page');
    const codeBackground = await page
      .locator('.doc-code')
      .first()
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(codeBackground).not.toBe('rgba(0, 0, 0, 0)');

    // A heading is a link to its own section.
    await page.getByRole('link', { name: 'Requirements', exact: true }).click();
    await page.waitForFunction(() => window.location.hash === '#requirements');
    // The address changes first; the section takes the focus once the page has rendered it.
    await page.waitForFunction(() => document.activeElement?.id === 'requirements');
    await screenshot(page, 'marketing-docs-desktop-en');

    // A deep link to a section of another page.
    await page.goto('/documentation?page=errors-and-limits#error-codes');
    await page.getByRole('heading', { level: 1, name: 'Errors and limits' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'error-codes');
    await page.waitForFunction(() => {
      const top = document.getElementById('error-codes')?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top < 150;
    });
    await page.waitForTimeout(1000);
    expect(await headingTop(page, 'error-codes')).toBeLessThan(150);
    expect(await page.locator('.doc-table table').count()).toBeGreaterThan(0);

    // The pager moves to the next page of the list.
    await page.getByRole('navigation', { name: 'Previous and next pages' }).getByRole('link', { name: /Next/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Agents and tools' }).waitFor();

    await page.goto('/documentation?page=no-such-page');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
  });

  it('documentation in Arabic on a phone: the sidebar opens from a button and pages are in Arabic', async () => {
    const page = await newPage({ width: 375, height: 800 });
    await openIn(page, 'ar', '/documentation');
    await page.getByRole('heading', { level: 1, name: 'مقدمة' }).waitFor();
    expect(await page.locator('article').getAttribute('dir')).toBe('rtl');
    const browse = page.getByRole('button', { name: /تصفّح التوثيق/ });
    expect(await browse.getAttribute('aria-expanded')).toBe('false');
    await screenshot(page, 'marketing-docs-phone-ar');
    await browse.click();
    await page.getByRole('button', { name: 'البدء' }).waitFor();
    await page.getByRole('link', { name: 'التثبيت', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'التثبيت' }).waitFor();
    expect(await browse.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // Code stays left to right inside the Arabic page.
    expect(await page.locator('.doc-code').first().getAttribute('dir')).toBe('ltr');

    const phone = await newPage({ width: 375, height: 800 });
    await openIn(phone, 'en', '/documentation?page=errors-and-limits');
    await phone.getByRole('heading', { level: 1, name: 'Errors and limits' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(phone, 'marketing-docs-phone-en');

    const desktop = await newPage();
    await openIn(desktop, 'ar', '/documentation?page=installation');
    await desktop.getByRole('heading', { level: 1, name: 'التثبيت' }).waitFor();
    await screenshot(desktop, 'marketing-docs-desktop-ar');
  });

  it('loads and sends nothing to an analytics service when no tag is configured', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    await page.waitForLoadState('load');
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => 'dataLayer' in window || 'gtag' in window)).toBe(false);
    expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(0);
    expect(analyticsRequests).toEqual([]);
  });
});

describe('analytics with a configured tag', () => {
  let site: Site;

  beforeAll(async () => {
    site = await startSite({ ANALYTICS_TAG_ID: 'G-TEST123' });
  });
  afterAll(async () => {
    await site?.close();
  });

  type Command = unknown[];
  const commands = (page: Page) =>
    page.evaluate(() =>
      ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).map((entry) =>
        JSON.parse(JSON.stringify(Array.from(entry))),
      ),
    ) as Promise<Command[]>;
  const pageViews = async (page: Page) =>
    (await commands(page))
      .filter(([command, name]) => command === 'event' && name === 'page_view')
      .map(([, , params]) => params as { page_path: string; page_location: string; page_title: string });
  const waitForViews = (page: Page, count: number) =>
    page.waitForFunction(
      (expected) =>
        ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).filter(
          (entry) => entry[0] === 'event' && entry[1] === 'page_view',
        ).length === expected,
      count,
    );

  it('loads the tag after the page and sends one page view per change of route path', async () => {
    const page = await site.newPage();
    const tagRequests: string[] = [];
    // A local stand-in for the tag: it only counts that it ran; the page's own queue records the calls.
    await page.route('https://www.googletagmanager.com/**', (route) => {
      tagRequests.push(route.request().url());
      return route.fulfill({
        contentType: 'text/javascript',
        body: 'window.tagRuns = (window.tagRuns || 0) + 1;',
      });
    });
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) blocked.push(message.text());
    });

    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await waitForViews(page, 1);
    await page.waitForFunction(() => (window as unknown as { tagRuns?: number }).tagRuns === 1);
    expect(blocked).toEqual([]);
    expect(tagRequests).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-TEST123']);
    const all = await commands(page);
    expect(all).toContainEqual(['config', 'G-TEST123', { anonymize_ip: true, send_page_view: false }]);
    const [first] = await pageViews(page);
    expect(first?.page_path).toBe('/');
    expect(first?.page_location).toBe(`${site.baseUrl}/`);
    expect(first?.page_title).toBe(await page.title());

    // Another path: one more view.
    await page.getByRole('link', { name: /Get started/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Introduction' }).waitFor();
    await waitForViews(page, 2);
    // Only the search changes: no view.
    await page
      .getByRole('navigation', { name: 'Documentation pages' })
      .getByRole('link', { name: 'Installation' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Installation' }).waitFor();
    // Another path again.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    await waitForViews(page, 3);
    // Only the hash changes: no view.
    await page
      .getByRole('navigation', { name: 'Contents' })
      .getByRole('link', { name: /Your rights/ })
      .click();
    await page.waitForFunction(() => window.location.hash === '#user-rights');
    // Back to the documentation: a change of path.
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Installation' }).waitFor();
    await waitForViews(page, 4);
    await page.waitForTimeout(300);

    const views = await pageViews(page);
    expect(views.map((view) => view.page_path)).toEqual(['/', '/documentation', '/privacy-policy', '/documentation']);
    expect(views[1]?.page_title).toMatch(/^Introduction – Documentation \| /);
    expect(views[3]?.page_location).toBe(`${site.baseUrl}/documentation?page=installation`);
    // The tag script was added once, however many pages were viewed.
    expect(tagRequests).toHaveLength(1);
    expect(await page.evaluate(() => (window as unknown as { tagRuns?: number }).tagRuns)).toBe(1);
  });

  it('sends no token of a reset link to the analytics service', async () => {
    const page = await site.newPage();
    await page.route('https://www.googletagmanager.com/**', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: '' }),
    );
    await page.goto('/reset-password?token=live-reset-token');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await waitForViews(page, 1);
    const [view] = await pageViews(page);
    expect(view?.page_path).toBe('/reset-password');
    expect(view?.page_location).toBe(`${site.baseUrl}/reset-password`);
    expect(JSON.stringify(await commands(page))).not.toContain('live-reset-token');
  });
});
