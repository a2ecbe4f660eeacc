import { useEffect } from 'react';
import { siteConfig } from './site-config.js';

/** Sets the tab title to "{title} | {siteName}", or the site name alone without a title. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | ${siteConfig.siteName}` : siteConfig.siteName;
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
  useEffect(() => {
    const meta = descriptionElement();
    const previous = meta.content;
    meta.content = description;
    return () => {
      meta.content = previous;
    };
  }, [description]);
}
