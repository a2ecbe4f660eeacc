/**
 * The page's first script, kept tiny. A page the server rendered is readable before the app's code
 * arrives, so that code is fetched once the page has painted, leaving a slow connection to the
 * page's text, styles and images first; the bare app shell (account and admin pages) starts at once.
 */
import './styles.css';
import { PAGE_MODULES_ELEMENT_ID, SSR_STATE_ELEMENT_ID } from '../common/ssr.js';

/** The code the page needs (its route, texts), listed by the server, fetched in parallel with the app. */
function preloadPageModules(): void {
  const json = document.getElementById(PAGE_MODULES_ELEMENT_ID)?.textContent;
  const modules: unknown = json ? JSON.parse(json) : [];
  if (!Array.isArray(modules)) return;
  for (const href of modules) {
    if (typeof href !== 'string') continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}

function start(): void {
  preloadPageModules();
  void import('./main.js');
}

/** A tab opened in the background does not paint; its page starts all the same. */
const UNPAINTED_START_MS = 1000;

function afterFirstPaint(run: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
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

if (document.getElementById(SSR_STATE_ELEMENT_ID)) afterFirstPaint(start);
else start();
