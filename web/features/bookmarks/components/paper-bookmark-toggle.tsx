import { useBookmarks } from '../use-bookmarks.js';
import { BookmarkToggle } from './bookmark-toggle.js';

/**
 * The paper page's toggle, with its name shown: it loads the reader's bookmarks itself, where the
 * digest loads them once for all its cards.
 */
export function PaperBookmarkToggle({ readerId, arxivId }: { readerId: number; arxivId: string }) {
  useBookmarks(readerId);
  return <BookmarkToggle readerId={readerId} arxivId={arxivId} labelled />;
}
