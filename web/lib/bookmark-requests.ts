import type { Bookmark } from '../../common/bookmarks.js';
import { apiGet, apiSend, encodePathId } from './api-client.js';

/**
 * The bookmark calls, shared by the readers' bookmarks feature and the admin screens ('Add to
 * bookmarks' when scraping or queueing, Add/Remove Bookmark on the edit form).
 */

/** GET /bookmarks: the signed-in user's bookmarks, newest first. */
export function fetchBookmarks(signal?: AbortSignal): Promise<Bookmark[]> {
  return apiGet<Bookmark[]>('/bookmarks', signal);
}

/** POST /bookmarks/{arxivId}: answers the new bookmark; 409 when it exists already. */
export const addBookmark = (arxivId: string) => apiSend<Bookmark>('POST', `/bookmarks/${encodePathId(arxivId)}`);

/** DELETE /bookmarks/{id}: answers the removed bookmark. */
export const removeBookmark = (id: number) => apiSend<Bookmark>('DELETE', `/bookmarks/${id}`);
