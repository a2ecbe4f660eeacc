import { createContext, useContext, useEffect } from 'react';
import { siteConfig } from './site-config.js';

/**
 * Where a page leaves its title and description while the server renders it (effects do not run
 * there), so that the HTML's head says what the page itself says. Null in the browser.
 */
export interface DocumentHead {
  title?: string;
  description?: string;
}

export const DocumentHeadContext = createContext<DocumentHead | null>(null);

/** "{title} | {siteName}", or the site name alone without a title. */
function documentTitle(title: string | null | undefined): string {
  return title ? `${title} | ${siteConfig.siteName}` : siteConfig.siteName;
}

/** Sets the tab title to "{title} | {siteName}", or the site name alone without a title. */
export function useDocumentTitle(title: string | null | undefined): void {
  const head = useContext(DocumentHeadContext);
  if (head) head.title = documentTitle(title);
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

function descriptionElement(): HTMLMetaElement {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  return meta;
}

/**
 * Sets the tab title (as useDocumentTitle) and the meta description of a page. The description
 * the page found is put back when it unmounts, so pages that set none keep the server's one.
 */
export function useDocumentMeta(title: string | null | undefined, description: string): void {
  useDocumentTitle(title);
  const head = useContext(DocumentHeadContext);
  if (head) head.description = description;
  useEffect(() => {
    const meta = descriptionElement();
    const previous = meta.content;
    meta.content = description;
    return () => {
      meta.content = previous;
    };
  }, [description]);
}
