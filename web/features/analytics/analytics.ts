/**
 * Page-view analytics with a Google-tag-style service (SPEC §9): one tag id, the IP anonymised, no
 * automatic page view; the page sends one page_view per route path. Nothing here runs, loads or
 * sends anything unless the operator configured a tag id.
 */
export const TAG_SCRIPT_ORIGIN = 'https://www.googletagmanager.com';

export function tagScriptUrl(tagId: string): string {
  return `${TAG_SCRIPT_ORIGIN}/gtag/js?id=${encodeURIComponent(tagId)}`;
}

export interface PageViewLocation {
  pathname: string;
  /** The full address, sent as page_location without its secrets. */
  href: string;
  title: string;
}

export interface Analytics {
  /** Sends a page_view unless the path is the one reported last; answers whether it sent one. */
  pageView(location: PageViewLocation): boolean;
}

type Gtag = (...args: unknown[]) => void;

interface AnalyticsWindow {
  dataLayer?: unknown[];
  gtag?: Gtag;
}

/** Parameter names of secrets: verification and reset tokens, and any access token a link may carry. */
const SECRET_PARAM = /token/i;

function withoutSecretParams(params: string): string {
  const kept = new URLSearchParams(params);
  for (const name of [...kept.keys()]) if (SECRET_PARAM.test(name)) kept.delete(name);
  return kept.toString();
}

/**
 * The address without its secrets: a live reset or verification link must never reach the analytics
 * service. Parameters named like a token leave the search and any hash written as parameters; a
 * plain hash (a section of the page) stays.
 */
export function withoutSecrets(href: string): string {
  const url = new URL(href);
  url.search = withoutSecretParams(url.search);
  const hash = url.hash.slice(1);
  if (hash.includes('=')) url.hash = withoutSecretParams(hash);
  return url.href;
}

/** Remembers the last path, so search or hash changes and repeated renders send nothing. */
export function createPageViewTracker(send: (location: PageViewLocation) => void): Analytics {
  let lastPath: string | null = null;
  return {
    pageView(location) {
      if (location.pathname === lastPath) return false;
      lastPath = location.pathname;
      send(location);
      return true;
    },
  };
}

/** Runs work once the page has loaded and the browser is idle, so the tag never delays the page. */
function afterLoad(win: Window, work: () => void): void {
  const whenIdle = () => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(work, { timeout: 3000 });
    else win.setTimeout(work, 0);
  };
  if (win.document.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
}

/**
 * Sets up the command queue the tag reads (window.dataLayer and gtag), configures the tag and adds
 * its script after the page has loaded. Answers null, and touches nothing, without a tag id.
 */
export function createAnalytics(tagId: string | null | undefined, win: Window = window): Analytics | null {
  if (!tagId) return null;
  const target = win as Window & AnalyticsWindow;
  target.dataLayer ??= [];
  const dataLayer = target.dataLayer;
  // gtag.js reads Arguments objects from the queue, exactly as its own snippet pushes them.
  target.gtag ??= function gtag() {
    // biome-ignore lint/complexity/noArguments: the tag only understands the arguments object.
    dataLayer.push(arguments);
  };
  const gtag = target.gtag;
  gtag('js', new Date());
  gtag('config', tagId, { anonymize_ip: true, send_page_view: false });

  afterLoad(win, () => {
    const script = win.document.createElement('script');
    script.async = true;
    script.src = tagScriptUrl(tagId);
    win.document.head.append(script);
  });

  return createPageViewTracker(({ pathname, href, title }) => {
    const location = withoutSecrets(href);
    // Set for every later event too: the tag's own events (scrolls, form starts) would read the address bar.
    gtag('set', { page_location: location });
    gtag('event', 'page_view', { page_path: pathname, page_location: location, page_title: title });
  });
}
