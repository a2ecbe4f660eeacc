import { BookmarkX } from 'lucide-react';
import type { Bookmark } from '../../../../common/bookmarks.js';
import { Button } from '../../../components/ui/button.js';
import { useTranslation } from '../../../lib/i18n.js';
import { useRemoveBookmark } from '../use-bookmark-change.js';

interface RemoveBookmarkButtonProps {
  readerId: number;
  bookmark: Bookmark;
}

/** The card leaves the bookmarks page only once the server has removed its bookmark. */
export function RemoveBookmarkButton({ readerId, bookmark }: RemoveBookmarkButtonProps) {
  const { t } = useTranslation('bookmarks');
  const { pending, remove } = useRemoveBookmark(readerId);
  return (
    <Button variant="ghost" size="icon" title={t('remove')} disabled={pending} onClick={() => remove(bookmark)}>
      <BookmarkX className="size-5 text-red-700" aria-hidden="true" />
      <span className="sr-only">{t('remove')}</span>
    </Button>
  );
}
