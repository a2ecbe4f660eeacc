/**
 * The contract between the server and the server-rendering bundle built from web/entry-server.tsx
 * (dist/ssr/entry-server.js). Types and constants only, so the web bundle can import it.
 */
import type { Locale } from './account-rules.js';

/** The site configuration the pages read (DESIGN.md §3), as the server validated it. */
export interface PublicSiteConfig {
  siteName: string;
  repositoryUrl: string;
  contactEmail: string;
  discordUrl: string;
  bannerText: string;
  /** The banner's text on Arabic pages; null shows bannerText there, marked as English. */
  bannerTextAr: string | null;
  bannerUrl: string;
  analyticsTagId: string | null;
}

/** The initiative banner's placeholder text, in both languages, until the operator sets their own. */
export const DEFAULT_BANNER_TEXT = 'We support the Agent Interoperability Initiative';
export const DEFAULT_BANNER_TEXT_AR = 'نحن ندعم مبادرة التشغيل البيني للوكلاء';

/** Id of the JSON data block that carries the rendered page's state to the browser for hydration. */
export const SSR_STATE_ELEMENT_ID = 'ssr-state';

/** Id of the JSON list of the modules a rendered page needs, which web/boot.ts fetches after painting. */
export const PAGE_MODULES_ELEMENT_ID = 'page-modules';

/**
 * Cookie mirroring the chosen language (localStorage `locale`), so the server renders a page in
 * the reader's language instead of rendering English and switching after load.
 */
export const LOCALE_COOKIE = 'locale';

/** A rendered page; `shell` leaves the page to the browser (the bare app, as without a renderer). */
export type RenderedPage =
  | {
      kind: 'page';
      html: string;
      state: string;
      locale: Locale;
      /** The document title and description the page set, when it set them. */
      title?: string;
      description?: string;
    }
  | { kind: 'shell' }
  | { kind: 'redirect'; location: string; status: number };

export interface PageRendererOptions {
  site: PublicSiteConfig;
  /** Answers the page's data requests (/api/…, /blogsFolder/…) from the app itself. */
  fetch: typeof fetch;
}

/** Renders the page at `url` (path and search) in `locale`: its HTML and its state for hydration. */
export type PageRenderer = (url: string, locale: Locale) => Promise<RenderedPage>;

export interface SsrEntry {
  createPageRenderer(options: PageRendererOptions): PageRenderer;
}

/** What the browser finds in the ssr-state block. */
export interface SsrState<RouterState = unknown, QueryState = unknown> {
  locale: Locale;
  router: RouterState;
  queries: QueryState;
}
