import type { Bookmark } from '../../common/bookmarks.js';
import { ApiRequestError, apiGet, apiSend, encodePathId } from './api-client.js';

/**
 * The bookmark calls the admin screens make for the signed-in admin (SPEC §7 Bookmarks): 'Add to
 * bookmarks' when scraping or queueing, and Add/Remove Bookmark on the edit form.
 */

/** GET /bookmarks: the signed-in user's bookmarks. */
export function fetchBookmarks(signal?: AbortSignal): Promise<Bookmark[]> {
  return apiGet<Bookmark[]>('/bookmarks', signal);
}

/** POST /bookmarks/{arxivId}: 'added', or 'already' when the server answers 409; other failures throw. */
export async function bookmarkPaper(arxivId: string): Promise<'added' | 'already'> {
  try {
    await apiSend<Bookmark>('POST', `/bookmarks/${encodePathId(arxivId)}`);
    return 'added';
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 409) return 'already';
    throw error;
  }
}

/** DELETE /bookmarks/{id}. */
export function removeBookmark(id: number): Promise<Bookmark> {
  return apiSend<Bookmark>('DELETE', `/bookmarks/${id}`);
}
