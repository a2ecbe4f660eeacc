import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { onTestFinished } from 'vitest';
import { freePort, type RunningServer, startDemoServer } from '../../scripts/lib/production-server.js';

/**
 * A server-rendered page shows before its code runs; for a visitor the browser remembers nothing
 * about, the app runs at their first move (web/lib/app-start.ts). So a loaded page is used as a
 * reader would: the pointer moves onto it, and the test goes on once the app has taken the page over
 * (it then removes the page's state block). Tests of the page before that open a context of their own.
 */
function waitsForTheApp(page: Page): Page {
  let pointerX = 0;
  const untilLive = async () => {
    // Each move goes somewhere new, or the browser reports none.
    pointerX = (pointerX % 50) + 1;
    await page.mouse.move(pointerX, 1);
    await page.waitForFunction(() => !document.getElementById('ssr-state'));
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await untilLive();
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await untilLive();
    return response;
  };
  return page;
}

export interface PageOptions {
  width?: number;
  height?: number;
  /**
   * Console errors the test provokes on purpose (a refused sign-in logs its 401), each matched by
   * its text. Any other console error, and any uncaught error, fails the test.
   */
  allowedErrors?: RegExp[];
}

/**
 * Fails the running test if any page of the context threw or logged an error it did not allow,
 * and closes the context with the test, so nothing of one test's pages reaches the next.
 */
function failOnPageErrors(context: BrowserContext, allowedErrors: RegExp[]): void {
  const problems: string[] = [];
  context.on('weberror', (error) => problems.push(`uncaught in ${error.page()?.url()}: ${error.error().message}`));
  context.on('console', (message) => {
    if (message.type() !== 'error' || allowedErrors.some((allowed) => allowed.test(message.text()))) return;
    problems.push(`console error in ${message.page()?.url()}: ${message.text()}`);
  });
  onTestFinished(async () => {
    await context.close().catch(() => {});
    if (problems.length > 0) throw new Error(`The page reported errors:\n${problems.join('\n')}`);
  });
}

export interface Site {
  baseUrl: string;
  /** The server's DATA_DIR (SQLite database, uploads), for tools such as the create-admin CLI. */
  dataDir: string;
  server: RunningServer;
  browser: Browser;
  /** A page in a context of its own, which fails the test on page errors (see PageOptions) and closes with it. */
  newPage(options?: PageOptions): Promise<Page>;
  close(): Promise<void>;
}

/**
 * The production build on a fresh SQLite database, seeded with the demo papers as `npm start` does,
 * driven by Debian's Chromium. PUBLIC_URL is the site's own address, so links in mail lead back to it.
 * `args` are the server's. By default it serves as a web process alone: with the queue worker
 * (`--role=all`) it would also embed every demo paper in the background, a couple of minutes of CPU
 * that only the tests of the worker's own work need.
 */
export async function startSite(env: Record<string, string> = {}, args: string[] = ['--role=web']): Promise<Site> {
  const port = await freePort();
  const server = await startDemoServer(
    {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    args,
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  return {
    baseUrl: server.baseUrl,
    dataDir: server.dataDir,
    server,
    browser,
    async newPage({ width = 1280, height = 900, allowedErrors = [] } = {}) {
      const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width, height } });
      failOnPageErrors(context, allowedErrors);
      return waitsForTheApp(await context.newPage());
    },
    async close() {
      await browser.close();
      await server.stop();
    },
  };
}
