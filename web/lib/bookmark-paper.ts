import { ApiRequestError } from './api-client.js';
import { addBookmark } from './bookmark-requests.js';

/**
 * Adds a bookmark for the admin screens ('Add to bookmarks', Add Bookmark): 'added', or 'already'
 * when the server answers 409; other failures throw.
 */
export async function bookmarkPaper(arxivId: string): Promise<'added' | 'already'> {
  try {
    await addBookmark(arxivId);
    return 'added';
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 409) return 'already';
    throw error;
  }
}
