import { Bookmark, BookmarkCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { useTranslation } from '../../../lib/i18n.js';
import { useBookmarkToggle } from '../use-bookmark-change.js';

interface BookmarkToggleProps {
  /** The signed-in reader: only readers have bookmarks. */
  readerId: number;
  arxivId: string;
  /** Shows its name beside the icon, as on the paper page; a card shows the icon alone. */
  labelled?: boolean;
}

/** Titled Bookmark or Un-bookmark; it waits for the reader's list, so it never offers the wrong one. */
export function BookmarkToggle({ readerId, arxivId, labelled = false }: BookmarkToggleProps) {
  const { t } = useTranslation();
  const { ready, bookmarked, pending, toggle } = useBookmarkToggle(readerId, arxivId);
  const label = bookmarked ? t('bookmark.remove') : t('bookmark.add');
  const Icon = bookmarked ? BookmarkCheck : Bookmark;
  return (
    <Button
      variant={labelled ? 'secondary' : 'ghost'}
      size={labelled ? 'md' : 'icon'}
      title={label}
      aria-pressed={bookmarked}
      disabled={!ready || pending}
      onClick={toggle}
    >
      <Icon
        className={`${labelled ? 'size-4' : 'size-5'} ${bookmarked ? 'fill-indigo-100 text-indigo-700' : ''}`}
        aria-hidden="true"
      />
      <span className={labelled ? undefined : 'sr-only'}>{label}</span>
    </Button>
  );
}
