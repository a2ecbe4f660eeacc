import type { Bookmark } from '../../common/bookmarks.js';
import { ApiRequestError, apiGet, apiSend, encodePathId } from './api-client.js';

/**
 * The bookmark calls (SPEC §7 Bookmarks), shared by the readers' bookmarks and the admin screens
 * ('Add to bookmarks' when scraping or queueing, Add/Remove Bookmark on the edit form).
 */

/** GET /bookmarks: the signed-in user's bookmarks, newest first. */
export function fetchBookmarks(signal?: AbortSignal): Promise<Bookmark[]> {
  return apiGet<Bookmark[]>('/bookmarks', signal);
}

/** POST /bookmarks/{arxivId}: answers the new bookmark; 409 when it exists already. */
export const addBookmark = (arxivId: string) => apiSend<Bookmark>('POST', `/bookmarks/${encodePathId(arxivId)}`);

/** DELETE /bookmarks/{id}: answers the removed bookmark. */
export const removeBookmark = (id: number) => apiSend<Bookmark>('DELETE', `/bookmarks/${id}`);

/** Adds a bookmark: 'added', or 'already' when the server answers 409; other failures throw. */
export async function bookmarkPaper(arxivId: string): Promise<'added' | 'already'> {
  try {
    await addBookmark(arxivId);
    return 'added';
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 409) return 'already';
    throw error;
  }
}
