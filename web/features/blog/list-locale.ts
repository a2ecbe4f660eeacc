import { useEffect } from 'react';
import { type LoaderFunction, redirect, useNavigate } from 'react-router';
import { useCurrentLocale } from '../../components/ui/language-trigger.js';
import { changeLocale, DEFAULT_LOCALE, i18n, isLocale, type Locale } from '../../lib/i18n.js';
import type { ServerLoadContext } from '../../lib/ssr.js';
import { type BlogCategory, blogListPath, isBlogCategory } from './posts.js';

function uiLocale(): Locale {
  return isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LOCALE;
}

/** Only the category survives a change of language: page and search belong to the other list. */
function categorySearch(category: BlogCategory | null): string {
  return category ? `?${new URLSearchParams({ category })}` : '';
}

/**
 * Keeps the list's language and the UI language equal (our choice; SPEC §2 names both lists but
 * not how they meet the language switcher):
 * - /{locale}/blogs, an explicit language, switches the UI to that language (and remembers it);
 * - /blogs, the blog's plain address, sends a reader whose UI is in another language to that
 *   language's list, so a link to "the blog" opens it in the reader's language.
 */
export function blogListLoader(locale: Locale): LoaderFunction {
  return async ({ request, context }) => {
    // The server renders in the language of the path or the locale cookie (web/entry-server.tsx).
    const current = import.meta.env.SSR ? (context as ServerLoadContext).locale : uiLocale();
    if (current === locale) return null;
    if (locale === DEFAULT_LOCALE) {
      const category = new URL(request.url).searchParams.get('category');
      return redirect(blogListPath(current) + categorySearch(isBlogCategory(category) ? category : null));
    }
    if (import.meta.env.SSR) return null;
    try {
      await changeLocale(locale);
    } catch (error) {
      console.error('Failed to change language', error);
    }
    return null;
  };
}

/**
 * The other half: choosing a language in the switcher while on a list opens that language's list,
 * in place of this one in the history.
 */
export function useListFollowsLanguage(listLocale: Locale, category: BlogCategory | null): void {
  const current = useCurrentLocale();
  const navigate = useNavigate();
  useEffect(() => {
    if (current !== listLocale) {
      navigate(blogListPath(current) + categorySearch(category), { replace: true });
    }
  }, [current, listLocale, category, navigate]);
}
