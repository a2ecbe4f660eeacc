import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.js';
import { useTranslation } from '../../../lib/i18n.js';
import { useLocalizedAddress } from '../../../lib/localized-links.js';
import { useHydrated } from '../../../lib/ssr.js';
import { digestListPath, readDigestListPosition, readOpenedPaper, returnsToBookmarks } from '../navigation-state.js';

/**
 * Back to the bookmarks page when the paper was opened from there, else back to the digest where
 * the reader was: its page, category and search, scrolled to the card they opened. A link, so it
 * opens in a new tab too. The server knows neither and renders the way to the digest; the browser
 * then makes it precise from what this tab remembers.
 */
export function BackToListLink() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const localized = useLocalizedAddress();
  const toBookmarks = hydrated && returnsToBookmarks();
  let to = localized('/ai-digest');
  if (toBookmarks) to = '/bookmarks';
  else if (hydrated) to = localized(digestListPath(readDigestListPosition(), readOpenedPaper()));
  return (
    <Link to={to} className={buttonClasses('ghost', 'md', '-ms-3')}>
      <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
      {toBookmarks ? t('paper.backToBookmarks') : t('paper.backToDigest')}
    </Link>
  );
}
