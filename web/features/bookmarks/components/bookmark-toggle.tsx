import { Bookmark, BookmarkCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { useTranslation } from '../../../lib/i18n.js';
import { useBookmarkToggle } from '../use-bookmark-change.js';

interface BookmarkToggleProps {
  /** The signed-in reader: only readers have bookmarks. */
  readerId: number;
  arxivId: string;
}

/** Titled Bookmark or Un-bookmark; it waits for the reader's list, so it never offers the wrong one. */
export function BookmarkToggle({ readerId, arxivId }: BookmarkToggleProps) {
  const { t } = useTranslation();
  const { ready, bookmarked, pending, toggle } = useBookmarkToggle(readerId, arxivId);
  const label = bookmarked ? t('bookmark.remove') : t('bookmark.add');
  const Icon = bookmarked ? BookmarkCheck : Bookmark;
  return (
    <Button
      variant="ghost"
      size="icon"
      title={label}
      aria-pressed={bookmarked}
      disabled={!ready || pending}
      onClick={toggle}
    >
      <Icon className={`size-5 ${bookmarked ? 'fill-indigo-100 text-indigo-700' : ''}`} aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </Button>
  );
}
