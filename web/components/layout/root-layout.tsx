import { Outlet, ScrollRestoration } from 'react-router';
import { useAnalyticsPageViews } from '../../features/analytics/use-analytics.js';
import { useTranslation } from '../../lib/i18n.js';
import { useAddressNamesLanguage } from '../../lib/localized-links.js';
import { MAIN_CONTENT_ID } from './page-shell.js';

/** Frame of every page: skip link, the routed page and scroll restoration between pages. */
export function RootLayout() {
  const { t } = useTranslation();
  useAnalyticsPageViews();
  useAddressNamesLanguage();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-medium text-indigo-800 shadow focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
      >
        {t('common.skipToContent')}
      </a>
      <Outlet />
      {/* A fresh page load has the key "default"; keyed by path it no longer inherits another page's scroll. */}
      <ScrollRestoration getKey={(location) => (location.key === 'default' ? location.pathname : location.key)} />
    </div>
  );
}

/** Shown while the first page's code loads, before anything else can render. */
export function RootHydrateFallback() {
  return <div className="min-h-dvh" aria-busy="true" />;
}
