import { useEffect } from 'react';
import { siteConfig } from './site-config.js';

/** Sets the tab title to "{title} | {siteName}", or the site name alone without a title. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | ${siteConfig.siteName}` : siteConfig.siteName;
  }, [title]);
}
