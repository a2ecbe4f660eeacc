import { Languages } from 'lucide-react';
import { type MouseEvent, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isClientRoute } from '../../../../common/routes.js';
import { textDirection, useTranslation } from '../../../lib/i18n.js';
import type { DocPage } from '../front-matter.js';
import { keepInView } from '../keep-in-view.js';

interface DocArticleProps {
  page: DocPage;
  /** The reader's language, which differs from the page's when the page is shown untranslated. */
  locale: string;
}

/** The page's HTML, rendered at build time from the repository's own Markdown with raw HTML escaped. */
function DocHtml({ html, onClick }: { html: string; onClick: (event: MouseEvent<HTMLElement>) => void }) {
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted build output of our own Markdown, raw HTML escaped.
    // biome-ignore lint/a11y/noStaticElementInteractions: only routes the clicks of the links inside.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the links inside handle Enter themselves.
    <div className="doc-content mt-6" onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}

function isPlainLeftClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * One rendered page. Links inside the page to this site (other documentation pages, sections of this
 * one) navigate within the app; a fragment in the address scrolls to its heading and focuses it once
 * the page is there.
 */
export function DocArticle({ page, locale }: DocArticleProps) {
  const { t } = useTranslation('docs');
  const navigate = useNavigate();
  const { hash } = useLocation();
  const articleRef = useRef<HTMLElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const shownSlug = useRef<string | null>(null);

  useEffect(() => {
    const article = articleRef.current;
    if (!article) return;
    const firstShow = shownSlug.current === null;
    const newPage = shownSlug.current !== page.slug;
    shownSlug.current = page.slug;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target && article.contains(target)) {
      target.scrollIntoView({ block: 'start' });
      target.focus({ preventScroll: true });
      return keepInView(target);
    }
    // After a move to another page, the reader lands on its title unless the focus is still on a
    // visible sidebar link (keyboard readers going through the list keep their place).
    const focused = document.activeElement;
    const focusLost = !focused || focused === document.body || article.contains(focused);
    if (newPage && !firstShow && focusLost) titleRef.current?.focus({ preventScroll: true });
  }, [page.slug, hash]);

  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || !isPlainLeftClick(event)) return;
    const anchor = (event.target as Element).closest('a');
    if (!anchor || anchor.target === '_blank') return;
    const href = anchor.getAttribute('href') ?? '';
    if (href.startsWith('#')) {
      event.preventDefault();
      navigate({ search: window.location.search, hash: href }, { preventScrollReset: true });
    } else if (href.startsWith('/') && !href.startsWith('//') && isClientRoute(href.split(/[?#]/)[0] ?? '')) {
      // Pages of the app open in place; the site's other paths (the API reference, feeds) load from the server.
      event.preventDefault();
      navigate(href);
    }
  };

  const untranslated = page.locale !== locale;
  return (
    <article
      ref={articleRef}
      lang={page.locale}
      dir={textDirection(page.locale === 'ar' ? 'ar' : 'en')}
      className="min-w-0"
    >
      {untranslated && (
        <p
          lang={locale}
          dir={textDirection(locale === 'ar' ? 'ar' : 'en')}
          className="mb-6 flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <Languages className="mt-0.5 size-4 shrink-0" />
          {t('untranslated')}
        </p>
      )}
      <h1
        ref={titleRef}
        tabIndex={-1}
        className="text-3xl font-extrabold tracking-tight text-slate-900 outline-none sm:text-4xl"
      >
        {page.title}
      </h1>
      <DocHtml html={page.html} onClick={onClick} />
    </article>
  );
}
