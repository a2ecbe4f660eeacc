import type { Locale } from '../../../common/account-rules.js';
import type { CardPage } from './texts.js';

const withQuery = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query)}`;

/** Where a page's share card is (routes.ts): og:image and twitter:image give its absolute URL. */
export const shareCardPaths = {
  /** A paper's card names its cover's version, so an edit gives the card another URL. */
  paper: (arxivId: string, version: string, lang: Locale) =>
    withQuery(`/api/share-cards/papers/${encodeURIComponent(arxivId)}`, { lang, v: version }),
  post: (id: string, lang: Locale) => withQuery(`/api/share-cards/posts/${encodeURIComponent(id)}`, { lang }),
  page: (page: CardPage, lang: Locale) => withQuery(`/api/share-cards/pages/${page}`, { lang }),
};
