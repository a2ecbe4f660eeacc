import type { Locale } from './account-rules.js';
import { addressIn } from './locale-path.js';
import { isPublicPagePath } from './routes.js';

/**
 * The language switcher's move: a public page's address (with its search and fragment) in that
 * language; any other address is left as it is, since account and admin pages have one.
 */
export function localizedAddress(to: string, locale: Locale): string {
  const cut = to.search(/[?#]/);
  return isPublicPagePath(cut === -1 ? to : to.slice(0, cut)) ? addressIn(to, locale) : to;
}
