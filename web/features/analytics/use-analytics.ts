import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { siteConfig } from '../../lib/site-config.js';
import type { Analytics, PageViewLocation } from './analytics.js';

let analytics: Promise<Analytics | null> | null = null;

/**
 * One set-up per page load, however often the layout mounts (StrictMode mounts it twice). The code
 * loads only on sites that configured a tag, so the others do not carry it.
 */
function getAnalytics(tagId: string): Promise<Analytics | null> {
  analytics ??= import('./analytics.js').then(({ createAnalytics }) => createAnalytics(tagId));
  return analytics;
}

/**
 * Reports a page view for the first page and for every change of route path; changes of only the
 * search or the hash (a documentation page's section, a contents link) are not new pages. Called
 * once, in the root layout. Effects of the page run before this one, so the page has set its title.
 */
export function useAnalyticsPageViews(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const tagId = siteConfig.analyticsTagId;
    if (!tagId) return;
    // Read now: by the time the code has loaded the reader may be on another page.
    const location: PageViewLocation = { pathname, href: window.location.href, title: document.title };
    getAnalytics(tagId)
      .then((instance) => instance?.pageView(location))
      .catch((error: unknown) => console.error('Analytics failed to start', error));
  }, [pathname]);
}
