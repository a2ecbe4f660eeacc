/**
 * The page's first script, kept tiny. A page the server rendered is whole before the app's code
 * runs: a visitor the browser remembers nothing about (someone arriving from a shared link, a
 * crawler) reads it without the app, whose code is fetched once the page has painted and runs at the
 * reader's first sign of using the page (web/lib/app-start.ts). For anyone else the app starts once
 * the page has painted, and the bare app shell (account and admin pages) starts at once.
 */
import './styles.css';
import { PAGE_MODULES_ELEMENT_ID, SSR_STATE_ELEMENT_ID } from '../common/ssr.js';
import { APP_LIVE_EVENT, holdEarlyActions, onReaderPresence, pageWaitsForTheReader } from './lib/app-start.js';

/** The code the page needs (the app, its route, texts), listed by the server. */
function readPageModules(): string[] {
  const json = document.getElementById(PAGE_MODULES_ELEMENT_ID)?.textContent;
  const modules: unknown = json ? JSON.parse(json) : [];
  return Array.isArray(modules) ? modules.filter((href): href is string => typeof href === 'string') : [];
}

const pageModules = readPageModules();

/** `modulepreload` fetches a module (from the cache, once prefetched) and prepares it to run; `prefetch` only fetches it. */
function appendLink(rel: 'modulepreload' | 'prefetch', href: string): void {
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  document.head.append(link);
}

let started = false;

const whenIdle: (run: () => void) => void = window.requestIdleCallback ?? ((run) => setTimeout(run, 1));

/**
 * Fetches the modules into the cache without running them, one link per idle moment: a link costs
 * the page a moment of its own (20 at once took up to 55 ms on a slow phone's processor), and in the
 * page's head the fetches would compete with its images.
 */
function prefetchWhenIdle(modules: string[]): void {
  let index = 0;
  whenIdle(function next() {
    const href = modules[index++];
    if (started || href === undefined) return;
    appendLink('prefetch', href);
    whenIdle(next);
  });
}

function start(): void {
  if (started) return;
  started = true;
  for (const href of pageModules) appendLink('modulepreload', href);
  void import('./main.js');
}

/** A tab opened in the background does not paint; its page starts all the same. */
const UNPAINTED_START_MS = 1000;

function afterFirstPaint(run: () => void): void {
  let ran = false;
  const once = () => {
    if (ran) return;
    ran = true;
    run();
  };
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(once, 0);
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(once, 0));
  }
  setTimeout(once, UNPAINTED_START_MS);
}

if (!document.getElementById(SSR_STATE_ELEMENT_ID)) {
  start();
} else if (pageWaitsForTheReader()) {
  const replayEarlyActions = holdEarlyActions();
  window.addEventListener(APP_LIVE_EVENT, replayEarlyActions, { once: true });
  onReaderPresence(start);
  afterFirstPaint(() => prefetchWhenIdle(pageModules));
} else {
  afterFirstPaint(start);
}
